/// Splits an expression into tokens: numbers (`12`, `3.5`), strings (`"a"` or `'a'`, with `\`
/// escapes), names (`offer.tour_price`, `and`), and the symbols `+ - * / % == != < <= > >= ( ) ,`.
struct ExpressionLexer {
  /// Expressions longer than this are refused (a schema comes from the network).
  static let maximumLength = 4_096

  private let characters: [Character]
  private var index = 0

  init(_ source: String) {
    self.characters = Array(source)
  }

  /// All the tokens, ending with `.end`; a bad character throws at its position.
  static func tokens(_ source: String) throws(ExpressionSyntaxError) -> [ExpressionToken] {
    var lexer = ExpressionLexer(source)
    guard lexer.characters.count <= maximumLength else {
      throw ExpressionSyntaxError(
        position: maximumLength + 1, problem: .tooLong(limit: maximumLength))
    }
    var tokens: [ExpressionToken] = []
    while true {
      let token = try lexer.next()
      tokens.append(token)
      if token.kind == .end { return tokens }
    }
  }

  private mutating func next() throws(ExpressionSyntaxError) -> ExpressionToken {
    while index < characters.count, characters[index].isWhitespace { index += 1 }
    let position = index + 1
    guard index < characters.count else { return ExpressionToken(kind: .end, position: position) }
    let character = characters[index]
    if character.isASCII, character.isNumber {
      return ExpressionToken(kind: .number(try number()), position: position)
    }
    if character == "\"" || character == "'" {
      return ExpressionToken(kind: .string(try string(quote: character)), position: position)
    }
    if ExpressionLexer.isNameStart(character) {
      return ExpressionToken(kind: .name(name()), position: position)
    }
    let pair = index + 1 < characters.count ? String([character, characters[index + 1]]) : ""
    if ["==", "!=", "<=", ">="].contains(pair) {
      index += 2
      return ExpressionToken(kind: .symbol(pair), position: position)
    }
    if "+-*/%<>(),".contains(character) {
      index += 1
      return ExpressionToken(kind: .symbol(String(character)), position: position)
    }
    if character == "=" {
      throw ExpressionSyntaxError(position: position, problem: .singleEquals)
    }
    throw ExpressionSyntaxError(position: position, problem: .unexpectedCharacter(character))
  }

  private mutating func number() throws(ExpressionSyntaxError) -> Double {
    let start = index
    while index < characters.count, characters[index].isASCII, characters[index].isNumber {
      index += 1
    }
    if index < characters.count, characters[index] == "." {
      index += 1
      let fractionStart = index
      while index < characters.count, characters[index].isASCII, characters[index].isNumber {
        index += 1
      }
      guard index > fractionStart else {
        throw ExpressionSyntaxError(position: index + 1, problem: .digitsExpectedAfterPoint)
      }
    }
    if index < characters.count, ExpressionLexer.isNameStart(characters[index]) {
      throw ExpressionSyntaxError(
        position: index + 1, problem: .unexpectedCharacterInNumber(characters[index]))
    }
    guard let value = Double(String(characters[start..<index])), value.isFinite else {
      throw ExpressionSyntaxError(position: start + 1, problem: .numberTooLarge)
    }
    return value
  }

  private mutating func string(quote: Character) throws(ExpressionSyntaxError) -> String {
    let start = index
    index += 1
    var text = ""
    while index < characters.count {
      let character = characters[index]
      index += 1
      if character == quote { return text }
      if character == "\\" {
        guard index < characters.count else { break }
        text.append(characters[index])
        index += 1
      } else {
        text.append(character)
      }
    }
    throw ExpressionSyntaxError(position: start + 1, problem: .unterminatedString)
  }

  private mutating func name() -> String {
    let start = index
    while index < characters.count {
      let character = characters[index]
      if ExpressionLexer.isNamePart(character) {
        index += 1
      } else if character == ".", index + 1 < characters.count,
        ExpressionLexer.isNameStart(characters[index + 1])
      {
        index += 1
      } else {
        break
      }
    }
    return String(characters[start..<index])
  }

  /// A letter (ASCII) or `_`.
  static func isNameStart(_ character: Character) -> Bool {
    character == "_" || (character.isASCII && character.isLetter)
  }

  /// A letter or digit (ASCII) or `_`.
  static func isNamePart(_ character: Character) -> Bool {
    isNameStart(character) || (character.isASCII && character.isNumber)
  }
}

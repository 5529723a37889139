/// Parses the expression language into ``ExpressionSyntax``.
///
/// ```
/// expression := or
/// or         := and ("or" and)*
/// and        := not ("and" not)*
/// not        := "not" not | comparison
/// comparison := sum (("==" | "!=" | "<" | "<=" | ">" | ">=") sum)?
/// sum        := product (("+" | "-") product)*
/// product    := unary (("*" | "/" | "%") unary)*
/// unary      := "-" unary | primary
/// primary    := number | string | "true" | "false" | name | name "(" arguments ")"
///             | "(" expression ")"
/// ```
struct ExpressionParser {
  /// Deeper nesting is refused, so a hostile schema cannot exhaust the stack.
  static let maximumDepth = 64

  private static let keywords: Set<String> = ["and", "or", "not", "true", "false"]

  private let tokens: [ExpressionToken]
  private var index = 0
  private var depth = 0

  private init(tokens: [ExpressionToken]) { self.tokens = tokens }

  /// Parses `source` whole.
  static func parse(_ source: String) throws(ExpressionSyntaxError) -> ExpressionSyntax {
    var parser = ExpressionParser(tokens: try ExpressionLexer.tokens(source))
    if parser.current.kind == .end {
      throw ExpressionSyntaxError(position: 1, problem: .empty)
    }
    let expression = try parser.expression()
    guard parser.current.kind == .end else {
      throw parser.unexpected(.endOfExpression)
    }
    return expression
  }

  // MARK: - Grammar

  private mutating func expression() throws(ExpressionSyntaxError) -> ExpressionSyntax {
    depth += 1
    defer { depth -= 1 }
    guard depth <= ExpressionParser.maximumDepth else {
      throw ExpressionSyntaxError(
        position: current.position, problem: .nestedTooDeep(limit: ExpressionParser.maximumDepth))
    }
    return try or()
  }

  private mutating func or() throws(ExpressionSyntaxError) -> ExpressionSyntax {
    var left = try and()
    while isKeyword("or") {
      advance()
      left = .or(left, try and())
    }
    return left
  }

  private mutating func and() throws(ExpressionSyntaxError) -> ExpressionSyntax {
    var left = try not()
    while isKeyword("and") {
      advance()
      left = .and(left, try not())
    }
    return left
  }

  private mutating func not() throws(ExpressionSyntaxError) -> ExpressionSyntax {
    guard isKeyword("not") else { return try comparison() }
    let position = current.position
    advance()
    depth += 1
    defer { depth -= 1 }
    guard depth <= ExpressionParser.maximumDepth else {
      throw ExpressionSyntaxError(position: position, problem: .tooManyNotInARow)
    }
    return .not(try not(), position: position)
  }

  private mutating func comparison() throws(ExpressionSyntaxError) -> ExpressionSyntax {
    let left = try sum()
    guard let (operation, position) = binaryOperator(in: ["==", "!=", "<", "<=", ">", ">="])
    else { return left }
    let right = try sum()
    if binaryOperator(in: ["==", "!=", "<", "<=", ">", ">="]) != nil {
      index -= 1
      throw ExpressionSyntaxError(position: current.position, problem: .chainedComparison)
    }
    return .binary(operation, left, right, position: position)
  }

  private mutating func sum() throws(ExpressionSyntaxError) -> ExpressionSyntax {
    var left = try product()
    while let (operation, position) = binaryOperator(in: ["+", "-"]) {
      left = .binary(operation, left, try product(), position: position)
    }
    return left
  }

  private mutating func product() throws(ExpressionSyntaxError) -> ExpressionSyntax {
    var left = try unary()
    while let (operation, position) = binaryOperator(in: ["*", "/", "%"]) {
      left = .binary(operation, left, try unary(), position: position)
    }
    return left
  }

  private mutating func unary() throws(ExpressionSyntaxError) -> ExpressionSyntax {
    guard current.kind == .symbol("-") else { return try primary() }
    let position = current.position
    advance()
    depth += 1
    defer { depth -= 1 }
    guard depth <= ExpressionParser.maximumDepth else {
      throw ExpressionSyntaxError(position: position, problem: .tooManyMinusInARow)
    }
    return .negate(try unary(), position: position)
  }

  private mutating func primary() throws(ExpressionSyntaxError) -> ExpressionSyntax {
    let token = current
    switch token.kind {
    case .number(let number):
      advance()
      return .literal(.number(number))
    case .string(let text):
      advance()
      return .literal(text.isEmpty ? .empty : .text(text))
    case .symbol("("):
      advance()
      let inner = try expression()
      try expectClosingParenthesis()
      return inner
    case .name("true"):
      advance()
      return .literal(.bool(true))
    case .name("false"):
      advance()
      return .literal(.bool(false))
    case .name(let name) where !ExpressionParser.keywords.contains(name):
      advance()
      guard current.kind == .symbol("(") else { return .name(name, position: token.position) }
      advance()
      var arguments: [ExpressionSyntax] = []
      if current.kind != .symbol(")") {
        arguments.append(try expression())
        while current.kind == .symbol(",") {
          advance()
          arguments.append(try expression())
        }
      }
      try expectClosingParenthesis()
      return .call(name, arguments, position: token.position)
    default:
      throw unexpected(.value)
    }
  }

  // MARK: - Tokens

  private var current: ExpressionToken { tokens[Swift.min(index, tokens.count - 1)] }

  private mutating func advance() { index += 1 }

  private func isKeyword(_ keyword: String) -> Bool { current.kind == .name(keyword) }

  private mutating func binaryOperator(in symbols: Set<String>) -> (BinaryOperator, Int)? {
    guard case .symbol(let symbol) = current.kind, symbols.contains(symbol),
      let operation = BinaryOperator(rawValue: symbol)
    else { return nil }
    let position = current.position
    advance()
    return (operation, position)
  }

  private mutating func expectClosingParenthesis() throws(ExpressionSyntaxError) {
    guard current.kind == .symbol(")") else { throw unexpected(.closingParenthesis) }
    advance()
  }

  private func unexpected(_ expected: ExpressionProblem.Expected) -> ExpressionSyntaxError {
    let found: ExpressionProblem.Token
    switch current.kind {
    case .end: found = .end
    case .number(let number): found = .number(number)
    case .string(let text): found = .string(text)
    case .name(let name): found = .name(name)
    case .symbol(let symbol): found = .symbol(symbol)
    }
    return ExpressionSyntaxError(
      position: current.position, problem: .unexpectedToken(expected: expected, found: found))
  }
}

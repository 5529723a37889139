/// What is wrong with an expression of a form schema (`compute`, `visible_if`, `enabled_if`),
/// found when the schema loads: one case per mistake the lexer, the parser and the name
/// resolver find, with what the wording needs as typed values.
///
/// ``description`` words it in English (``FormSchemaError/description`` uses it); a screen in
/// another language words each case itself with a `switch`.
public enum ExpressionProblem: Hashable, Sendable, CustomStringConvertible {
  /// The expression is longer than `limit` characters (a schema comes from the network).
  case tooLong(limit: Int)
  /// A single `=`, which is not an operator (`==` compares).
  case singleEquals
  /// A character the language does not use (`#`).
  case unexpectedCharacter(Character)
  /// A `.` in a number with no digit after it (`1.`).
  case digitsExpectedAfterPoint
  /// A letter or `_` right after a number's digits (`12abc`).
  case unexpectedCharacterInNumber(Character)
  /// A number too large for the engine.
  case numberTooLarge
  /// A string whose closing quote is missing.
  case unterminatedString
  /// Nothing but spaces.
  case empty
  /// Parentheses or arguments nested more than `limit` levels deep, as written.
  case nestedTooDeep(limit: Int)
  /// The expression's tree, once its names are resolved, is more than `limit` levels deep
  /// (a long chain such as `1 + 1 + ... + 1`).
  case expressionNestedTooDeep(limit: Int)
  /// Too many `not` one after another.
  case tooManyNotInARow
  /// Too many unary `-` one after another.
  case tooManyMinusInARow
  /// Two comparisons in a chain (`1 < 2 < 3`).
  case chainedComparison
  /// The parser expected one thing and found another.
  case unexpectedToken(expected: Expected, found: Token)
  /// `count(...)` without exactly one section name.
  case countTakesOneSection
  /// `sum()` without a value.
  case sumTakesAValue
  /// `if(...)` without exactly a condition and two values.
  case ifTakesThreeValues
  /// A function the language does not have; `known` lists those it has.
  case unknownFunction(name: String, known: [String])
  /// A field (`path`) of a repeatable section (`section`) read from outside that section
  /// other than inside `sum(...)`.
  case repeatsInSection(path: String, section: String)

  /// What the parser expected where it found something else.
  public enum Expected: Hashable, Sendable {
    /// The end of the expression (something follows a whole expression).
    case endOfExpression
    /// A value: a number, a string, `true`/`false`, a name, a call or a parenthesis.
    case value
    /// A closing parenthesis.
    case closingParenthesis
  }

  /// A token the parser found where it expected something else.
  public enum Token: Hashable, Sendable {
    /// The end of the expression.
    case end
    /// A number.
    case number(Double)
    /// A string (its text, without quotes).
    case string(String)
    /// A name or keyword (`offer.tour_price`, `and`).
    case name(String)
    /// An operator or punctuation (`+`, `==`, `(`, `,`).
    case symbol(String)
  }

  /// The functions of the expression language, in the order messages name them.
  public static let knownFunctions = ["count", "sum", "if"]

  /// The problem in English ("expected ')', found the end").
  public var description: String {
    switch self {
    case .tooLong(let limit): "expression longer than \(limit) characters"
    case .singleEquals: "'=' is not an operator; use '=='"
    case .unexpectedCharacter(let character): "unexpected character '\(character)'"
    case .digitsExpectedAfterPoint: "expected digits after '.'"
    case .unexpectedCharacterInNumber(let character):
      "unexpected character '\(character)' in a number"
    case .numberTooLarge: "number too large"
    case .unterminatedString: "unterminated string"
    case .empty: "empty expression"
    case .nestedTooDeep(let limit): "nested more than \(limit) levels deep"
    case .expressionNestedTooDeep(let limit): "expression nested more than \(limit) levels deep"
    case .tooManyNotInARow: "too many 'not' in a row"
    case .tooManyMinusInARow: "too many '-' in a row"
    case .chainedComparison: "comparisons cannot be chained; use 'and'"
    case .unexpectedToken(let expected, let found):
      "expected \(Self.english(expected)), found \(Self.english(found))"
    case .countTakesOneSection: "count(...) takes one section name"
    case .sumTakesAValue: "sum(...) takes at least one value"
    case .ifTakesThreeValues: "if(...) takes a condition and two values"
    case .unknownFunction(let name, let known):
      "unknown function '\(name)' (known: \(known.joined(separator: ", ")))"
    case .repeatsInSection(let path, let section):
      "'\(path)' repeats in section '\(section)'; use sum(\(path))"
    }
  }

  private static func english(_ expected: Expected) -> String {
    switch expected {
    case .endOfExpression: "end of expression"
    case .value: "a value"
    case .closingParenthesis: "')'"
    }
  }

  private static func english(_ found: Token) -> String {
    found.quoted ?? "the end"
  }
}

extension ExpressionProblem.Token {
  /// The token as a message quotes it in any language: a number as written (`2`), a string
  /// in double quotes, a name or symbol in single quotes; `nil` for the end, which each
  /// language words itself.
  public var quoted: String? {
    switch self {
    case .end: nil
    case .number(let number): FormValue.number(number).displayText
    case .string(let text): "\"\(text)\""
    case .name(let name): "'\(name)'"
    case .symbol(let symbol): "'\(symbol)'"
    }
  }
}

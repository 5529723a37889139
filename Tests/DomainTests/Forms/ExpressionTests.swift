import Domain
import Testing

@Suite struct ExpressionTests {
  /// The value of `expression` with `s.a` = 7, `s.b` = 2, `s.t` = "ab", `s.flag` = true typed in.
  func evaluate(_ expression: String) throws -> (FormValue, FormEvaluationError?) {
    let schema = singleSection([
      numberInput("a"), numberInput("b"), numberInput("empty"),
      FormField(id: "t", label: "t", inputType: .string),
      FormField(id: "flag", label: "flag", inputType: .bool),
      computed("r", expression),
    ])
    let engine = try FormEngine(schema: schema, constants: ["k.ten": .number(10)])
    let state = engine.makeState(texts: ["s.a": "7", "s.b": "2", "s.t": "ab", "s.flag": "true"])
    return (state.value("s.r"), state.evaluationError("s.r"))
  }

  @Test(arguments: [
    ("1 + 2", FormValue.number(3)),
    ("a - b", .number(5)),
    ("a * b", .number(14)),
    ("a / b", .number(3.5)),
    ("a % b", .number(1)),
    ("-a", .number(-7)),
    ("- -a", .number(7)),
    ("1 + 2 * 3", .number(7)),
    ("(1 + 2) * 3", .number(9)),
    ("10 - 4 - 3", .number(3)),
    ("k.ten / b", .number(5)),
    ("2.5 * 2", .number(5)),
    ("a == 7", .bool(true)),
    ("a != 7", .bool(false)),
    ("a < b", .bool(false)),
    ("a <= 7", .bool(true)),
    ("a > b", .bool(true)),
    ("a >= 8", .bool(false)),
    ("t == 'ab'", .bool(true)),
    ("t < \"b\"", .bool(true)),
    ("t + \"c\"", .text("abc")),
    ("t == 1", .bool(false)),
    ("empty == ''", .bool(true)),
    ("true and false", .bool(false)),
    ("true or false", .bool(true)),
    ("not flag", .bool(false)),
    ("not not flag", .bool(true)),
    ("a > 1 and b > 1 or false", .bool(true)),
    ("not a > 100", .bool(true)),
    ("false and empty > 1", .bool(false)),
    ("true or empty > 1", .bool(true)),
    ("count(s)", .number(1)),
    ("sum(a, b, 1)", .number(10)),
    ("'it\\'s'", .text("it's")),
  ])
  func operators(expression: String, expected: FormValue) throws {
    let (value, error) = try evaluate(expression)
    #expect(error == nil)
    #expect(value == expected)
  }

  @Test(arguments: [
    ("a / 0", FormEvaluationError.divisionByZero),
    ("a % (b - 2)", .divisionByZero),
    ("t * 2", .typeMismatch(operator: "*", found: "text and number")),
    ("flag + 1", .typeMismatch(operator: "+", found: "boolean and number")),
    ("not a", .typeMismatch(operator: "not", found: "number")),
    ("a and true", .typeMismatch(operator: "and", found: "number")),
    ("-t", .typeMismatch(operator: "-", found: "text")),
    ("sum(t)", .typeMismatch(operator: "sum", found: "text")),
    ("empty + 1", .missingValue("s.empty")),
    ("1 - empty", .missingValue("s.empty")),
    ("-empty", .missingValue("s.empty")),
    ("empty < 3", .missingValue("s.empty")),
    ("sum(a, empty)", .missingValue("s.empty")),
    ("not empty", .missingValue("s.empty")),
    (
      "99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999 * 99999999999",
      .numberOutOfRange
    ),
  ])
  func evaluationErrorsAreTyped(expression: String, expected: FormEvaluationError) throws {
    let (value, error) = try evaluate(expression)
    #expect(error == expected)
    #expect(value == .empty)
  }

  static let syntaxErrors: [(String, Int, ExpressionProblem, String)] = [
    ("1 +", 4, .unexpectedToken(expected: .value, found: .end), "expected a value, found the end"),
    (
      "(1 + 2", 7, .unexpectedToken(expected: .closingParenthesis, found: .end),
      "expected ')', found the end"
    ),
    (
      "1 2", 3, .unexpectedToken(expected: .endOfExpression, found: .number(2)),
      "expected end of expression, found 2"
    ),
    ("a = 1", 3, .singleEquals, "'=' is not an operator; use '=='"),
    ("a # 1", 3, .unexpectedCharacter("#"), "unexpected character '#'"),
    ("'open", 1, .unterminatedString, "unterminated string"),
    ("1 < 2 < 3", 7, .chainedComparison, "comparisons cannot be chained; use 'and'"),
    ("", 1, .empty, "empty expression"),
    ("1.", 3, .digitsExpectedAfterPoint, "expected digits after '.'"),
    ("12abc", 3, .unexpectedCharacterInNumber("a"), "unexpected character 'a' in a number"),
    (
      "max(a, b)", 1, .unknownFunction(name: "max", known: ["count", "sum", "if"]),
      "unknown function 'max' (known: count, sum, if)"
    ),
    ("count(1)", 1, .countTakesOneSection, "count(...) takes one section name"),
    ("sum()", 1, .sumTakesAValue, "sum(...) takes at least one value"),
    (
      "a + and", 5, .unexpectedToken(expected: .value, found: .name("and")),
      "expected a value, found 'and'"
    ),
  ]

  @Test(arguments: syntaxErrors)
  func syntaxErrorsNameFieldAndPosition(
    source: String, position: Int, problem: ExpressionProblem, message: String
  ) {
    let schema = singleSection([numberInput("a"), numberInput("b"), computed("r", source)])
    #expect(
      compileError(schema)
        == .syntax(field: "s.r", property: "compute", position: position, problem: problem))
    #expect(problem.description == message)
  }

  @Test func deepNestingIsRefusedNotACrash() {
    let deep = String(repeating: "(", count: 200) + "1" + String(repeating: ")", count: 200)
    let error = compileError(singleSection([computed("r", deep)]))
    guard case .syntax(let field, _, _, let problem) = error else {
      Issue.record("expected a syntax error, got \(String(describing: error))")
      return
    }
    #expect(field == "s.r")
    #expect(problem == .nestedTooDeep(limit: 64))
    #expect(problem.description.contains("nested"))
    let chain = Array(repeating: "1", count: 300).joined(separator: " + ")
    #expect(compileError(singleSection([computed("r", chain)])) != nil)
    // Refused while parsing, at the operator that makes the tree too deep (the 128th `+`).
    #expect(
      compileError(singleSection([computed("r", chain)]))
        == .syntax(
          field: "s.r", property: "compute", position: 511,
          problem: .expressionNestedTooDeep(limit: 128)))
    let long = String(repeating: "1+", count: 3_000) + "1"
    #expect(compileError(singleSection([computed("r", long)])) != nil)
    #expect(
      compileError(singleSection([computed("r", long)]))
        == .syntax(
          field: "s.r", property: "compute", position: 4_097, problem: .tooLong(limit: 4_096)))
  }

  /// The longest chains 4 096 characters can write (2 048 terms, each operator a level of the tree)
  /// are refused while parsing, at the operator that makes the tree deeper than 128, whatever the
  /// operator, so `1+1+...+1` cannot overflow the stack of the thread that loads a server's form.
  @Test(arguments: [
    ("+", "1", 256), ("*", "2", 256), ("-", "1", 256), ("%", "7", 256),
    (" and ", "a", 765), (" or ", "a", 638),
  ])
  func theLongestChainIsRefusedWhileParsing(
    operation: String, term: String, position: Int
  ) throws {
    let count = (4_096 + operation.count) / (term.count + operation.count)
    let chain = Array(repeating: term, count: count).joined(separator: operation)
    #expect(chain.count <= 4_096)
    let schema = singleSection([
      FormField(id: "a", label: "a", inputType: .bool), computed("r", chain),
    ])
    #expect(
      compileError(schema)
        == .syntax(
          field: "s.r", property: "compute", position: position,
          problem: .expressionNestedTooDeep(limit: 128)))
    // Nesting adds up: 63 levels of parentheses, each 3 levels of `+`, are more than 128.
    let nested =
      String(repeating: "(", count: 63) + "1" + String(repeating: "+1+1+1)", count: 63)
    let problem = compileError(singleSection([computed("r", nested)]))
    guard case .syntax(_, _, _, .expressionNestedTooDeep(128))? = problem else {
      Issue.record("expected the nesting refused, got \(String(describing: problem))")
      return
    }
    // A tree of exactly 128 levels is fine.
    let longest = Array(repeating: "1", count: 128).joined(separator: "+")
    #expect(compileError(singleSection([computed("r", longest)])) == nil)
  }

  @Test func conditionPropertiesReportTheirName() {
    let schema = singleSection([
      FormField(id: "a", label: "a", inputType: .string, visibleIf: "a ==")
    ])
    #expect(
      compileError(schema)
        == .syntax(
          field: "s.a", property: "visible_if", position: 5,
          problem: .unexpectedToken(expected: .value, found: .end)))
    let enabled = singleSection([
      FormField(id: "a", label: "a", inputType: .string, enabledIf: "nope")
    ])
    #expect(
      compileError(enabled)
        == .unknownReference(field: "s.a", property: "enabled_if", name: "nope", position: 1))
  }
}

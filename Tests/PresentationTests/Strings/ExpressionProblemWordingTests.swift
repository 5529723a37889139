import Domain
import Presentation
import Testing

/// A designer's expression mistakes, as the engine finds them, are worded in Russian too (the
/// Booking notice and `hotel replay`'s stderr in `--lang ru`), not left half in English.
@Suite struct ExpressionProblemWordingTests {
  static let cases: [(String, ExpressionProblem, String)] = [
    (
      "(1 + 2", .unexpectedToken(expected: .closingParenthesis, found: .end),
      "ожидалось ')', найдено конец выражения"
    ),
    (
      "1 +", .unexpectedToken(expected: .value, found: .end),
      "ожидалось значение, найдено конец выражения"
    ),
    (
      "1 2", .unexpectedToken(expected: .endOfExpression, found: .number(2)),
      "ожидалось конец выражения, найдено 2"
    ),
    (
      "summ(1)", .unknownFunction(name: "summ", known: ["count", "sum", "if"]),
      "неизвестная функция 'summ' (известны: count, sum, if)"
    ),
    ("if(1 == 1, 2)", .ifTakesThreeValues, "if(...) принимает условие и два значения"),
    ("count(1)", .countTakesOneSection, "count(...) принимает одно имя раздела"),
    ("sum()", .sumTakesAValue, "sum(...) принимает хотя бы одно значение"),
    ("1 = 1", .singleEquals, "'=' не оператор; используйте '=='"),
    ("1 # 2", .unexpectedCharacter("#"), "неожиданный символ '#'"),
    ("1.", .digitsExpectedAfterPoint, "после '.' нужны цифры"),
    ("'abc", .unterminatedString, "строка не закрыта кавычкой"),
    ("1 < 2 < 3", .chainedComparison, "сравнения нельзя ставить цепочкой; используйте 'and'"),
    ("", .empty, "пустое выражение"),
    (
      "t.age + 1", .repeatsInSection(path: "t.age", section: "t"),
      "'t.age' повторяется в разделе 't'; используйте sum(t.age)"
    ),
  ]

  @Test(arguments: cases)
  func aSyntaxMistakeIsWordedInRussian(
    source: String, problem: ExpressionProblem, russian: String
  ) throws {
    let schema = FormSchema(sections: [
      FormSection(
        id: "t", title: "", repeatable: RepeatBounds(min: 1, max: 2),
        fields: [FormField(id: "age", label: "", inputType: .numeric)]),
      FormSection(
        id: "price", title: "",
        fields: [FormField(id: "fee", label: "", inputType: .none, compute: source)]),
    ])
    let error = try #require(throws: FormSchemaError.self) { try FormEngine(schema: schema) }
    guard case .syntax(_, _, let position, let found) = error else {
      Issue.record("not a syntax error: \(error)")
      return
    }
    #expect(found == problem)
    #expect(
      Localizer(language: .ru).formSchemaProblem(error)
        == "price.fee.compute, позиция \(position): \(russian)")
  }

  /// Every problem, including those a test schema hardly reaches (limits), in both languages:
  /// the English is Domain's, the Russian the Localizer's.
  static let everyProblem: [(ExpressionProblem, String, String)] = [
    (
      .tooLong(limit: 4_096), "expression longer than 4096 characters",
      "выражение длиннее 4096 символов"
    ),
    (.singleEquals, "'=' is not an operator; use '=='", "'=' не оператор; используйте '=='"),
    (.unexpectedCharacter("#"), "unexpected character '#'", "неожиданный символ '#'"),
    (.digitsExpectedAfterPoint, "expected digits after '.'", "после '.' нужны цифры"),
    (
      .unexpectedCharacterInNumber("a"), "unexpected character 'a' in a number",
      "неожиданный символ 'a' в числе"
    ),
    (.numberTooLarge, "number too large", "слишком большое число"),
    (.unterminatedString, "unterminated string", "строка не закрыта кавычкой"),
    (.empty, "empty expression", "пустое выражение"),
    (.nestedTooDeep(limit: 64), "nested more than 64 levels deep", "вложенность глубже 64 уровней"),
    (
      .expressionNestedTooDeep(limit: 200), "expression nested more than 200 levels deep",
      "вложенность глубже 200 уровней"
    ),
    (.tooManyNotInARow, "too many 'not' in a row", "слишком много 'not' подряд"),
    (.tooManyMinusInARow, "too many '-' in a row", "слишком много '-' подряд"),
    (
      .chainedComparison, "comparisons cannot be chained; use 'and'",
      "сравнения нельзя ставить цепочкой; используйте 'and'"
    ),
    (
      .unexpectedToken(expected: .value, found: .end), "expected a value, found the end",
      "ожидалось значение, найдено конец выражения"
    ),
    (
      .unexpectedToken(expected: .closingParenthesis, found: .string("a b")),
      "expected ')', found \"a b\"", "ожидалось ')', найдено \"a b\""
    ),
    (
      .unexpectedToken(expected: .endOfExpression, found: .number(2.5)),
      "expected end of expression, found 2.5", "ожидалось конец выражения, найдено 2.5"
    ),
    (
      .unexpectedToken(expected: .value, found: .name("and")), "expected a value, found 'and'",
      "ожидалось значение, найдено 'and'"
    ),
    (
      .unexpectedToken(expected: .value, found: .symbol(")")), "expected a value, found ')'",
      "ожидалось значение, найдено ')'"
    ),
    (
      .countTakesOneSection, "count(...) takes one section name",
      "count(...) принимает одно имя раздела"
    ),
    (
      .sumTakesAValue, "sum(...) takes at least one value",
      "sum(...) принимает хотя бы одно значение"
    ),
    (
      .ifTakesThreeValues, "if(...) takes a condition and two values",
      "if(...) принимает условие и два значения"
    ),
    (
      .unknownFunction(name: "max", known: ["count", "sum", "if"]),
      "unknown function 'max' (known: count, sum, if)",
      "неизвестная функция 'max' (известны: count, sum, if)"
    ),
    (
      .repeatsInSection(path: "t.age", section: "t"),
      "'t.age' repeats in section 't'; use sum(t.age)",
      "'t.age' повторяется в разделе 't'; используйте sum(t.age)"
    ),
  ]

  @Test(arguments: everyProblem)
  func everyProblemIsWordedInBothLanguages(
    problem: ExpressionProblem, english: String, russian: String
  ) {
    let error = FormSchemaError.syntax(
      field: "price.fee", property: "compute", position: 7, problem: problem)
    #expect(problem.description == english)
    #expect(error.description == "price.fee.compute, position 7: \(english)")
    #expect(Localizer(language: .en).formSchemaProblem(error) == error.description)
    #expect(
      Localizer(language: .ru).formSchemaProblem(error)
        == "price.fee.compute, позиция 7: \(russian)")
  }
}

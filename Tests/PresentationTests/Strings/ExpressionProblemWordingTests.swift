import Domain
import Presentation
import Testing

/// A designer's expression mistakes, as the engine finds them, are worded in Russian too (the
/// Booking notice and `hotel replay`'s stderr in `--lang ru`), not left half in English.
@Suite struct ExpressionProblemWordingTests {
  static let cases: [(String, String)] = [
    ("(1 + 2", "ожидалось ')', найдено конец выражения"),
    ("1 +", "ожидалось значение, найдено конец выражения"),
    ("1 2", "ожидалось конец выражения, найдено 2"),
    ("summ(1)", "неизвестная функция 'summ' (известны: count, sum, if)"),
    ("if(1 == 1, 2)", "if(...) принимает условие и два значения"),
    ("count(1)", "count(...) принимает одно имя раздела"),
    ("sum()", "sum(...) принимает хотя бы одно значение"),
    ("1 = 1", "'=' не оператор; используйте '=='"),
    ("1 # 2", "неожиданный символ '#'"),
    ("1.", "после '.' нужны цифры"),
    ("'abc", "строка не закрыта кавычкой"),
    ("1 < 2 < 3", "сравнения нельзя ставить цепочкой; используйте 'and'"),
    ("", "пустое выражение"),
    ("t.age + 1", "'t.age' повторяется в разделе 't'; используйте sum(t.age)"),
  ]

  @Test(arguments: cases)
  func aSyntaxMistakeIsWordedInRussian(source: String, russian: String) throws {
    let schema = FormSchema(sections: [
      FormSection(
        id: "t", title: "", repeatable: RepeatBounds(min: 1, max: 2),
        fields: [FormField(id: "age", label: "", inputType: .numeric)]),
      FormSection(
        id: "price", title: "",
        fields: [FormField(id: "fee", label: "", inputType: .none, compute: source)]),
    ])
    let error = try #require(throws: FormSchemaError.self) { try FormEngine(schema: schema) }
    guard case .syntax(_, _, let position, _) = error else {
      Issue.record("not a syntax error: \(error)")
      return
    }
    #expect(
      Localizer(language: .ru).formSchemaProblem(error)
        == "price.fee.compute, позиция \(position): \(russian)")
  }
}

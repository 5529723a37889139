import Domain
import Testing

/// A value missing far down a chain of computed fields is named by the input at its root (the
/// one a person must fill in or show), not by the computed line that merely passes it on.
@Suite struct EvaluationErrorSourceTests {
  /// `line = bags * 1500` beyond one bag (`bags` shown while `on`), `total = 100 + line`: the
  /// comparison `bags > 1` misses a hidden `bags` (arithmetic would count it as zero).
  func chain() throws -> FormState {
    try FormEngine(
      schema: singleSection([
        FormField(id: "on", label: "", inputType: .bool),
        FormField(id: "bags", label: "", inputType: .numeric, visibleIf: "on == true"),
        computed("line", "if(bags > 1, bags * 1500, 0)"),
        computed("total", "100 + line"),
        computed("broken", "1 / 0"),
        computed("usesBroken", "total + broken"),
      ])
    ).makeState()
  }

  @Test func aMissingValueIsNamedByTheHiddenInputAtItsRoot() throws {
    let form = try chain()
    #expect(form.evaluationError("s.total") == .missingValue("s.line"), "unchanged")
    #expect(form.evaluationErrorSource("s.total") == .hiddenValue("s.bags"))
    #expect(form.evaluationErrorSource("s.line") == .hiddenValue("s.bags"))
    #expect(!FormEvaluationError.hiddenValue("s.bags").isAFault)
  }

  @Test func aMissingValueIsNamedByTheEmptyInputAtItsRoot() throws {
    var form = try chain()
    _ = form.setText("true", at: "s.on")
    #expect(form.evaluationErrorSource("s.total") == .missingValue("s.bags"))
    _ = form.setText("2", at: "s.bags")
    #expect(form.evaluationErrorSource("s.total") == nil)
    #expect(form.value("s.total") == .number(3100))
    _ = form.setText("false", at: "s.on")
    #expect(form.evaluationErrorSource("s.total") == .hiddenValue("s.bags"))
  }

  @Test func aFaultAtTheRootIsThatFaultAndOtherErrorsStay() throws {
    var form = try chain()
    _ = form.setText("true", at: "s.on")
    _ = form.setText("2", at: "s.bags")
    #expect(form.evaluationErrorSource("s.usesBroken") == .divisionByZero)
    #expect(form.evaluationErrorSource("s.broken") == .divisionByZero)
    #expect(form.evaluationErrorSource("s.nothing") == nil)
  }

  @Test func aSumOverTouristsNamesTheFirstEmptyInstance() throws {
    let schema = FormSchema(sections: [
      FormSection(
        id: "child", title: "", repeatable: RepeatBounds(min: 2, max: 3),
        fields: [numberInput("age")]),
      FormSection(id: "sum", title: "", fields: [computed("ages", "sum(child.age)")]),
    ])
    var form = try FormEngine(schema: schema).makeState(repeatCounts: ["child": 2])
    _ = form.setText("7", at: "child.1.age")
    #expect(form.evaluationError("sum.ages") == .missingValue("child.age"))
    #expect(form.evaluationErrorSource("sum.ages") == .missingValue("child.2.age"))
  }
}

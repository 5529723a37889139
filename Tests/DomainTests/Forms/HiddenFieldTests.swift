import Domain
import Testing

/// A field hidden by its `visible_if` counts as empty for everything that reads it, and keeps
/// what was typed into it for when it shows again.
@Suite struct HiddenFieldTests {
  /// A bool `a` shows a bool `b`, which shows a text `c`: conditions naming only the link above.
  func chain() throws -> FormState {
    try FormEngine(
      schema: singleSection([
        FormField(id: "a", label: "a", inputType: .bool),
        FormField(id: "b", label: "b", inputType: .bool, visibleIf: "a == true"),
        FormField(
          id: "c", label: "c", inputType: .string, rules: [.required], visibleIf: "b == true"),
      ])
    ).makeState()
  }

  @Test func switchingTheTopOfAThreeDeepChainOffHidesEveryLinkBelow() throws {
    var form = try chain()
    _ = form.setText("true", at: "s.a")
    _ = form.setText("true", at: "s.b")
    _ = form.setText("Window seat", at: "s.c")
    #expect(form.isVisible("s.c"))
    let hidden = form.setText("false", at: "s.a")
    #expect(hidden == ["s.a", "s.b", "s.c"])
    #expect(!form.isVisible("s.b") && !form.isVisible("s.c"))
    #expect(form.value("s.b") == .empty && form.value("s.c") == .empty)
    // Kept, not sent, not checked.
    #expect(form.text("s.b") == "true" && form.text("s.c") == "Window seat")
    #expect(form.inputTexts["s.c"] == "Window seat")
    let context = ValidationContext(today: try CalendarDate(parsing: "2027-01-01"))
    #expect(form.validate("s.c", in: context) == nil)
    var full = form
    #expect(full.recomputeAll().isEmpty)
  }

  @Test func showingAChainAgainBringsItsValuesBack() throws {
    var form = try chain()
    _ = form.setText("true", at: "s.a")
    _ = form.setText("true", at: "s.b")
    _ = form.setText("Window seat", at: "s.c")
    _ = form.setText("false", at: "s.a")
    let shown = form.setText("true", at: "s.a")
    #expect(shown == ["s.a", "s.b", "s.c"])
    #expect(form.isVisible("s.c"))
    #expect(form.value("s.b") == .bool(true) && form.value("s.c") == .text("Window seat"))
  }

  @Test func typingIntoAHiddenFieldChangesNothingThatReadsIt() throws {
    var form = try chain()
    let changed = form.setText("true", at: "s.b")
    #expect(changed == ["s.b"])
    #expect(form.value("s.b") == .empty && !form.isVisible("s.c"))
  }

  /// A price line reading a switch inside a hidden part of the form charges nothing.
  @Test func aPriceLineDoesNotChargeForAHiddenSwitch() throws {
    let schema = FormSchema(sections: [
      FormSection(
        id: "extras", title: "",
        fields: [
          FormField(id: "travelling", label: "", inputType: .bool),
          FormField(
            id: "transfer", label: "", inputType: .bool, visibleIf: "travelling == true"),
        ]),
      FormSection(
        id: "price", title: "",
        fields: [
          computed("transfer", "if(extras.transfer == true, 3500, 0)"),
          computed("total", "100000 + transfer"),
        ]),
    ])
    var form = try FormEngine(schema: schema).makeState()
    _ = form.setText("true", at: "extras.travelling")
    _ = form.setText("true", at: "extras.transfer")
    #expect(form.value("price.total") == .number(103_500))
    let changed = form.setText("false", at: "extras.travelling")
    #expect(changed == ["extras.travelling", "extras.transfer", "price.transfer", "price.total"])
    #expect(form.value("price.total") == .number(100_000))
  }

  /// A hidden computed line is empty too: a guard (`if(fee == '', 0, fee)`) sees it empty, and
  /// arithmetic counts it as zero (a line not shown costs nothing), so both totals agree; what
  /// depends on a hidden line's value follows it.
  @Test func aHiddenComputedFieldIsEmptyForItsReaders() throws {
    let schema = singleSection([
      FormField(id: "on", label: "", inputType: .bool),
      FormField(
        id: "fee", label: "", inputType: .none, compute: "500", visibleIf: "on == true"),
      computed("guarded", "1000 + if(fee == '', 0, fee)"),
      computed("plain", "1000 + fee"),
    ])
    var form = try FormEngine(schema: schema).makeState()
    #expect(form.value("s.fee") == .empty && form.evaluationError("s.fee") == nil)
    #expect(form.value("s.guarded") == .number(1000))
    #expect(form.value("s.plain") == .number(1000))
    #expect(form.evaluationError("s.plain") == nil)
    _ = form.setText("true", at: "s.on")
    #expect(form.value("s.guarded") == .number(1500) && form.value("s.plain") == .number(1500))
    #expect(form.computedDependents(of: "s.on") == ["s.fee", "s.guarded", "s.plain"])
  }

  @Test func aServerCalculationGetsNoHiddenInputAndAHiddenAnswerIsKept() throws {
    let schema = singleSection([
      FormField(id: "on", label: "", inputType: .bool),
      FormField(id: "code", label: "", inputType: .string, visibleIf: "on == true"),
      FormField(
        id: "discount", label: "", inputType: .none, dependsOn: ["code"],
        actionURL: "/discount", visibleIf: "code != ''"),
      computed("total", "100 + if(discount == '', 0, discount)"),
    ])
    var form = try FormEngine(schema: schema).makeState()
    _ = form.setText("true", at: "s.on")
    _ = form.setText("SUMMER10", at: "s.code")
    #expect(form.remoteRequests().first?.inputs == ["s.code": .text("SUMMER10")])
    _ = form.setRemoteValue(.number(-10), at: "s.discount")
    #expect(form.value("s.total") == .number(90))
    _ = form.setText("false", at: "s.on")
    #expect(form.remoteRequests().first?.inputs == ["s.code": .empty])
    #expect(!form.isVisible("s.discount") && form.value("s.total") == .number(100))
    var full = form
    #expect(full.recomputeAll().isEmpty)
    _ = form.setText("true", at: "s.on")
    #expect(form.value("s.discount") == .number(-10) && form.value("s.total") == .number(90))
  }

  /// A field's value depends on its `visible_if`: a condition that reads, through others, the field
  /// it hides is a cycle, refused when the schema loads, naming the condition that closes it (the
  /// computations alone make no cycle).
  @Test func aVisibilityThatReadsItsOwnFieldThroughAnotherIsACycle() {
    let schema = singleSection([
      FormField(id: "code", label: "", inputType: .string, visibleIf: "known == true"),
      computed("known", "code != ''"),
    ])
    let error = compileError(schema)
    #expect(error == .cycleThroughCondition(fields: ["s.code", "s.known"], conditions: ["s.code"]))
    #expect(
      error?.description
        == "Fields depend on each other in a cycle: s.code -> s.known -> s.code "
        + "(closed by s.code.visible_if)")
  }

  /// A cycle the computations make on their own stays a plain cycle, even when a condition is
  /// one of its links too.
  @Test func aCycleOfComputationsAloneNamesNoCondition() {
    let schema = singleSection([
      computed("a", "b + 1"),
      FormField(id: "b", label: "", inputType: .none, compute: "a + 1", visibleIf: "a > 0"),
    ])
    #expect(compileError(schema) == .cycle(["s.a", "s.b"]))
  }

  /// A chain of conditions closed back on its top: every field whose `visible_if` is a link.
  @Test func aCycleOfConditionsNamesEachConditionInIt() {
    let schema = singleSection([
      FormField(id: "a", label: "", inputType: .bool, visibleIf: "c == true"),
      FormField(id: "b", label: "", inputType: .bool, visibleIf: "a == true"),
      FormField(id: "c", label: "", inputType: .bool, visibleIf: "b == true"),
    ])
    #expect(
      compileError(schema)
        == .cycleThroughCondition(
          fields: ["s.a", "s.c", "s.b"], conditions: ["s.a", "s.c", "s.b"]))
  }

  @Test func hiddenFieldsSurviveAddingAndRemovingRepeats() throws {
    let schema = FormSchema(sections: [
      FormSection(
        id: "t", title: "", repeatable: RepeatBounds(min: 1, max: 3),
        fields: [
          FormField(id: "child", label: "", inputType: .bool),
          FormField(id: "age", label: "", inputType: .numeric, visibleIf: "child == true"),
        ]),
      FormSection(id: "price", title: "", fields: [computed("ages", "sum(t.age)")]),
    ])
    var form = try FormEngine(schema: schema).makeState(repeatCounts: ["t": 2])
    _ = form.setText("true", at: "t.1.child")
    _ = form.setText("7", at: "t.1.age")
    _ = form.setText("true", at: "t.2.child")
    _ = form.setText("9", at: "t.2.age")
    #expect(form.value("price.ages") == .number(16))
    _ = form.setText("false", at: "t.1.child")
    // A hidden age counts as zero in the sum.
    #expect(form.value("price.ages") == .number(9))
    _ = try form.removeRepeat("t", at: 2)
    _ = try form.appendRepeat("t")
    #expect(form.value("t.1.age") == .empty && form.text("t.1.age") == "7")
    #expect(form.value("price.ages") == .number(0))
    _ = form.setText("true", at: "t.1.child")
    #expect(form.value("price.ages") == .number(7))
    _ = form.setText("true", at: "t.2.child")
    #expect(form.value("price.ages") == .empty)
    _ = form.setText("1", at: "t.2.age")
    #expect(form.value("price.ages") == .number(8))
  }
}

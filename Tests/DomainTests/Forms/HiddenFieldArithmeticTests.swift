import Domain
import Testing

/// A line the form does not show costs nothing: a field hidden by its `visible_if` counts as
/// zero where a number is needed (arithmetic, sums), while it still reads as empty for
/// comparisons and conditions (so a designer's guards keep working) and is still not sent.
@Suite struct HiddenFieldArithmeticTests {
  /// The fixture's extras with the total a designer writes first, without guards:
  /// `tour + transfer`, the price line `transfer` shown only while the switch is on.
  func unguarded() throws -> FormState {
    try FormEngine(
      schema: FormSchema(sections: [
        FormSection(
          id: "extras", title: "",
          fields: [
            FormField(id: "transfer", label: "", inputType: .bool),
            FormField(
              id: "flightNumber", label: "", inputType: .string, rules: [.required],
              visibleIf: "transfer == true"),
            FormField(
              id: "bags", label: "", inputType: .numeric, visibleIf: "transfer == true"),
          ]),
        FormSection(
          id: "price", title: "",
          fields: [
            computed("tour", "100000"),
            FormField(
              id: "transfer", label: "", inputType: .none, compute: "3500",
              visibleIf: "extras.transfer == true"),
            computed("bags", "extras.bags * 1000"),
            computed("total", "tour + transfer + bags"),
            computed("summed", "sum(tour, transfer, extras.bags)"),
            computed("negated", "tour - transfer"),
            computed("joined", "'flight ' + extras.flightNumber"),
            computed("compared", "if(transfer > 0, 'with', 'without')"),
            computed("guarded", "if(transfer == '', 'hidden', 'shown')"),
          ]),
      ])
    ).makeState()
  }

  /// A hidden price line counts as zero in the total, so Pay takes a booking without the transfer.
  @Test func aHiddenPriceLineCountsAsZeroInTheTotal() throws {
    var form = try unguarded()
    #expect(!form.isVisible("price.transfer") && form.value("price.transfer") == .empty)
    #expect(form.value("price.total") == .number(100_000))
    #expect(form.evaluationError("price.total") == nil)
    #expect(form.value("price.summed") == .number(100_000))
    #expect(form.value("price.negated") == .number(100_000))
    let changed = form.setText("true", at: "extras.transfer")
    #expect(changed.isSuperset(of: ["price.transfer", "price.total", "price.summed"]))
    // Shown, the empty `bags` input has no value again: the total says so.
    #expect(form.value("price.total") == .empty)
    #expect(form.evaluationErrorSource("price.total") == .missingValue("extras.bags"))
    _ = form.setText("2", at: "extras.bags")
    #expect(form.value("price.total") == .number(105_500))
    #expect(form.value("price.negated") == .number(96_500))
    _ = form.setText("false", at: "extras.transfer")
    #expect(form.value("price.total") == .number(100_000))
    #expect(form.value("price.summed") == .number(100_000))
    var full = form
    #expect(full.recomputeAll().isEmpty)
  }

  /// Comparisons and conditions still read a hidden field as empty: `transfer == ''` guards
  /// keep working, and `<` on a hidden field has no value (the source says it is hidden).
  @Test func aHiddenFieldStillReadsAsEmptyForComparisons() throws {
    var form = try unguarded()
    #expect(form.value("price.guarded") == .text("hidden"))
    #expect(form.value("price.compared") == .empty)
    #expect(form.evaluationErrorSource("price.compared") == .hiddenValue("price.transfer"))
    _ = form.setText("true", at: "extras.transfer")
    #expect(form.value("price.guarded") == .text("shown"))
    #expect(form.value("price.compared") == .text("with"))
  }

  /// `+` joining a text reads a hidden text as nothing, not as the number 0.
  @Test func aHiddenTextJoinsAsNothing() throws {
    var form = try unguarded()
    _ = form.setText("true", at: "extras.transfer")
    _ = form.setText("SU100", at: "extras.flightNumber")
    #expect(form.value("price.joined") == .text("flight SU100"))
    _ = form.setText("false", at: "extras.transfer")
    #expect(form.value("price.joined") == .text("flight "))
  }

  /// A visible empty input still has no value: only hiding makes a line cost nothing.
  @Test func aVisibleEmptyInputStillHasNoValue() throws {
    let schema = singleSection([
      numberInput("bags"),
      computed("total", "100 + bags * 2"),
    ])
    var form = try FormEngine(schema: schema).makeState()
    #expect(form.value("s.total") == .empty)
    #expect(form.evaluationErrorSource("s.total") == .missingValue("s.bags"))
    _ = form.setText("3", at: "s.bags")
    #expect(form.value("s.total") == .number(106))
  }

  /// An empty input that hides changes nothing in its own value (empty both ways), yet what
  /// reads it changes: from "no value" to zero, and back when it shows again.
  @Test func anEmptyInputThatHidesOrShowsReachesItsReaders() throws {
    var form = try unguarded()
    _ = form.setText("true", at: "extras.transfer")
    #expect(form.value("price.bags") == .empty)
    let hidden = form.setText("false", at: "extras.transfer")
    #expect(hidden.contains("price.bags"))
    #expect(form.value("price.bags") == .number(0))
    let shown = form.setText("true", at: "extras.transfer")
    #expect(shown.contains("price.bags"))
    #expect(form.value("price.bags") == .empty)
    var full = form
    #expect(full.recomputeAll().isEmpty)
  }

  /// A sum over a repeatable section leaves out its hidden instances.
  @Test func aSumOverInstancesCountsHiddenOnesAsZero() throws {
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
    #expect(form.value("price.ages") == .number(0))
    _ = form.setText("true", at: "t.2.child")
    #expect(form.value("price.ages") == .empty)
    #expect(form.evaluationErrorSource("price.ages") == .missingValue("t.2.age"))
    _ = form.setText("9", at: "t.2.age")
    #expect(form.value("price.ages") == .number(9))
  }

  /// Hidden, a field is still not sent to a server calculation as zero: its input is `.empty`
  /// (JSON `null`, as for an empty field), since the server, not the app, knows what it needs.
  @Test func aServerCalculationGetsAHiddenInputAsEmpty() throws {
    let schema = singleSection([
      FormField(id: "on", label: "", inputType: .bool),
      FormField(id: "bags", label: "", inputType: .numeric, visibleIf: "on == true"),
      FormField(
        id: "fee", label: "", inputType: .none, dependsOn: ["bags"], actionURL: "/fee"),
    ])
    let form = try FormEngine(schema: schema).makeState(texts: ["s.bags": "2"])
    #expect(form.remoteRequests().first?.inputs == ["s.bags": .empty])
  }

  /// A field `enabled_if` locks is shown, read-only: it counts with what it holds (only
  /// `visible_if` takes a value away), and it is not checked (Docs/FormSchema.md, "Locked
  /// fields").
  @Test func aLockedFieldCountsWithWhatItHolds() throws {
    let schema = singleSection([
      FormField(id: "group", label: "", inputType: .bool),
      FormField(
        id: "seats", label: "", inputType: .numeric, rules: [.range(min: 1, max: 2)],
        enabledIf: "group == true"),
      computed("total", "100 + seats * 10"),
    ])
    var form = try FormEngine(schema: schema).makeState()
    _ = form.setText("true", at: "s.group")
    _ = form.setText("5", at: "s.seats")
    _ = form.setText("false", at: "s.group")
    #expect(!form.isEnabled("s.seats") && form.isVisible("s.seats"))
    #expect(form.value("s.total") == .number(150))
    let context = ValidationContext(today: try CalendarDate(parsing: "2027-01-01"))
    #expect(form.validate("s.seats", in: context) == nil)
  }
}

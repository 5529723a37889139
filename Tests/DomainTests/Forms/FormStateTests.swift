import Domain
import Testing

@Suite struct FormStateTests {
  /// Two independent chains (`a -> a2 -> a3`, `b -> b2`) and a join `ab = a + b`.
  func chains() throws -> FormState {
    let schema = singleSection([
      numberInput("a"), numberInput("b"), computed("a2", "a * 2"), computed("a3", "a2 + 1"),
      computed("b2", "b * 2"), computed("ab", "a + b"), computed("parity", "a % 2"),
    ])
    return try FormEngine(schema: schema).makeState(texts: ["s.a": "1", "s.b": "1"])
  }

  @Test func editRecomputesExactlyItsDependents() throws {
    var state = try chains()
    #expect(state.value("s.a3") == .number(3))
    let changed = state.setText("2", at: "s.b")
    #expect(changed == ["s.b", "s.b2", "s.ab"])
    #expect(state.value("s.b2") == .number(4))
    #expect(state.value("s.ab") == .number(3))
    #expect(state.value("s.a3") == .number(3))
  }

  @Test func propagationStopsWhereAValueDidNotChange() throws {
    var state = try chains()
    // a: 1 -> 3 changes a2, a3 and ab, but not parity (still 1).
    let changed = state.setText("3", at: "s.a")
    #expect(changed == ["s.a", "s.a2", "s.a3", "s.ab"])
    #expect(state.value("s.parity") == .number(1))
  }

  @Test func sameTextOrUnknownOrReadOnlyPathChangesNothing() throws {
    var state = try chains()
    let before = state
    #expect(state.setText("1", at: "s.a").isEmpty)
    #expect(state.setText("9", at: "s.nowhere").isEmpty)
    #expect(state.setText("9", at: "s.ab").isEmpty)
    #expect(state == before)
    // Same value, different text: only the field itself changed.
    #expect(state.setText("1.0", at: "s.a") == ["s.a"])
    #expect(state.text("s.a") == "1.0")
  }

  @Test func textOfComputedFieldsAndBadInput() throws {
    var state = try chains()
    #expect(state.text("s.ab") == "2")
    let changed = state.setText("abc", at: "s.a")
    #expect(changed.isSuperset(of: ["s.a", "s.a2", "s.ab"]))
    #expect(state.value("s.a") == .text("abc"))
    #expect(state.text("s.a2") == "")
    #expect(state.evaluationError("s.a2") == .typeMismatch(operator: "*", found: "text and number"))
    #expect(state.evaluationError("s.a3") == .missingValue("s.a2"))
    _ = state.setText("", at: "s.a")
    #expect(state.evaluationError("s.a2") == .missingValue("s.a"))
    _ = state.setText("4", at: "s.a")
    #expect(state.evaluationError("s.a3") == nil)
    #expect(state.value("s.a3") == .number(9))
  }

  @Test func conditionsHideShowEnableAndDisableFields() throws {
    let schema = singleSection([
      FormField(id: "kind", label: "", inputType: .string),
      FormField(id: "company", label: "", inputType: .string, visibleIf: "kind == 'business'"),
      FormField(id: "vat", label: "", inputType: .numeric, enabledIf: "kind == 'business'"),
      FormField(
        id: "code", label: "", inputType: .string, rules: [.required],
        visibleIf: "not (kind == 'business')"),
      FormField(id: "other", label: "", inputType: .string),
      FormField(id: "broken", label: "", inputType: .string, visibleIf: "other"),
      FormField(id: "age", label: "", inputType: .numeric),
      FormField(id: "adult", label: "", inputType: .bool, visibleIf: "age >= 18"),
    ])
    var state = try FormEngine(schema: schema).makeState()
    #expect(!state.isVisible("s.company"))
    #expect(!state.isEnabled("s.vat"))
    #expect(state.isVisible("s.vat"))
    #expect(state.isVisible("s.code"))
    #expect(!state.isVisible("s.adult"))
    #expect(state.evaluationError("s.adult") == .missingValue("s.age"))

    let changed = state.setText("business", at: "s.kind")
    #expect(changed == ["s.kind", "s.company", "s.vat", "s.code"])
    #expect(state.isVisible("s.company"))
    #expect(state.isEnabled("s.vat"))
    #expect(!state.isVisible("s.code"))
    // Still hidden: only the reason changed, which no view shows.
    #expect(state.setText("x", at: "s.other") == ["s.other"])
    #expect(!state.isVisible("s.broken"))
    #expect(
      state.evaluationError("s.broken") == .typeMismatch(operator: "condition", found: "text"))

    #expect(state.setText("20", at: "s.age") == ["s.age", "s.adult"])
    #expect(state.isVisible("s.adult"))
    #expect(state.setText("30", at: "s.age") == ["s.age"])
    #expect(state.setText("private", at: "s.kind") == ["s.kind", "s.company", "s.vat", "s.code"])
    #expect(!state.isVisible("s.company"))
  }

  @Test func hiddenAndDisabledFieldsAreNotValidated() throws {
    let schema = singleSection([
      FormField(id: "kind", label: "", inputType: .string),
      FormField(
        id: "company", label: "", inputType: .string, rules: [.required],
        visibleIf: "kind == 'business'"),
      FormField(
        id: "vat", label: "", inputType: .string, rules: [.required],
        enabledIf: "kind == 'business'"),
      FormField(id: "name", label: "", inputType: .string, rules: [.required]),
    ])
    var state = try FormEngine(schema: schema).makeState()
    let context = ValidationContext(today: try #require(CalendarDate(year: 2026, month: 5, day: 1)))
    #expect(state.validate("s.company", in: context) == nil)
    #expect(state.validate("s.vat", in: context) == nil)
    #expect(state.validate("s.name", in: context) == .required)
    #expect(state.validate("s.nowhere", in: context) == nil)
    _ = state.setText("business", at: "s.kind")
    #expect(
      state.validationErrors(in: context) == [
        "s.company": .required, "s.vat": .required, "s.name": .required,
      ])
    _ = state.setText("Acme", at: "s.company")
    #expect(state.validate("s.company", in: context) == nil)
  }

  @Test func inputTextsRoundTripThroughMakeState() throws {
    let engine = try FormEngine(
      schema: .booking(language: .en),
      constants: FormSchema.bookingConstants(for: try BookingFormTests.offer(limits: 1...4)))
    var state = engine.makeState(repeatCounts: ["tourist": 2])
    _ = state.setText("Ivan", at: "tourist.2.firstName")
    _ = state.setText("+7 916", at: "buyer.phone")
    #expect(state.inputTexts == ["tourist.2.firstName": "Ivan", "buyer.phone": "+7 916"])
    let restored = engine.makeState(
      repeatCounts: ["tourist": 2],
      texts: state.inputTexts.merging(["price.total": "1"]) { a, _ in a })
    #expect(restored == state)
  }

  @Test func fieldPathsOrderNumbersNumerically() {
    let paths: [FieldPath] = ["tourist.10.a", "tourist.2.a", "buyer.phone", "tourist.2"]
    #expect(paths.sorted() == ["buyer.phone", "tourist.2", "tourist.2.a", "tourist.10.a"])
    let path = FieldPath(section: "tourist", index: 3, field: "lastName")
    #expect(path.rawValue == "tourist.3.lastName")
    #expect(path.sectionID == "tourist")
    #expect(path.repeatIndex == 3)
    #expect(path.fieldID == "lastName")
    #expect(FieldPath("buyer.phone").repeatIndex == nil)
  }
}

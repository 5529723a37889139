import Domain
import Testing

@Suite struct RepeatableSectionTests {
  let engine: FormEngine

  init() throws {
    engine = try FormEngine(
      schema: .booking(language: .en),
      constants: [
        FormSchema.BookingConstant.tourPrice: .number(100),
        FormSchema.BookingConstant.fuelCharge: .number(10),
        FormSchema.BookingConstant.serviceCharge: .number(1),
        FormSchema.BookingConstant.minTourists: .number(1),
        FormSchema.BookingConstant.maxTourists: .number(3),
      ])
  }

  @Test func startsAtTheMinimumAndClampsRequestedCounts() {
    #expect(engine.makeState().repeatCount("tourist") == 1)
    #expect(engine.makeState(repeatCounts: ["tourist": 9]).repeatCount("tourist") == 3)
    #expect(engine.makeState(repeatCounts: ["tourist": 0]).repeatCount("tourist") == 1)
    #expect(engine.makeState().repeatCount("buyer") == 1)
    #expect(engine.makeState().repeatCount("nowhere") == 0)
    #expect(engine.repeatBounds("tourist") == 1...3)
    #expect(engine.repeatBounds("buyer") == nil)
  }

  @Test func appendUpToTheMaximumThenRefuse() throws {
    var state = engine.makeState()
    let changed = try state.appendRepeat("tourist")
    let newFields = Set(
      ["firstName", "lastName", "birthDate", "citizenship", "passportNumber", "passportExpiry"]
        .map { FieldPath(section: "tourist", index: 2, field: $0) })
    #expect(changed == newFields.union(["price.tour", "price.fuelCharge", "price.total"]))
    #expect(state.value("price.total") == .number(221))
    _ = try state.appendRepeat("tourist")
    #expect(state.repeatCount("tourist") == 3)
    #expect(throws: FormEditError.atMaximum(3)) { try state.appendRepeat("tourist") }
    #expect(state.repeatCount("tourist") == 3)
    #expect(throws: FormEditError.unknownSection("buyer")) { try state.appendRepeat("buyer") }
    #expect(throws: FormEditError.unknownSection("nope")) { try state.appendRepeat("nope") }
  }

  @Test func removeDownToTheMinimumThenRefuse() throws {
    var state = engine.makeState(repeatCounts: ["tourist": 2])
    #expect(throws: FormEditError.noSuchInstance(3)) { try state.removeRepeat("tourist", at: 3) }
    #expect(throws: FormEditError.noSuchInstance(0)) { try state.removeRepeat("tourist", at: 0) }
    _ = try state.removeRepeat("tourist", at: 2)
    #expect(state.value("price.total") == .number(111))
    #expect(throws: FormEditError.atMinimum(1)) { try state.removeRepeat("tourist", at: 1) }
    #expect(state.repeatCount("tourist") == 1)
  }

  @Test func removingRenumbersLaterInstancesAndKeepsTheirText() throws {
    var state = engine.makeState(repeatCounts: ["tourist": 3])
    for index in 1...3 {
      _ = state.setText(
        "Name\(index)", at: FieldPath(section: "tourist", index: index, field: "firstName"))
    }
    _ = state.setText("Smith", at: "tourist.3.lastName")
    let changed = try state.removeRepeat("tourist", at: 2)
    #expect(state.text("tourist.1.firstName") == "Name1")
    #expect(state.text("tourist.2.firstName") == "Name3")
    #expect(state.text("tourist.2.lastName") == "Smith")
    #expect(!state.fieldPaths.contains("tourist.3.firstName"))
    #expect(changed.contains("tourist.2.firstName"))
    #expect(changed.contains("tourist.2.lastName"))
    #expect(changed.contains("tourist.3.birthDate"))
    #expect(!changed.contains("tourist.1.firstName"))
    #expect(!changed.contains("tourist.2.birthDate"))
    #expect(changed.contains("price.total"))
    #expect(!changed.contains("price.serviceCharge"))
    #expect(state.sectionInstances.map(\.id) == ["buyer", "tourist.1", "tourist.2", "price"])
  }

  @Test func boundsFallBackToTheSchemaWhenConstantsAreMissing() throws {
    let engine = try FormEngine(
      schema: .booking(language: .en),
      constants: [
        FormSchema.BookingConstant.tourPrice: .number(1),
        FormSchema.BookingConstant.fuelCharge: .number(1),
        FormSchema.BookingConstant.serviceCharge: .number(1),
      ])
    #expect(engine.repeatBounds("tourist") == 1...4)
  }

  @Test func boundsFromConstantsAreChecked() throws {
    var constants = FormSchema.bookingConstants(for: try BookingFormTests.offer(limits: 1...4))
    constants[FormSchema.BookingConstant.minTourists] = .number(5)
    #expect(
      compileError(.booking(language: .en), constants: constants)
        == .invalidRepeatBounds(section: "tourist", min: 5, max: 4))
  }

  @Test func aSectionMayRepeatZeroTimes() throws {
    let schema = FormSchema(sections: [
      FormSection(
        id: "child", title: "", repeatable: RepeatBounds(min: 0, max: 2),
        fields: [numberInput("age")]),
      FormSection(
        id: "sum", title: "",
        fields: [computed("n", "count(child)"), computed("ages", "sum(child.age)")]),
    ])
    var state = try FormEngine(schema: schema).makeState()
    #expect(state.repeatCount("child") == 0)
    #expect(state.value("sum.ages") == .number(0))
    #expect(state.fieldPaths == ["sum.n", "sum.ages"])
    let changed = try state.appendRepeat("child")
    #expect(changed == ["child.1.age", "sum.n", "sum.ages"])
    #expect(state.evaluationError("sum.ages") == .missingValue("child.age"))
    #expect(state.setText("7", at: "child.1.age") == ["child.1.age", "sum.ages"])
    #expect(state.value("sum.ages") == .number(7))
  }
}

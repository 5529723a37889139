import Domain
import Presentation
import TestSupport
import Testing
import UseCases

/// A designer's live preview: ``BookingViewModel/replaceSchema(_:)`` swaps the form's schema
/// and keeps what was typed where the field still exists.
@MainActor @Suite struct BookingSchemaReplacementTests {
  /// The built-in form with an optional buyer's `note` and tourist's `nickname` (after the last
  /// name).
  static func first() -> FormSchema {
    var schema = FormSchema.booking(language: .en)
    let buyer = schema.sections.firstIndex { $0.id == "buyer" } ?? 0
    schema.sections[buyer].fields.append(FormField(id: "note", label: "Note", inputType: .string))
    let tourist = schema.sections.firstIndex { $0.id == "tourist" } ?? 1
    schema.sections[tourist].fields.insert(
      FormField(id: "nickname", label: "Nickname", inputType: .string), at: 2)
    return schema
  }

  /// The built-in form with a required `buyer.name` first (no note, no nickname).
  static func edited() -> FormSchema {
    var schema = FormSchema.booking(language: .en)
    let buyer = schema.sections.firstIndex { $0.id == "buyer" } ?? 0
    schema.sections[buyer].fields.insert(
      FormField(id: "name", label: "Full name", inputType: .string, rules: [.required]), at: 0)
    return schema
  }

  /// Booking on `first()`, filled in with two tourists, a note and the second's nickname.
  static func filledFlow() async throws -> FlowHarness {
    let flow = FlowHarness(language: .en)
    flow.server.setFormSchema(first())
    try await flow.openBooking()
    try await flow.fillValidForm(tourists: 2)
    try await flow.type("booking.buyer.note", "Late arrival")
    try await flow.type("booking.tourist.2.nickname", "Vanya")
    return flow
  }

  @Test func valuesAreKeptRemovedFieldsDroppedAndANewRequiredFieldIsNotValid() async throws {
    let flow = try await Self.filledFlow()
    let booking = try #require(flow.booking)
    booking.focusedField = FieldPath("tourist.2.lastName")
    let phone = try #require(flow.value("booking.buyer.phone"))

    try booking.replaceSchema(Self.edited())

    #expect(flow.value("booking.buyer.phone") == phone)
    #expect(flow.value("booking.tourist.2.firstName") == "Ivan")
    #expect(flow.value("booking.tourist.1.lastName") == "Petrov")
    #expect(flow.value("booking.buyer.email") == Samples.buyerInput.email)
    #expect(flow.snapshot.field("booking.buyer.note") == nil)
    #expect(flow.snapshot.field("booking.tourist.2.nickname") == nil)
    #expect(booking.input.fields[FieldPath("buyer.note")] == nil)
    #expect(booking.input.fields[FieldPath("tourist.2.nickname")] == nil)
    #expect(booking.input.touristCount == 2)
    #expect(booking.state.validation.problems[FieldPath("buyer.name")] != nil)
    #expect(!booking.state.validation.isComplete)
    #expect(booking.focusedField == FieldPath("tourist.2.lastName"))
    let draft = try #require(try await flow.savedDraft())
    #expect(draft.fields["buyer.note"] == nil)
    #expect(draft.fields["tourist.2.firstName"] == "Ivan")
  }

  @Test func theFocusOfARemovedFieldMovesToTheNextField() async throws {
    let flow = try await Self.filledFlow()
    let booking = try #require(flow.booking)
    booking.focusedField = FieldPath("tourist.2.nickname")

    try booking.replaceSchema(Self.edited())

    #expect(booking.focusedField == FieldPath("tourist.2.birthDate"))
    #expect(flow.snapshot.focus == "booking.tourist.2.birthDate")
  }

  @Test func theFieldBeingTypedIntoShowsNoErrorUntilItIsLeft() async throws {
    let flow = try await Self.filledFlow()
    let booking = try #require(flow.booking)
    booking.focusedField = FieldPath("buyer.phone")
    booking.fieldChanged(FieldPath("buyer.phone"), to: "916")
    #expect(flow.error("booking.buyer.phone") == nil)

    try booking.replaceSchema(Self.edited())

    #expect(flow.error("booking.buyer.phone") == nil)
    #expect(flow.error("booking.buyer.name") == nil)
    booking.focusedField = FieldPath("buyer.email")
    #expect(flow.error("booking.buyer.phone") != nil)
  }

  @Test func aSchemaThatCannotPlaceAnOrderIsRefusedAndTheFormStays() async throws {
    let flow = try await Self.filledFlow()
    let booking = try #require(flow.booking)
    let before = flow.fieldRows
    var schema = Self.edited()
    schema.sections.removeAll { $0.id == "tourist" }

    #expect(throws: SchemaRefusal.self) { try booking.replaceSchema(schema) }

    #expect(flow.fieldRows == before)
    #expect(flow.value("booking.buyer.note") == "Late arrival")
  }
}

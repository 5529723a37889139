import Domain
import Presentation
import TestSupport
import Testing
import UseCases

/// The focused field becomes hidden or locked while the person is in it (a server's answer
/// changes a condition): the focus moves on to the next field a person can edit, and typing
/// never edits a hidden or locked field.
@MainActor @Suite struct BookingFocusTests {
  let calculator = ControlledCalculator()
  let flow: FlowHarness

  init() {
    flow = FlowHarness(calculator: calculator.calculator)
  }

  /// The fixture's form plus `extras.note` right after the promo code, shown (`visible_if`) or
  /// editable (`enabled_if`) only while there is no discount.
  static func schema(lockedBy property: String) -> FormSchema {
    var schema = FormSchema.withExtras()
    let extras = schema.sections.firstIndex { $0.id == "extras" } ?? 0
    var note = FormField(id: "note", label: "Note", inputType: .string)
    if property == "visible_if" {
      note.visibleIf = "price.discount == ''"
    } else {
      note.enabledIf = "price.discount == ''"
    }
    schema.sections[extras].fields.insert(note, at: 1)
    return schema
  }

  /// Types SUMMER10, focuses the note, and lands the server's discount.
  func discountLandsWhileTheNoteIsFocused() async throws {
    try await flow.openBooking()
    try await flow.coordinator.send(.type("booking.extras.promoCode", "SUMMER10"))
    try await flow.coordinator.send(.type("booking.extras.note", "Window"))
    #expect(flow.snapshot.focus == "booking.extras.note")
    await flow.advance(by: .milliseconds(300))
    #expect(await calculator.waitForRequests(1), "the calculation never started")
    calculator.answer("SUMMER10", with: .success(.number(-28_940)))
    await flow.coordinator.settle()
    #expect(flow.value("booking.price.discount") == "-28 940 ₽")
  }

  @Test(arguments: ["visible_if", "enabled_if"])
  func theFocusMovesOnToTheNextFieldAPersonCanEdit(property: String) async throws {
    flow.server.setFormSchema(Self.schema(lockedBy: property))
    try await discountLandsWhileTheNoteIsFocused()
    let booking = try #require(flow.booking)
    // Before: the focus stayed on a field that was gone or locked.
    #expect(booking.focusedField == "extras.transfer")
    #expect(flow.snapshot.focus == "booking.extras.transfer")
    // Typing never edits it: not through the host's binding, not by a script.
    booking[text: "extras.note"] = "Aisle"
    #expect(booking.state.data.form?.text("extras.note") == "Window")
    #expect(booking.focusedField == "extras.transfer")
    // A host cannot put the focus back on it either.
    booking.fieldFocused("extras.note")
    #expect(booking.focusedField == "extras.transfer")
    // It is not marked valid or invalid for having been left.
    #expect(booking.state.validation.checks["extras.note"] == nil)
    // The total and Pay follow the answer.
    #expect(flow.value("booking.price.total") == "271 910 ₽")
    #expect(flow.snapshot.button("booking.pay")?.title == "Pay 271 910 ₽")
  }

  /// A locked field still counts with what it shows, and the order carries it: it is on
  /// screen, read-only (decided in Docs/FormSchema.md, "Locked fields").
  @Test func aLockedFieldCountsAndIsSent() async throws {
    flow.server.setFormSchema(Self.schema(lockedBy: "enabled_if"))
    try await discountLandsWhileTheNoteIsFocused()
    #expect(flow.snapshot.field("booking.extras.note")?.isEnabled == false)
    #expect(flow.value("booking.extras.note") == "Window")
    try await flow.fillValidForm()
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.screen == .paid)
    let order = try #require(flow.server.acceptedOrders.first)
    #expect(order.request.form["extras.note"] == "Window")
  }

  /// The last field a person can edit hides: editing ends (the full-screen app then puts its
  /// focus on the element now where the field was).
  @Test func theLastEditableFieldHidingEndsEditing() async throws {
    var schema = FormSchema.withExtras()
    let extras = schema.sections.firstIndex { $0.id == "extras" } ?? 0
    schema.sections[extras].fields.append(
      FormField(
        id: "note", label: "Note", inputType: .string, visibleIf: "price.discount == ''"))
    flow.server.setFormSchema(schema)
    try await flow.openBooking()
    try await flow.coordinator.send(.type("booking.extras.promoCode", "SUMMER10"))
    try await flow.coordinator.send(.type("booking.extras.note", "Window"))
    await flow.advance(by: .milliseconds(300))
    #expect(await calculator.waitForRequests(1), "the calculation never started")
    calculator.answer("SUMMER10", with: .success(.number(-28_940)))
    await flow.coordinator.settle()
    #expect(flow.booking?.focusedField == nil)
    #expect(flow.snapshot.focus == nil)
  }

  /// A field its own edit locks (its `enabled_if` reads a field computed from it): the focus
  /// moves on once the edit is made, and what was typed stays.
  @Test func aFieldItsOwnEditLocksGivesUpTheFocus() async throws {
    var schema = FormSchema.withExtras()
    let extras = try #require(schema.sections.firstIndex { $0.id == "extras" })
    schema.sections[extras].fields.insert(
      contentsOf: [
        FormField(id: "seat", label: "Seat", inputType: .string, enabledIf: "chosen == false"),
        FormField(id: "chosen", label: "Chosen", inputType: .none, compute: "seat != ''"),
      ], at: 1)
    flow.server.setFormSchema(schema)
    try await flow.openBooking()
    try await flow.type("booking.extras.seat", "12A")
    #expect(flow.booking?.focusedField == "extras.transfer")
    #expect(flow.value("booking.extras.seat") == "12A")
    #expect(flow.snapshot.field("booking.extras.seat")?.isEnabled == false)
  }
}

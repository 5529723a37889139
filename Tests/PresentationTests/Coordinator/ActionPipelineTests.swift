import Domain
import Presentation
import TestSupport
import Testing
import UseCases

/// One pipeline for an action on an element (SPEC section 10): a typed handle in, the action
/// performed or refused with a typed reason that the Localizer words in both languages; the
/// script surface (`send`) reads an ID into a handle and gets the same refusals.
@MainActor @Suite struct ActionPipelineTests {
  let flow = FlowHarness()

  @Test func typedHandlesActAndRefuseWithTypedReasons() async throws {
    try await flow.openBooking()
    let coordinator = flow.coordinator
    #expect(throws: ActionError.readOnly("booking.price.total")) {
      try coordinator.type("1", into: .field("price.total"))
    }
    #expect(throws: ActionError.notAField("booking.pay")) {
      try coordinator.type("1", into: .button(.pay))
    }
    #expect(throws: ActionError.unknownElement("paid.done", available: flow.snapshot.availableIDs))
    {
      try coordinator.tap(.button(.done))
    }
    try coordinator.tap(.button(.addTourist))
    try coordinator.tap(.section(.form(SectionInstance(sectionID: "tourist", index: 2))))
    #expect(throws: ActionError.insideCollapsedSection("booking.tourist.2.remove")) {
      try coordinator.tap(.button(.removeTourist(2)))
    }
    // A field of a folded section can be typed into: focusing it unfolds the section.
    try coordinator.type("Anna", into: .field("tourist.2.firstName"))
    #expect(flow.section("booking.tourist.2")?.isExpanded == true)
    #expect(flow.booking?.focusedField == "tourist.2.firstName")
    try coordinator.tap(.button(.removeTourist(2)))
    #expect(flow.section("booking.tourist.2") == nil)
  }

  @Test func theScriptSurfaceGetsTheSameRefusals() async throws {
    try await flow.openBooking()
    await #expect(throws: ActionError.readOnly("booking.price.total")) {
      try await flow.coordinator.send(.type("booking.price.total", "1"))
    }
    await #expect(
      throws: ActionError.unknownElement("nothing", available: flow.snapshot.availableIDs)
    ) {
      try await flow.coordinator.send(.tap("nothing"))
    }
  }

  @Test(arguments: [
    (
      ActionError.disabled("booking.pay"), "the button is disabled", "кнопка недоступна"
    ),
    (.readOnly("booking.price.total"), "the field is read-only", "поле только для чтения"),
    (
      .notAField("booking.pay"), "that is a button; use: tap booking.pay",
      "это кнопка; используйте: tap booking.pay"
    ),
    (
      .insideCollapsedSection("booking.tourist.2.remove"),
      "it is inside a collapsed section; tap the section first",
      "элемент внутри свёрнутой секции; сначала нажмите на секцию"
    ),
    (
      .unknownElement("paid.done", available: []), "there is no 'paid.done' on the booking screen",
      "на экране booking нет 'paid.done'"
    ),
    (.cannotGoBack(.paid), "there is no screen before paid", "перед экраном paid нет другого"),
  ])
  func eachRefusalIsWordedInBothLanguages(error: ActionError, english: String, russian: String) {
    #expect(Localizer(language: .en).actionError(error, on: .booking) == english)
    #expect(Localizer(language: .ru).actionError(error, on: .booking) == russian)
  }

  /// A path's kinds print as a host's log or a failed `#expect` shows them.
  @Test func aScreenKindPrintsAsItsScriptName() {
    #expect(String(reflecting: ScreenKind.rooms) == "rooms")
    #expect("\([ScreenKind.rooms, .booking])" == "[rooms, booking]")
  }
}

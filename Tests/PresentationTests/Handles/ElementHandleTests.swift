import Domain
import Presentation
import TestSupport
import Testing
import UseCases

/// Accessibility IDs are made from typed handles in one place and read back in one place: every
/// ID of every screen parses back to the handle its model carries.
@MainActor @Suite struct ElementHandleTests {
  let flow = FlowHarness()

  @Test(arguments: [
    (ElementHandle.button(.showRooms), "hotel.chooseRoom"),
    (.button(.photo(.hotel, .next)), "hotel.photos.next"),
    (.button(.photo(.room(2), .previous)), "rooms.room.2.photos.previous"),
    (.button(.chooseRoom(1)), "rooms.room.1.choose"),
    (.button(.roomsPage(.next)), "rooms.page.next"),
    (.button(.roomsPage(.previous)), "rooms.page.previous"),
    (.button(.retry(.rooms)), "rooms.retry"),
    (.button(.addTourist), "booking.addTourist"),
    (.button(.removeTourist(3)), "booking.tourist.3.remove"),
    (.button(.pay), "booking.pay"),
    (.button(.done), "paid.done"),
    (.section(.form(SectionInstance(sectionID: "tourist", index: 2))), "booking.tourist.2"),
    (.section(.form(SectionInstance(sectionID: "price"))), "booking.price"),
    (.section(.room(1)), "rooms.room.1"),
    (.field("buyer.email"), "booking.buyer.email"),
    (.button(.retryCalculation("price.discount")), "booking.price.discount.retry"),
    (.button(.retryCalculation("tourist.2.insurance")), "booking.tourist.2.insurance.retry"),
    (.field("tourist.2.firstName"), "booking.tourist.2.firstName"),
  ])
  func handlesAndIDsRoundTrip(handle: ElementHandle, id: String) {
    #expect(handle.accessibilityID == id)
    #expect(ElementHandle(accessibilityID: id) == handle)
  }

  @Test(arguments: [
    "", "hotel", "hotel.", "hotel.photos.sideways", "rooms.room.x.choose", "paid.again",
    "nowhere.retry", "booking.a.b.c.d", "booking..pay",
  ])
  func idsNoElementCouldHaveAreRefused(id: String) {
    #expect(ElementHandle(accessibilityID: id) == nil)
  }

  @Test func everyIDOnEveryScreenParsesToItsModelsHandle() async throws {
    try await flow.openBooking()
    try await flow.tap("booking.addTourist")
    var seen = 0
    for screen in [flow.snapshot] {
      for (element, _) in screen.elements {
        switch element {
        case .field(let field):
          #expect(ElementHandle(accessibilityID: field.id) == .field(field.path))
        case .button(let button):
          let parsed = ElementHandle(accessibilityID: button.id)
          if case .toggle(let section) = button.action {
            #expect(parsed == .section(section))
          } else {
            #expect(parsed == .button(button.action))
          }
        }
        seen += 1
      }
    }
    #expect(seen > 20)
  }

  @Test func aToggleOfASectionTheFormDoesNotCollapseChangesNothing() async throws {
    try await flow.openBooking()
    let booking = try #require(flow.booking)
    let before = booking.state
    booking.sectionToggled(SectionInstance(sectionID: "buyer"))
    booking.sectionToggled(SectionInstance(sectionID: "tourist", index: 7))
    booking.perform(.toggle(.bookingDetails))
    #expect(booking.state == before)
    booking.perform(.toggle(.form(SectionInstance(sectionID: "tourist", index: 1))))
    #expect(
      booking.state.ui.collapsed
        == before.ui.collapsed.union([SectionInstance(sectionID: "tourist", index: 1)]))
  }

  @Test func aButtonInsideACollapsedSectionCannotBeTappedButItsFieldsCanBeTypedInto()
    async throws
  {
    try await flow.openBooking()
    try await flow.tap("booking.addTourist")
    try await flow.tap("booking.tourist.2")
    #expect(flow.section("booking.tourist.2")?.isExpanded == false)
    await #expect(throws: ActionError.insideCollapsedSection("booking.tourist.2.remove")) {
      try await flow.coordinator.send(.tap("booking.tourist.2.remove"))
    }
    #expect(!flow.snapshot.availableIDs.contains("booking.tourist.2.remove"))
    #expect(flow.snapshot.availableIDs.contains("booking.tourist.2.firstName"))
    try await flow.type("booking.tourist.2.firstName", "Anna")
    #expect(flow.section("booking.tourist.2")?.isExpanded == true)
  }
}

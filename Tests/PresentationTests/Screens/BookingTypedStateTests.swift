import Domain
import Presentation
import TestSupport
import Testing
import UseCases

/// Booking's state is typed, not strings parsed back: folded sections are section instances,
/// renumbered as handles when a tourist goes; a date field's day is read by the view model.
@MainActor @Suite struct BookingTypedStateTests {
  let flow = FlowHarness()

  @Test func foldedTouristsMoveUpAsHandlesWhenOneBeforeThemGoes() async throws {
    try await flow.openBooking()
    try await flow.tap("booking.addTourist")
    try await flow.tap("booking.addTourist")
    let booking = try #require(flow.booking)
    let third = SectionInstance(sectionID: "tourist", index: 3)
    booking.sectionToggled(third)
    #expect(booking.state.ui.collapsed.contains(third))
    booking.removeTouristTapped(2)
    let second = SectionInstance(sectionID: "tourist", index: 2)
    #expect(booking.state.ui.collapsed.contains(second))
    #expect(!booking.state.ui.collapsed.contains(third))
    #expect(flow.section("booking.tourist.2")?.isExpanded == false)
  }

  @Test func aDateFieldsDayIsReadByTheViewModel() async throws {
    try await flow.openBooking()
    let booking = try #require(flow.booking)
    let birth = FieldPath("tourist.1.birthDate")
    #expect(booking.date(at: birth) == nil)
    booking.fieldChanged(birth, to: "0102199")
    #expect(booking.date(at: birth) == nil, "not a whole date yet")
    booking.fieldChanged(birth, to: "01021990")
    #expect(booking.date(at: birth) == CalendarDate(year: 1990, month: 2, day: 1))
    #expect(booking.date(at: "tourist.1.firstName") == nil, "not a date field")
  }

  /// The focus after a Remove is Booking's rule, the same for every host: the tourist now in
  /// the removed one's place, else Add tourist.
  @Test func afterRemovingATouristTheFocusGoesToTheNextOneElseAddTourist() async throws {
    try await flow.openBooking()
    try await flow.tap("booking.addTourist")
    try await flow.tap("booking.addTourist")
    let booking = try #require(flow.booking)
    booking.removeTouristTapped(2)
    let second = SectionInstance(sectionID: "tourist", index: 2)
    #expect(booking.focusAfterRemovingTourist(at: 2) == .section(.form(second)))
    booking.removeTouristTapped(2)
    #expect(booking.focusAfterRemovingTourist(at: 2) == .button(.addTourist))
  }
}

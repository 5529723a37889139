import Domain
import Presentation
import TestSupport
import Testing
import UseCases

/// What depends on today (SPEC section 4), the phone's dropped digits, and a booking held by
/// another session (SPEC section 5.4).
@MainActor @Suite struct BookingTodayTests {
  @Test(arguments: [Samples.date(2027, 9, 19), Samples.date(2027, 9, 25)])
  func aTourThatHasStartedCannotBeBooked(today: CalendarDate) async throws {
    let flow = FlowHarness(today: today)
    try await flow.openBooking()
    #expect(flow.snapshot.notice == "This tour started on 19 September 2027")
    try await flow.fillValidForm()
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.screen == .booking)
    #expect(flow.snapshot.toast == "This tour started on 19 September 2027")
    #expect(flow.server.acceptedOrders.isEmpty)
  }

  @Test func theDayBeforeTheTourItCanBeBooked() async throws {
    let flow = FlowHarness(today: Samples.date(2027, 9, 18))
    try await flow.openBooking()
    #expect(flow.snapshot.notice == nil)
    try await flow.fillValidForm()
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.screen == .paid)
  }

  @Test func russianSaysTheTourStarted() async throws {
    let flow = FlowHarness(language: .ru, today: Samples.date(2027, 9, 25))
    try await flow.openBooking()
    #expect(flow.snapshot.notice == "Этот тур начался 19 сентября 2027 г.")
  }

  @Test func digitsPastACompletePhoneNumberAreKeptAndRefused() async throws {
    let flow = FlowHarness(language: .ru)
    try await flow.openBooking()
    try await flow.type("booking.buyer.phone", "916123456789")
    #expect(flow.value("booking.buyer.phone") == "+7 (916) 123-45-6789")
    #expect(flow.snapshot.toast == nil)
    try await flow.tap("booking.pay")
    #expect(flow.error("booking.buyer.phone") == "Номер уже полный: 2 лишние цифры")
    try await flow.type("booking.buyer.phone", "9161234567")
    #expect(flow.error("booking.buyer.phone") == nil)
  }

  @Test func digitsPastACompleteDateAreReportedNotDroppedSilently() async throws {
    let flow = FlowHarness(language: .ru)
    try await flow.openBooking()
    try await flow.type("booking.tourist.1.birthDate", "15.03.19901")
    #expect(flow.value("booking.tourist.1.birthDate") == "15.03.1990")
    #expect(flow.snapshot.toast == "Дата уже полная: лишние цифры 1 не вошли")
    try await flow.type("booking.tourist.1.birthDate", "15.03.1990")
    #expect(flow.snapshot.toast == nil)
  }

  @Test func aToastStaysWhileTheFocusMovesAndGoesWithTheNextChange() async throws {
    let flow = FlowHarness()
    try await flow.openBooking()
    try await flow.type("booking.tourist.1.birthDate", "15.03.19901")
    let toast = "The date is complete: the extra digits 1 were left out"
    #expect(flow.snapshot.toast == toast)
    let booking = try #require(flow.booking)
    let email = FieldPath("buyer.email")
    booking.fieldFocused(email)
    #expect(booking.focusedField == email)
    #expect(flow.snapshot.toast == toast, "Tab does not chase the toast away")
    booking.fieldFocused(nil)
    #expect(flow.snapshot.toast == toast)
    try await flow.type("booking.buyer.email", "i")
    #expect(flow.snapshot.toast == nil, "the next change does")
  }

  @Test func aPasteLongerThanAFieldKeepsIsReportedNotCutSilently() async throws {
    let flow = FlowHarness()
    try await flow.openBooking()
    // A 200 KB e-mail pasted whole.
    let email = String(repeating: "a", count: 200_000) + "@example.com"
    try await flow.type("booking.buyer.email", email)
    #expect(flow.value("booking.buyer.email") == String(repeating: "a", count: 1_000))
    #expect(
      flow.snapshot.toast
        == "The text is too long: the field kept its first 1000 characters, the rest was left out")
    try await flow.type("booking.buyer.email", "ivan@example.com")
    #expect(flow.snapshot.toast == nil)
  }

  @Test func aLongPasteIsCutAtACharacterAndSaidInRussian() async throws {
    let flow = FlowHarness(language: .ru)
    try await flow.openBooking()
    // 1 000 characters of several bytes each (an emoji family, a combining mark), then more.
    let text = String(repeating: "👨‍👩‍👧", count: 999) + "é" + "Иван"
    try await flow.type("booking.tourist.1.firstName", text)
    #expect(flow.value("booking.tourist.1.firstName") == String(repeating: "👨‍👩‍👧", count: 999) + "é")
    #expect(
      flow.snapshot.toast
        == "Текст слишком длинный: в поле остались первые 1000 символов, остальное не вошло")
    // Exactly the longest text: kept whole, nothing said (it is over 1 000 bytes).
    try await flow.type("booking.tourist.1.firstName", String(repeating: "Ж", count: 1_000))
    #expect(flow.value("booking.tourist.1.firstName")?.count == 1_000)
    #expect(flow.snapshot.toast == nil)
  }

  @Test func aBookingHeldByAnotherSessionSaysItsChangesAreNotSaved() async throws {
    let flow = FlowHarness(
      draft: BookingDraft(stack: [.hotel, .rooms, .booking(roomID: 2)], fields: [:]))
    await flow.coordinator.start(draftHeldElsewhere: true)
    await flow.coordinator.settle()
    #expect(flow.snapshot.screen == .booking)
    #expect(
      flow.snapshot.notice?.contains(
        "Another session holds this booking: changes here are not saved") == true)
    try await flow.type("booking.buyer.email", "ivan@example.com")
    #expect(
      flow.snapshot.notice == "Another session holds this booking: changes here are not saved",
      "it stays while the screen is shown")
  }
}

import Domain
import Presentation
import TestSupport
import Testing
import UseCases

/// A booking restored (or carried from another room) with more tourists than the offer takes: the
/// tourists past its maximum cannot be shown, and the screen says they were removed.
@MainActor @Suite struct BookingTouristLimitTests {
  private static func restored(
    touristCount: Int, limits: ClosedRange<Int>, language: Language = .en
  ) async -> FlowHarness {
    let flow = FlowHarness(
      language: language,
      draft: BookingDraft(
        stack: [.hotel, .rooms, .booking(roomID: 2)],
        fields: ["tourist.3.firstName": "Anna"], touristCount: touristCount))
    flow.server.setTouristLimits(limits)
    await flow.start()
    return flow
  }

  @Test(arguments: [
    (
      Language.en, 3, 1...1,
      "Restored your unfinished booking · This offer now takes at most 1 tourist: "
        + "tourists 2–3 were removed"
    ),
    (
      .en, 3, 1...2,
      "Restored your unfinished booking · This offer now takes at most 2 tourists: "
        + "tourist 3 was removed"
    ),
    (
      .ru, 4, 1...2,
      "Восстановлено незавершённое бронирование · Это предложение теперь допускает не больше "
        + "2 туристов: туристы 3–4 убраны"
    ),
  ])
  func touristsPastTheOffersMaximumAreNamedAsRemoved(
    language: Language, touristCount: Int, limits: ClosedRange<Int>, notice: String
  ) async throws {
    let flow = await Self.restored(
      touristCount: touristCount, limits: limits, language: language)
    #expect(flow.snapshot.screen == .booking)
    #expect(flow.snapshot.notice == notice)
    #expect(flow.snapshot.field("booking.tourist.\(limits.upperBound + 1).firstName") == nil)
  }

  /// Within the offer's limits: no such notice.
  @Test func aBookingWithinTheLimitsSaysNothingMore() async throws {
    let flow = await Self.restored(touristCount: 3, limits: 1...4)
    #expect(flow.snapshot.notice == "Restored your unfinished booking")
    #expect(flow.value("booking.tourist.3.firstName") == "Anna")
  }
}

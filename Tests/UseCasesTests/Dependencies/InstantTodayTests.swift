import Domain
import Foundation
import TestSupport
import Testing
import UseCases

/// `--today` moves an order's date: ``Dependencies/instantToday(in:)``.
@Suite struct InstantTodayTests {
  static let utc = TimeZone.gmt

  static func day(of instant: Date, in timeZone: TimeZone) -> CalendarDate {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return CalendarDate(instant, in: calendar)
  }

  @Test func whenNowIsOnTodayItIsNowItself() {
    let dependencies = Dependencies.test()
    #expect(dependencies.instantToday(in: Self.utc) == Samples.now)
  }

  @Test func anotherTodayMovesNowByWholeDaysKeepingTheTimeOfDay() throws {
    let today = try #require(CalendarDate(year: 2027, month: 9, day: 25))
    let dependencies = Dependencies.test(today: today)
    let moved = dependencies.instantToday(in: Self.utc)
    #expect(Self.day(of: moved, in: Self.utc) == today)
    let seconds = moved.timeIntervalSince(Samples.now)
    #expect(seconds.truncatingRemainder(dividingBy: 86_400) == 0)
    #expect(seconds / 86_400 == 253)
  }

  @Test func theDayIsTodayInTheGivenTimeZone() throws {
    let today = try #require(CalendarDate(year: 2026, month: 6, day: 1))
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    let moved = Dependencies.test(today: today).instantToday(in: tokyo)
    #expect(Self.day(of: moved, in: tokyo) == today)
  }

  @Test func anOrdersPlacedAtFollowsTheInjectedToday() async throws {
    let today = try #require(CalendarDate(year: 2027, month: 9, day: 10))
    let service = BookingService(
      api: InMemoryBookingAPI().api, orders: .inMemory(), drafts: .inMemory(),
      dependencies: .test(today: today))
    let order = try await service.submitOrder(
      PendingOrder(idempotencyKey: "key-1", request: BookingServiceTests.request()))
    #expect(Self.day(of: order.placedAt, in: .current) == today)
  }
}

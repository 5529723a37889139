import Domain
import Foundation

/// Every global the application touches, injected: time, "today", identifiers, randomness and the
/// language.
///
/// The app builds ``live(language:today:)``; tests build their own.
public struct Dependencies: Sendable {
  /// The clock for waits, timeouts, debouncing and backoff (a test clock in tests).
  public var clock: any Clock<Duration>
  /// The current instant (for timestamps on orders and cache entries).
  public var now: @Sendable () -> Date
  /// Today's date in the user's calendar (birth dates must be before it).
  public var today: @Sendable () -> CalendarDate
  /// A new unique identifier (idempotency keys).
  public var uuid: @Sendable () -> UUID
  /// A random number in `0..<1` (retry jitter).
  public var random: @Sendable () -> Double
  /// The language of the UI and of the API's content.
  public var language: Language

  /// Creates dependencies from their parts.
  public init(
    clock: any Clock<Duration>, now: @escaping @Sendable () -> Date,
    today: @escaping @Sendable () -> CalendarDate, uuid: @escaping @Sendable () -> UUID,
    random: @escaping @Sendable () -> Double, language: Language
  ) {
    self.clock = clock
    self.now = now
    self.today = today
    self.uuid = uuid
    self.random = random
    self.language = language
  }

  /// The Gregorian calendar in the user's time zone, with no locale: "today" is a Gregorian
  /// day wherever the user is (`Calendar.current` may be Buddhist or Japanese), and a calendar
  /// without a locale needs no ICU data (opening ICU's calendar would slow the first Booking
  /// screen).
  private static var localGregorian: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    return calendar
  }

  /// The real clock, time zone and random numbers; `today` fixed when given (`--today`).
  public static func live(
    language: Language, today fixedToday: CalendarDate? = nil
  )
    -> Dependencies
  {
    Dependencies(
      clock: ContinuousClock(),
      now: { Date() },
      today: {
        if let fixedToday { return fixedToday }
        return CalendarDate(Date(), in: localGregorian)
      },
      uuid: { UUID() },
      random: { Double.random(in: 0..<1) },
      language: language
    )
  }

  /// The current instant on the injected today: ``now`` moved by whole days so that it falls on
  /// ``today`` in `timeZone`, at the same time of day (unchanged when they agree).
  ///
  /// An order's `placedAt` is taken from it, so `--today` moves an order's date as it moves every
  /// other date (SPEC section 4); ``now`` itself stays the real instant, for the cache and
  /// `Retry-After`.
  public func instantToday(in timeZone: TimeZone = .current) -> Date {
    let now = now()
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let real = CalendarDate(now, in: calendar)
    let wanted = today()
    guard real != wanted else { return now }
    var utc = Calendar(identifier: .gregorian)
    utc.timeZone = .gmt
    func noon(_ date: CalendarDate) -> Date? {
      utc.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12))
    }
    guard let from = noon(real), let to = noon(wanted),
      let days = utc.dateComponents([.day], from: from, to: to).day,
      let moved = calendar.date(byAdding: .day, value: days, to: now)
    else { return now }
    return moved
  }
}

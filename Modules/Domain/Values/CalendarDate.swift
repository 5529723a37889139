import Foundation

/// A day on the calendar (year, month, day) with no time and no time zone.
///
/// Tour dates, birth dates and passport expiry dates are calendar dates: comparing them never
/// depends on the time of day or on where the program runs. A value is always a real date
/// (no 31.02, no 29.02 of a common year).
///
/// ```swift
/// let start = try CalendarDate(parsing: "19.09.2027")   // dd.MM.yyyy
/// let same = try CalendarDate(parsing: "2027-09-19")    // yyyy-MM-dd
/// start == same  // true
/// ```
public struct CalendarDate: Hashable, Comparable, Sendable {
  /// The year, 1...9999.
  public let year: Int
  /// The month, 1...12.
  public let month: Int
  /// The day of the month, 1...28/29/30/31 depending on the month.
  public let day: Int

  /// Creates a date from its parts, or returns `nil` when they name no real day.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...CalendarDate.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day on which `instant` falls in `calendar` (its time zone decides around midnight).
  public init(_ instant: Date, in calendar: Calendar) {
    let parts = calendar.dateComponents([.year, .month, .day], from: instant)
    let year = min(max(parts.year ?? 1, 1), 9999)
    let month = min(max(parts.month ?? 1, 1), 12)
    let day = min(max(parts.day ?? 1, 1), CalendarDate.daysIn(month: month, year: year))
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses `dd.MM.yyyy` or `yyyy-MM-dd` (surrounding white space is ignored; digits of other
  /// scripts count as their ASCII digits).
  /// - Throws: ``ValidationError/dateFormat`` when the text is in neither format, and
  ///   ``ValidationError/dateNotReal`` when it is well-formed but names no real day.
  public init(parsing text: String) throws(ValidationError) {
    let trimmed = text.trimmingWhitespace().withASCIIDigits()
    let parts: [Substring]
    let order: (year: Int, month: Int, day: Int)
    if trimmed.contains(Character(".")) {
      parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 3, parts[0].count == 2, parts[1].count == 2, parts[2].count == 4 else {
        throw .dateFormat
      }
      order = (2, 1, 0)
    } else if trimmed.contains(Character("-")) {
      parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2 else {
        throw .dateFormat
      }
      order = (0, 1, 2)
    } else {
      throw .dateFormat
    }
    guard parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
      let year = Int(parts[order.year]), let month = Int(parts[order.month]),
      let day = Int(parts[order.day])
    else { throw .dateFormat }
    guard let date = CalendarDate(year: year, month: month, day: day) else { throw .dateNotReal }
    self = date
  }

  /// The date as `dd.MM.yyyy`, the form the API and the Russian UI use.
  public var dottedString: String {
    "\(Self.pad(day, 2)).\(Self.pad(month, 2)).\(Self.pad(year, 4))"
  }

  /// The date as ISO 8601 `yyyy-MM-dd`.
  public var isoString: String {
    "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))"
  }

  /// Whether `year` is a leap year in the proleptic Gregorian calendar.
  static func isLeap(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// The number of days in `month` of `year`.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// The same day and month `years` years later (or earlier when negative); 29 February
  /// becomes 28 February in a common year.
  public func adding(years: Int) -> CalendarDate {
    let newYear = min(max(year + years, 1), 9999)
    let newDay = min(day, CalendarDate.daysIn(month: month, year: newYear))
    return CalendarDate(year: newYear, month: month, day: newDay) ?? self
  }

  /// The first day a calendar date can be, 1 January of the year 1.
  public static let earliest = CalendarDate(checkedYear: 1, month: 1, day: 1)
  /// The last day a calendar date can be, 31 December 9999.
  public static let latest = CalendarDate(checkedYear: 9999, month: 12, day: 31)

  /// A date from parts known to name a real day.
  private init(checkedYear year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day after this one (``latest`` stays itself).
  var nextDay: CalendarDate {
    if day < CalendarDate.daysIn(month: month, year: year) {
      return CalendarDate(checkedYear: year, month: month, day: day + 1)
    }
    if month < 12 { return CalendarDate(checkedYear: year, month: month + 1, day: 1) }
    return year < 9999 ? CalendarDate(checkedYear: year + 1, month: 1, day: 1) : self
  }

  /// The day before this one (``earliest`` stays itself).
  var previousDay: CalendarDate {
    if day > 1 { return CalendarDate(checkedYear: year, month: month, day: day - 1) }
    if month > 1 {
      let previous = month - 1
      return CalendarDate(
        checkedYear: year, month: previous, day: CalendarDate.daysIn(month: previous, year: year))
    }
    return year > 1 ? CalendarDate(checkedYear: year - 1, month: 12, day: 31) : self
  }

  /// Earlier dates come first.
  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

extension CalendarDate: CustomStringConvertible {
  /// The ISO 8601 form, `yyyy-MM-dd`.
  public var description: String { isoString }
}

extension CalendarDate: Codable {
  /// Decodes from either supported text format.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      self = try CalendarDate(parsing: text)
    } catch {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not a date (\(error))")
    }
  }

  /// Encodes as `yyyy-MM-dd`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(isoString)
  }
}

extension Character {
  /// `0`...
  ///
  /// `9` only (not other scripts' digits).
  var isASCIIDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
  /// The text without leading and trailing white space of any kind.
  func trimmingWhitespace() -> String {
    var scalars = Substring(self)
    while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
    while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
    return String(scalars)
  }
}

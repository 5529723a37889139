import Foundation

/// An HTTP-date (RFC 9110 section 5.6.7) read in each of the three forms a recipient must accept.
///
/// Always in GMT and with English names, whatever the machine's locale:
///
/// - IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`
/// - RFC 850: `Sunday, 06-Nov-94 08:49:37 GMT` (a two-digit year; one that would be more than
///   50 years after `now` is the previous century's)
/// - asctime: `Sun Nov  6 08:49:37 1994`
///
/// Read by hand, not with a `DateFormatter`: every field has a fixed length and range, so a
/// hostile value (a huge number, a 31st of February) is refused without arithmetic that could
/// overflow, and the result does not hang on ICU's leniency.
enum HTTPDate {
  /// The instant `value` names, or `nil` when it is none of the three forms.
  ///
  /// `now` decides the century of an RFC 850 date's two-digit year.
  static func parse(_ value: String, now: Date) -> Date? {
    let fields = value.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    switch fields.count {
    case 6: return imfFixdate(fields)
    case 4: return rfc850(fields, now: now)
    case 5: return asctime(fields)
    default: return nil
    }
  }

  // MARK: - The three forms

  /// `Sun, 06 Nov 1994 08:49:37 GMT`.
  private static func imfFixdate(_ fields: [String]) -> Date? {
    guard isDayName(fields[0], comma: true, names: shortDayNames), fields[5] == "GMT",
      let day = number(fields[1], digits: 2...2), let month = month(fields[2]),
      let year = number(fields[3], digits: 4...4)
    else { return nil }
    return date(year: year, month: month, day: day, time: fields[4])
  }

  /// `Sunday, 06-Nov-94 08:49:37 GMT`.
  private static func rfc850(_ fields: [String], now: Date) -> Date? {
    let parts = fields[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    guard isDayName(fields[0], comma: true, names: longDayNames), fields[3] == "GMT",
      parts.count == 3, let day = number(parts[0], digits: 2...2), let month = month(parts[1]),
      let shortYear = number(parts[2], digits: 2...2)
    else { return nil }
    // RFC 9110: a year that appears more than 50 years in the future is the most recent past
    // year with the same last two digits.
    let thisYear = gmtYear(of: now)
    var year = thisYear - thisYear % 100 + shortYear
    if year > thisYear + 50 { year -= 100 }
    return date(year: year, month: month, day: day, time: fields[2])
  }

  /// `Sun Nov  6 08:49:37 1994` (the day padded with a space, which the split drops).
  private static func asctime(_ fields: [String]) -> Date? {
    guard isDayName(fields[0], comma: false, names: shortDayNames), let month = month(fields[1]),
      let day = number(fields[2], digits: 1...2), let year = number(fields[4], digits: 4...4)
    else { return nil }
    return date(year: year, month: month, day: day, time: fields[3])
  }

  // MARK: - Fields

  private static let shortDayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
  private static let longDayNames = [
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
  ]
  private static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  private static func isDayName(_ field: String, comma: Bool, names: [String]) -> Bool {
    guard !comma || field.hasSuffix(",") else { return false }
    return names.contains(comma ? String(field.dropLast()) : field)
  }

  private static func month(_ field: String) -> Int? {
    monthNames.firstIndex(of: field).map { $0 + 1 }
  }

  /// `field` as a number when it is only ASCII digits and as many as `digits` allows.
  private static func number(_ field: String, digits: ClosedRange<Int>) -> Int? {
    guard digits.contains(field.utf8.count),
      field.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    return Int(field)
  }

  /// The instant of `year-month-day` at `time` (`HH:MM:SS`) in GMT; `nil` for a day the month
  /// does not have or a time out of range (a leap second, `:60`, is allowed).
  private static func date(year: Int, month: Int, day: Int, time: String) -> Date? {
    let parts = time.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3, let hour = number(parts[0], digits: 2...2),
      let minute = number(parts[1], digits: 2...2), let second = number(parts[2], digits: 2...2),
      hour < 24, minute < 60, second <= 60, (1...daysIn(month: month, year: year)).contains(day)
    else { return nil }
    let days = daysSinceEpoch(year: year, month: month, day: day)
    return Date(
      timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
  }

  private static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
  private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func gmtYear(of date: Date) -> Int {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    return calendar.component(.year, from: date)
  }
}

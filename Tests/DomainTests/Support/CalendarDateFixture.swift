import Domain
import Foundation
import Testing

extension CalendarDate {
  /// A date for tests, from parts that name a real day (a test that gets this wrong fails).
  static func on(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate {
    if let date = CalendarDate(year: year, month: month, day: day) { return date }
    Issue.record("\(year)-\(month)-\(day) is not a real day")
    return CalendarDate(Date(timeIntervalSince1970: 0), in: Calendar(identifier: .gregorian))
  }
}

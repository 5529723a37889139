import Domain
import Foundation
import Testing

@testable import HotelCLI

@Suite struct CalendarTests {
  private static func day(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate {
    guard let date = CalendarDate(year: year, month: month, day: day) else {
      preconditionFailure("not a date: \(year)-\(month)-\(day)")
    }
    return date
  }

  private static let today = day(2026, 6, 1)
  private static let tripEnd = day(2027, 9, 27)

  /// The passport expiry rule, asked of Domain as the adapter asks it.
  private static let expiry = DateRule(today: today) { date in
    FieldRule.passportExpiry.validate(
      date.dottedString, in: ValidationContext(today: today, tripEnd: tripEnd)
    ).map { "\($0)" }
  }

  @Test func dayArithmeticMatchesTheCalendar() {
    #expect(CalendarMath.weekdayFromMonday(Self.day(2027, 9, 1)) == 2)  // a Wednesday
    #expect(CalendarMath.dayNumber(Self.day(1970, 1, 1)) == 0)
    let leap = Self.day(2028, 2, 28)
    #expect(CalendarMath.adding(days: 1, to: leap) == Self.day(2028, 2, 29))
    #expect(CalendarMath.adding(days: 2, to: leap) == Self.day(2028, 3, 1))
    for number in stride(from: -700_000, to: 2_900_000, by: 997) {
      let date = CalendarMath.date(dayNumber: number)
      #expect(date.map(CalendarMath.dayNumber) == number)
    }
  }

  @Test func itStartsOnTheFirstDayTheRuleAcceptsAndRefusesTheOthers() {
    var calendar = CalendarPopup(fieldID: "x", value: "", rule: Self.expiry)
    #expect(calendar.cursor == Self.day(2027, 9, 28))
    #expect(calendar.handle(.left) == .open)
    #expect(calendar.handle(.enter) == .open)
    #expect(calendar.refusal != nil)
    #expect(calendar.handle(.right) == .open)
    #expect(calendar.handle(.enter) == .picked(Self.day(2027, 9, 28)))
  }

  @Test func keysMoveByDayWeekMonthAndYear() {
    var calendar = CalendarPopup(fieldID: "x", value: "31.01.2030", rule: Self.expiry)
    _ = calendar.handle(.pageDown)
    #expect(calendar.cursor == Self.day(2030, 2, 28))
    _ = calendar.handle(.down)
    #expect(calendar.cursor == Self.day(2030, 3, 7))
    _ = calendar.handle(.text(">"))
    #expect(calendar.cursor == Self.day(2031, 3, 7))
    _ = calendar.handle(.shift(.pageUp))
    _ = calendar.handle(.pageUp)
    #expect(calendar.cursor == Self.day(2030, 2, 7))
    _ = calendar.handle(.end)
    #expect(calendar.cursor.day == 28)
    #expect(calendar.handle(.escape) == .closed)
  }

  /// Enter on a refused day says why in full, in Russian too (wrapped inside the popup, not
  /// cut at its edge), and the popup keeps its width.
  @Test func aRefusalIsWrappedInsideThePopupNotCut() throws {
    let said = "Дата рождения должна быть раньше сегодняшнего дня, но не больше 120 лет назад"
    let rule = DateRule(today: Self.today) { $0 >= Self.today ? said : nil }
    var calendar = CalendarPopup(fieldID: "x", value: "", rule: rule)
    _ = calendar.handle(.right)
    _ = calendar.handle(.enter)
    let refusal = try #require(calendar.refusal)
    #expect(refusal == said)
    let lines = calendar.lines(strings: CLIStrings(language: .ru))
    #expect(Set(lines.map(\.width)).count == 1)
    let inside = lines.map {
      $0.plainText.dropFirst(2).dropLast().trimmingCharacters(in: .whitespaces)
    }
    let shown = inside.dropLast().filter { !$0.isEmpty }.joined(separator: " ")
    #expect(shown.hasSuffix(refusal), "\(inside)")
    #expect(!shown.contains("…"))
  }

  @Test func theGridIsInTheScreensLanguageWithRefusedDaysDimmed() {
    let calendar = CalendarPopup(fieldID: "x", value: "", rule: Self.expiry)
    let english = calendar.lines(strings: CLIStrings(language: .en))
    #expect(english[0].plainText.contains("September 2027"))
    #expect(english[1].plainText.contains("Mo  Tu  We"))
    let russian = calendar.lines(strings: CLIStrings(language: .ru))
    #expect(russian[0].plainText.contains("Сентябрь 2027"))
    #expect(russian[1].plainText.contains("Пн"))
    let widths = Set(english.map(\.width))
    #expect(widths.count == 1)
    let dimmed = english.flatMap(\.spans).filter { $0.style.dim && $0.text.contains("27") }
    let picked = english.flatMap(\.spans).filter { $0.style.inverse }
    #expect(!dimmed.isEmpty)
    #expect(picked.map(\.text) == ["28"])
  }
}

import Domain
import Foundation
import Synchronization
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

  /// What the popup's lines say inside the frame, the grid's days included, as one text.
  private static func text(of lines: [Line]) -> String {
    lines.map { $0.plainText.dropFirst(2).dropLast().trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("─") }.joined(separator: " ")
  }

  /// The birth date rule, asked of Domain as the adapter asks it.
  private static func birth(today: CalendarDate) -> DateRule {
    DateRule(today: today) { date in
      FieldRule.birthDate.validate(date.dottedString, in: ValidationContext(today: today))
        .map { "\($0)" }
    }
  }

  @Test func itStartsOnTheFirstDayTheRuleAcceptsAndNeverLeavesForARefusedOne() {
    var calendar = CalendarPopup(fieldID: "x", selected: nil, rule: Self.expiry)
    #expect(calendar.cursor == Self.day(2027, 9, 28))
    #expect(calendar.pickable == Self.day(2027, 9, 28)...Self.day(9999, 12, 31))
    // ← onto the trip's last day: the cursor stays, and the popup says why.
    #expect(calendar.handle(.left) == .open)
    #expect(calendar.cursor == Self.day(2027, 9, 28))
    #expect(calendar.message == .noEarlierDate)
    let said = Self.text(of: calendar.lines(strings: CLIStrings(language: .en)))
    #expect(said.hasSuffix("No earlier date can be chosen"), "\(said)")
    // PgUp, ↑, Home, a year back: the same.
    for key in [Key.pageUp, .up, .home, .shift(.pageUp), .text("<")] {
      #expect(calendar.handle(key) == .open)
      #expect(calendar.cursor == Self.day(2027, 9, 28), "\(key)")
      #expect(calendar.message == .noEarlierDate, "\(key)")
    }
    // The next key clears the line; Enter on the landing day picks it.
    _ = calendar.handle(.right)
    #expect(calendar.message == nil)
    _ = calendar.handle(.left)
    #expect(calendar.handle(.enter) == .picked(Self.day(2027, 9, 28)))
  }

  /// A passport expiry the field holds from before the trip: the calendar opens on the first
  /// day it can pick, not on the dimmed day typed.
  @Test func aRefusedDayInTheFieldOpensOnTheNearestAcceptableOne() {
    for value in [Self.day(2020, 1, 1), Self.day(2027, 9, 27), Self.day(1900, 3, 15)] {
      let calendar = CalendarPopup(fieldID: "x", selected: value, rule: Self.expiry)
      #expect(calendar.cursor == Self.day(2027, 9, 28), "\(value)")
    }
    let later = CalendarPopup(fieldID: "x", selected: Self.day(2031, 10, 5), rule: Self.expiry)
    #expect(later.cursor == Self.day(2031, 10, 5))
    // A birth date typed in the future or over 120 years ago: the nearest end of the range.
    let rule = Self.birth(today: Self.today)
    #expect(
      CalendarPopup(fieldID: "x", selected: Self.day(2090, 1, 1), rule: rule).cursor
        == Self.day(2026, 5, 31))
    #expect(
      CalendarPopup(fieldID: "x", selected: Self.day(1800, 1, 1), rule: rule).cursor
        == Self.day(1906, 6, 1))
  }

  /// PgUp from October 2027 aims at 28 August (refused): it lands on 28 September, the month
  /// shown is September; PgDn and arrows inside the range move as before.
  @Test func aMonthBackIntoRefusedDaysLandsOnTheFirstAcceptableDay() {
    var calendar = CalendarPopup(fieldID: "x", selected: Self.day(2027, 10, 15), rule: Self.expiry)
    _ = calendar.handle(.pageUp)
    #expect(calendar.cursor == Self.day(2027, 9, 28))
    #expect(calendar.message == nil)
    let lines = calendar.lines(strings: CLIStrings(language: .ru))
    #expect(lines[0].plainText.contains("Сентябрь 2027"))
    #expect(lines.flatMap(\.spans).filter { $0.style.inverse }.map(\.text) == ["28"])
    _ = calendar.handle(.pageUp)
    #expect(calendar.cursor == Self.day(2027, 9, 28))
    #expect(calendar.message == .noEarlierDate)
    let russian = Self.text(of: calendar.lines(strings: CLIStrings(language: .ru)))
    #expect(russian.hasSuffix("Более раннюю дату выбрать нельзя"), "\(russian)")
    _ = calendar.handle(.down)
    #expect(calendar.cursor == Self.day(2027, 10, 5))
    _ = calendar.handle(.text("<"))
    #expect(calendar.cursor == Self.day(2027, 9, 28))
    #expect(calendar.handle(.enter) == .picked(Self.day(2027, 9, 28)))
  }

  /// The birth date: today and the days after it, and the days over 120 years ago, are never
  /// reached; the edges themselves are (the day before today, today 120 years ago), leap
  /// days included.
  @Test(arguments: [
    (Self.day(2026, 6, 1), Self.day(1906, 6, 1), Self.day(2026, 5, 31)),
    // Today a leap day: 120 years ago was one too; the last pickable day is 28 February.
    (Self.day(2028, 2, 29), Self.day(1908, 2, 29), Self.day(2028, 2, 28)),
    // Today 1 March 2028: the day before is the leap day.
    (Self.day(2028, 3, 1), Self.day(1908, 3, 1), Self.day(2028, 2, 29)),
  ])
  func theBirthDateStaysBetweenAHundredAndTwentyYearsAgoAndYesterday(
    today: CalendarDate, first: CalendarDate, last: CalendarDate
  ) {
    let rule = Self.birth(today: today)
    var calendar = CalendarPopup(fieldID: "x", selected: nil, rule: rule)
    #expect(calendar.pickable == first...last)
    #expect(calendar.cursor == last)
    for key in [Key.right, .down, .pageDown, .end, .text(">"), .ctrl(.pageDown)] {
      _ = calendar.handle(key)
      #expect(calendar.cursor == last, "\(key)")
      // End on the month's last day has nowhere to go and says nothing.
      if key != .end || last.day < CalendarDate.daysIn(month: last.month, year: last.year) {
        #expect(calendar.message == .noLaterDate, "\(key)")
      }
    }
    #expect(calendar.handle(.enter) == .picked(last))
    // A month back and forth from the edge: back inside, then to the edge again.
    _ = calendar.handle(.pageUp)
    #expect(calendar.cursor < last)
    #expect(rule.accepts(calendar.cursor))
    _ = calendar.handle(.pageDown)
    #expect(calendar.cursor.month == last.month && calendar.cursor <= last)
    #expect(rule.accepts(calendar.cursor))
    // 120 years back, a year at a time: the last step lands on the first pickable day.
    for _ in 0..<125 { _ = calendar.handle(.shift(.pageUp)) }
    #expect(calendar.cursor == first)
    #expect(calendar.message == .noEarlierDate)
    for key in [Key.left, .up, .pageUp, .home] {
      _ = calendar.handle(key)
      #expect(calendar.cursor == first, "\(key)")
    }
    let lines = calendar.lines(strings: CLIStrings(language: .en))
    #expect(lines[0].plainText.contains(String(first.year)))
    #expect(calendar.handle(.enter) == .picked(first))
  }

  /// Walking the whole range of a birth date a week and a month at a time, the cursor is on
  /// an acceptable day after every key.
  @Test func noKeyLandsOnADimmedDay() {
    let rule = Self.birth(today: Self.day(2028, 2, 29))
    var calendar = CalendarPopup(fieldID: "x", selected: nil, rule: rule)
    let keys: [Key] = [.up, .pageUp, .left, .home, .pageUp, .end, .down, .shift(.pageUp)]
    for step in 0..<600 {
      _ = calendar.handle(keys[step % keys.count])
      #expect(rule.accepts(calendar.cursor), "step \(step): \(calendar.cursor)")
    }
    for step in 0..<600 {
      _ = calendar.handle([Key.pageDown, .right, .text(">"), .end][step % 4])
      #expect(rule.accepts(calendar.cursor), "step \(step): \(calendar.cursor)")
    }
    #expect(calendar.cursor == Self.day(2028, 2, 28))
  }

  /// Opening on a date typed far from what the rule accepts, and walking to the range's
  /// edges, asks the rule a few dozen times, not once per day in between (each question
  /// validates the date and words the refusal).
  @Test func theRuleIsAskedAFewTimesNotOncePerDay() {
    let asked = Atomic<Int>(0)
    let rule = DateRule(today: Self.today) { date in
      asked.add(1, ordering: .relaxed)
      return date > Self.tripEnd ? nil : "before the trip"
    }
    var calendar = CalendarPopup(fieldID: "x", selected: Self.day(1950, 1, 1), rule: rule)
    #expect(calendar.cursor == Self.day(2027, 9, 28))
    #expect(asked.load(ordering: .relaxed) < 200)
    asked.store(0, ordering: .relaxed)
    _ = calendar.handle(.text("<"))
    _ = calendar.handle(.text(">"))
    _ = calendar.handle(.pageUp)
    #expect(asked.load(ordering: .relaxed) < 20)
  }

  /// A rule that accepts nothing near: the cursor moves freely and Enter says why not.
  @Test func aRuleThatAcceptsNothingStillRefusesWithItsReason() {
    let rule = DateRule(today: Self.today) { _ in "never" }
    var calendar = CalendarPopup(fieldID: "x", selected: nil, rule: rule)
    #expect(calendar.pickable == nil)
    _ = calendar.handle(.right)
    #expect(calendar.cursor == Self.day(2026, 6, 2))
    _ = calendar.handle(.enter)
    #expect(calendar.refusal == "never")
  }

  @Test func keysMoveByDayWeekMonthAndYear() {
    var calendar = CalendarPopup(fieldID: "x", selected: Self.day(2030, 1, 31), rule: Self.expiry)
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
  /// cut at its edge), and the popup keeps its width. (A rule with a hole: the cursor can only
  /// reach a refused day when the rule accepts nothing near.)
  @Test func aRefusalIsWrappedInsideThePopupNotCut() throws {
    let said = "Дата рождения должна быть раньше сегодняшнего дня, но не больше 120 лет назад"
    let rule = DateRule(today: Self.today) { _ in said }
    var calendar = CalendarPopup(fieldID: "x", selected: nil, rule: rule)
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

  /// A rule with a gap inside its range (not one of SPEC's, but a schema could make one):
  /// a key aimed into the gap goes on past it in the same direction.
  @Test func aGapInsideTheRangeIsJumpedInTheDirectionOfTheKey() {
    let gap = Self.day(2026, 7, 1)...Self.day(2026, 7, 20)
    let rule = DateRule(today: Self.today) { gap.contains($0) ? "gap" : nil }
    var calendar = CalendarPopup(fieldID: "x", selected: Self.day(2026, 6, 15), rule: rule)
    _ = calendar.handle(.pageDown)
    #expect(calendar.cursor == Self.day(2026, 7, 21))
    _ = calendar.handle(.left)
    #expect(calendar.cursor == Self.day(2026, 6, 30))
  }

  @Test func theGridIsInTheScreensLanguageWithRefusedDaysDimmed() {
    let calendar = CalendarPopup(fieldID: "x", selected: nil, rule: Self.expiry)
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

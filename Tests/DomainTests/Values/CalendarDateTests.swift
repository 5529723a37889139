import Domain
import Foundation
import Testing

@Suite struct CalendarDateTests {
  static let real: [(text: String, year: Int, month: Int, day: Int)] = [
    ("19.09.2027", 2027, 9, 19),
    ("2027-09-19", 2027, 9, 19),
    (" 01.01.1900 ", 1900, 1, 1),
    ("29.02.2024", 2024, 2, 29),
    ("29.02.2000", 2000, 2, 29),
    ("2024-02-29", 2024, 2, 29),
    ("30.04.2027", 2027, 4, 30),
    ("31.12.9999", 9999, 12, 31),
    ("01.01.0001", 1, 1, 1),
    // Digits of other scripts are digits.
    ("١٩.٠٩.٢٠٢٧", 2027, 9, 19),
    ("２０２７-０９-１９", 2027, 9, 19),
  ]

  @Test(arguments: real)
  func parsesBothFormats(text: String, year: Int, month: Int, day: Int) throws {
    let date = try CalendarDate(parsing: text)
    #expect(date == CalendarDate(year: year, month: month, day: day))
  }

  static let refused: [(text: String, error: ValidationError)] = [
    ("", .dateFormat),
    ("   ", .dateFormat),
    ("19092027", .dateFormat),
    ("19.09", .dateFormat),
    ("19.9.2027", .dateFormat),
    ("1.09.2027", .dateFormat),
    ("19.09.27", .dateFormat),
    ("19.09.2027.", .dateFormat),
    ("19/09/2027", .dateFormat),
    ("2027-9-19", .dateFormat),
    ("19-09-2027", .dateFormat),
    ("2027.09.19", .dateFormat),
    ("aa.bb.cccc", .dateFormat),
    ("+1.09.2027", .dateFormat),
    ("31.02.2027", .dateNotReal),
    ("30.02.2024", .dateNotReal),
    ("29.02.2023", .dateNotReal),
    ("29.02.1900", .dateNotReal),
    ("31.04.2027", .dateNotReal),
    ("31.06.2027", .dateNotReal),
    ("00.01.2027", .dateNotReal),
    ("01.00.2027", .dateNotReal),
    ("01.13.2027", .dateNotReal),
    ("32.01.2027", .dateNotReal),
    ("01.01.0000", .dateNotReal),
    ("2023-02-29", .dateNotReal),
  ]

  @Test(arguments: refused)
  func refusesWithTheSpecificError(text: String, error: ValidationError) {
    #expect(throws: error) { try CalendarDate(parsing: text) }
  }

  @Test func partsThatNameNoDayGiveNil() {
    #expect(CalendarDate(year: 2023, month: 2, day: 29) == nil)
    #expect(CalendarDate(year: 2027, month: 4, day: 31) == nil)
    #expect(CalendarDate(year: 10_000, month: 1, day: 1) == nil)
    #expect(CalendarDate(year: 2027, month: 0, day: 1) == nil)
  }

  @Test func ordersByYearThenMonthThenDay() throws {
    let dates = try ["01.01.2028", "31.12.2027", "19.09.2027", "20.08.2027", "2026-12-31"].map {
      try CalendarDate(parsing: $0)
    }
    #expect(
      dates.sorted().map(\.isoString) == [
        "2026-12-31", "2027-08-20", "2027-09-19", "2027-12-31", "2028-01-01",
      ])
  }

  @Test func printsBothFormats() throws {
    let date = try #require(CalendarDate(year: 2027, month: 9, day: 5))
    #expect(date.dottedString == "05.09.2027")
    #expect(date.isoString == "2027-09-05")
    #expect(date.description == "2027-09-05")
  }

  @Test(arguments: [
    ("2024-02-29", 1, "2025-02-28"),
    ("2024-02-29", 4, "2028-02-29"),
    ("2024-02-29", -120, "1904-02-29"),
    ("2023-03-01", -120, "1903-03-01"),
    ("2027-09-19", 0, "2027-09-19"),
  ])
  func addsYearsKeepingTheDayWhenItExists(start: String, years: Int, expected: String) throws {
    #expect(try CalendarDate(parsing: start).adding(years: years).isoString == expected)
  }

  @Test func takesTheDayFromTheCalendarsTimeZone() throws {
    var moscow = Calendar(identifier: .gregorian)
    moscow.timeZone = try #require(TimeZone(identifier: "Europe/Moscow"))
    var newYork = Calendar(identifier: .gregorian)
    newYork.timeZone = try #require(TimeZone(identifier: "America/New_York"))
    // 2027-09-19 01:00 in Moscow is still 2027-09-18 in New York.
    let instant = Date(timeIntervalSince1970: 1_821_304_800)
    #expect(CalendarDate(instant, in: moscow).isoString == "2027-09-19")
    #expect(CalendarDate(instant, in: newYork).isoString == "2027-09-18")
  }

  @Test func roundTripsThroughJSONAsISO() throws {
    let date = try CalendarDate(parsing: "19.09.2027")
    let data = try JSONEncoder().encode([date])
    #expect(String(decoding: data, as: UTF8.self) == #"["2027-09-19"]"#)
    #expect(try JSONDecoder().decode([CalendarDate].self, from: data) == [date])
    let dotted = Data(#"["19.09.2027"]"#.utf8)
    #expect(try JSONDecoder().decode([CalendarDate].self, from: dotted) == [date])
  }

  @Test(arguments: [#"["2023-02-29"]"#, #"["tomorrow"]"#, #"[20270919]"#, #"[null]"#])
  func refusesToDecodeWhatIsNotADate(json: String) {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([CalendarDate].self, from: Data(json.utf8))
    }
  }
}

import Domain
import Foundation
import Testing

@Suite struct PhoneNumberTests {
  static let accepted: [(text: String, e164: String)] = [
    ("9161234567", "+79161234567"),
    ("89161234567", "+79161234567"),
    ("79161234567", "+79161234567"),
    ("+79161234567", "+79161234567"),
    ("+7 (916) 123-45-67", "+79161234567"),
    ("8 (916) 123-45-67", "+79161234567"),
    ("  916 123 45 67  ", "+79161234567"),
    ("+7\u{00A0}916\u{00A0}1234567", "+79161234567"),
    ("+44 20 7946 0958", "+442079460958"),
    ("0044 20 7946 0958", "+442079460958"),
    ("810 44 20 7946 0958", "+442079460958"),
    ("+44 (0)20 7946 0958", "+442079460958"),
    ("+49 0 30 123456", "+4930123456"),
    ("+376 312 345", "+376312345"),
    ("+298 301 234", "+298301234"),
    ("+1 212 555 0123", "+12125550123"),
    ("8001234567", "+78001234567"),
    ("8 (812) 123-45-67", "+78121234567"),
    ("916.123.45.67", "+79161234567"),
    // Digits of other scripts are digits.
    ("916123456\u{0667}", "+79161234567"),
    ("８ ９１６ １２３-４５-６７", "+79161234567"),
  ]

  @Test(arguments: accepted)
  func acceptsAndNormalises(text: String, e164: String) throws {
    #expect(try PhoneNumber(text).e164 == e164)
  }

  static let refused: [(text: String, error: ValidationError)] = [
    ("", .required),
    ("   ", .required),
    ("916123456", .phoneIncomplete),
    ("+7 (916) 123-45-6", .phoneIncomplete),
    ("+7", .phoneIncomplete),
    ("()", .phoneIncomplete),
    ("8", .phoneIncomplete),
    ("+", .phoneInternationalLength),
    ("00", .phoneInternationalLength),
    ("810", .phoneInternationalLength),
    ("+2", .phoneInternationalLength),
    ("+0123456789", .phoneCountryCodeUnknown("0")),
    ("+999 123 4567", .phoneCountryCodeUnknown("999")),
    ("+8 916 123 45 67", .phoneCountryCodeUnknown("89")),
    ("+1 123 456 7890", .phoneNationalStart(countryCode: "1", digit: "1")),
    ("+7 (000) 123-45-67", .phoneNationalStart(countryCode: "7", digit: "0")),
    ("8 (123) 456-78-90", .phoneNationalStart(countryCode: "7", digit: "1")),
    ("2001234567", .phoneNationalStart(countryCode: "7", digit: "2")),
    ("+7 (555) 123-45-67", .phoneNationalStart(countryCode: "7", digit: "5")),
    ("+44 20 7946 09", .phoneNationalLength(countryCode: "44", lengths: [9, 10])),
    ("+44", .phoneNationalLength(countryCode: "44", lengths: [7, 9, 10])),
    ("+44 20 7946 09588", .phoneDigitsTooMany(count: 1)),
    ("+376 312 3456", .phoneNationalLength(countryCode: "376", lengths: [6, 9])),
    ("+298 301 234 56", .phoneDigitsTooMany(count: 2)),
    ("99161234567", .phoneDigitsTooMany(count: 1)),
    ("891612345678", .phoneDigitsTooMany(count: 1)),
    ("+7 916 123 45 678", .phoneDigitsTooMany(count: 1)),
    ("916-ABC-4567", .phoneInvalidCharacter("A")),
    ("9161234567+", .phoneInvalidCharacter("+")),
    ("++79161234567", .phoneInvalidCharacter("+")),
    ("916_123_45_67", .phoneInvalidCharacter("_")),
    ("916123456\u{2167}", .phoneInvalidCharacter("\u{2167}")),
    ("916 123\n4567", .phoneInvalidCharacter("\n")),
    ("📞9161234567", .phoneInvalidCharacter("📞")),
  ]

  @Test(arguments: refused)
  func refusesWithTheSpecificError(text: String, error: ValidationError) {
    #expect(throws: error) { try PhoneNumber(text) }
  }

  @Test func russianNumbersAreFormattedAndMasked() throws {
    let phone = try PhoneNumber("89161234567")
    #expect(phone.isRussian)
    #expect(phone.formatted == "+7 (916) 123-45-67")
    #expect(phone.masked == "•••• 4567")
  }

  @Test func internationalNumbersKeepTheirDigits() throws {
    let phone = try PhoneNumber("+44 (20) 7946-0958")
    #expect(!phone.isRussian)
    #expect(phone.formatted == "+44 2079460958")
    #expect(phone.masked == "•••• 0958")
  }

  @Test func theSameNumberTypedDifferentlyIsEqual() throws {
    #expect(try PhoneNumber("8 916 123-45-67") == PhoneNumber("+7 (916) 1234567"))
  }

  /// A saved order keeps the number its rule accepted when it was placed: the E.164 form
  /// decodes as it is, anything else goes through the rule.
  @Test func aStoredE164NumberDecodesEvenWhereTheRuleNowRefusesIt() throws {
    let decoder = JSONDecoder()
    let stored = try decoder.decode([PhoneNumber].self, from: Data(#"["+89161234567"]"#.utf8))
    #expect(stored.map(\.e164) == ["+89161234567"])
    #expect(
      try decoder.decode([PhoneNumber].self, from: Data(#"["8 916 123-45-67"]"#.utf8)) == [
        PhoneNumber("+79161234567")
      ])
    for refused in [#"["+0123456789"]"#, #"["+12345"]"#, #"["+7 999"]"#, #"["+7 (000) 1234567"]"#] {
      #expect(throws: DecodingError.self) {
        try decoder.decode([PhoneNumber].self, from: Data(refused.utf8))
      }
    }
  }
}

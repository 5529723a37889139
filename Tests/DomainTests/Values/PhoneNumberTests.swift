import Domain
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
    ("+1234567890", "+1234567890"),
    ("+123456789012345", "+123456789012345"),
    ("+8 916 123 45 67", "+89161234567"),
    ("8001234567", "+78001234567"),
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
    ("+", .phoneInternationalLength),
    ("+123456789", .phoneInternationalLength),
    ("+1234567890123456", .phoneInternationalLength),
    ("+0123456789", .phoneNotRecognised),
    ("99161234567", .phoneNotRecognised),
    ("891612345678", .phoneNotRecognised),
    ("+791612345678", .phoneNotRecognised),
    ("916-ABC-4567", .phoneInvalidCharacter("A")),
    ("9161234567+", .phoneInvalidCharacter("+")),
    ("++79161234567", .phoneInvalidCharacter("+")),
    ("916.123.45.67", .phoneInvalidCharacter(".")),
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
    #expect(phone.formatted == "+442079460958")
    #expect(phone.masked == "•••• 0958")
  }

  @Test func theSameNumberTypedDifferentlyIsEqual() throws {
    #expect(try PhoneNumber("8 916 123-45-67") == PhoneNumber("+7 (916) 1234567"))
  }
}

import Domain
import Testing

@Suite struct PhoneMaskTests {
  static let cases: [(typed: String, shown: String)] = [
    ("", ""),
    ("   ", ""),
    ("9", "+7 (9"),
    ("916", "+7 (916"),
    ("9161", "+7 (916) 1"),
    ("916123", "+7 (916) 123"),
    ("9161234", "+7 (916) 123-4"),
    ("916123456", "+7 (916) 123-45-6"),
    ("9161234567", "+7 (916) 123-45-67"),
    ("91612345678", "+7 (916) 123-45-678"),
    ("8", "8"),
    ("81", "81"),
    ("810", "+"),
    ("8104", "+4"),
    ("81044", "+44"),
    ("810442", "+44 2"),
    ("812", "+7 (812"),
    ("88", "+7 (8"),
    ("0", "0"),
    ("00", "+"),
    ("0044 20 7946 0958", "+44 2079460958"),
    ("7", "+7"),
    ("89", "+7 (9"),
    ("89161234567", "+7 (916) 123-45-67"),
    ("79161234567", "+7 (916) 123-45-67"),
    ("+", "+"),
    ("+7", "+7"),
    ("+79", "+7 (9"),
    ("+7 (916) 123-45-67", "+7 (916) 123-45-67"),
    ("+7 (916) 123-45-678", "+7 (916) 123-45-678"),
    ("8 (916) 123 45 67", "+7 (916) 123-45-67"),
    ("916abc123", "+7 (916) 123"),
    ("+4", "+4"),
    ("+44", "+44"),
    ("+44 ", "+44"),
    ("+44 20 7946 0958", "+44 2079460958"),
    ("+1 (234) 567-890", "+1 234567890"),
    ("+1234567890123456789", "+1 234567890123456789"),
    ("+8 916", "+8916"),
    ("+999 123", "+999123"),
    // Ten digits without `+` are the whole national number, whatever the first digit.
    ("8001234567", "+7 (800) 123-45-67"),
    ("7011234567", "+7 (701) 123-45-67"),
    ("8 800 123-45-67", "+7 (800) 123-45-67"),
    ("800123456", "+7 (800) 123-45-6"),
    // Digits of other scripts are digits.
    ("٩١٦١٢٣٤٥٦٧", "+7 (916) 123-45-67"),
    ("８９１６１２３４５６７", "+7 (916) 123-45-67"),
    ("+٤٤ ٢٠ ٧٩٤٦ ٠٩٥٨", "+44 2079460958"),
  ]

  @Test(arguments: cases)
  func formatsAsTyped(typed: String, shown: String) {
    #expect(PhoneMask.format(typed) == shown)
  }

  @Test(arguments: cases)
  func formattingTwiceChangesNothing(typed: String, shown: String) {
    #expect(PhoneMask.format(shown) == shown)
  }

  /// Typed a key at a time, each key added to what the field shows, as the app does.
  @Test(arguments: [
    ("89161234567", "+7 (916) 123-45-67"), ("8121234567", "+7 (812) 123-45-67"),
    ("88121234567", "+7 (812) 123-45-67"), ("810442079460958", "+44 2079460958"),
    ("00442079460958", "+44 2079460958"), ("9161234567890", "+7 (916) 123-45-67890"),
  ])
  func typingOneCharacterAtATimeBuildsTheNumber(typed: String, shown expected: String) {
    var shown = ""
    for character in typed { shown = PhoneMask.format(shown + String(character)) }
    #expect(shown == expected)
  }

  @Test func deletingFromTheEndRemovesOneDigitEachTime() {
    var shown = "+7 (916) 123-45-67"
    var seen: [String] = []
    while !shown.isEmpty {
      shown = PhoneMask.format(String(shown.dropLast()))
      seen.append(shown)
    }
    #expect(
      seen == [
        "+7 (916) 123-45-6", "+7 (916) 123-45", "+7 (916) 123-4", "+7 (916) 123",
        "+7 (916) 12", "+7 (916) 1", "+7 (916", "+7 (91", "+7 (9", "+7", "+", "",
      ])
  }

  @Test func aCompleteMaskedNumberIsAValidPhone() throws {
    #expect(try PhoneNumber(PhoneMask.format("9161234567")).e164 == "+79161234567")
  }

  /// What the mask shows for a pasted number is the number the phone rule reads from it, so a
  /// number the rule accepts as typed is never turned into one it refuses.
  @Test(arguments: [
    "9161234567", "8001234567", "7011234567", "89161234567", "79161234567", "88001234567",
    "+7 916 123 45 67", "8 (800) 123-45-67", "+44 20 7946 0958", "٩١٦١٢٣٤٥٦٧",
    "0044 20 7946 0958", "810 376 312 345", "+298 301 234",
  ])
  func theMaskShowsTheNumberThePhoneRuleReads(typed: String) throws {
    let phone = try PhoneNumber(typed)
    #expect(PhoneMask.format(typed) == phone.formatted)
    #expect(try PhoneNumber(PhoneMask.format(typed)) == phone)
  }

  /// Every digit typed stays: those past a complete number are the phone rule's error.
  @Test(arguments: [
    ("916123456789", "+7 (916) 123-45-6789", 2), ("891612345678", "+7 (916) 123-45-678", 1),
    ("+44 20 7946 09581", "+44 20794609581", 1),
  ])
  func digitsPastACompleteNumberAreKept(typed: String, shown: String, tooMany: Int) {
    #expect(PhoneMask.format(typed) == shown)
    #expect(throws: ValidationError.phoneDigitsTooMany(count: tooMany)) { try PhoneNumber(shown) }
  }
}

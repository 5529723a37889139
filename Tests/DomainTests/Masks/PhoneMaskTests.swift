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
    ("91612345678", "+7 (916) 123-45-67"),
    ("8", "+7"),
    ("7", "+7"),
    ("89", "+7 (9"),
    ("89161234567", "+7 (916) 123-45-67"),
    ("79161234567", "+7 (916) 123-45-67"),
    ("+", "+"),
    ("+7", "+7"),
    ("+79", "+7 (9"),
    ("+7 (916) 123-45-67", "+7 (916) 123-45-67"),
    ("+7 (916) 123-45-678", "+7 (916) 123-45-67"),
    ("8 (916) 123 45 67", "+7 (916) 123-45-67"),
    ("916abc123", "+7 (916) 123"),
    ("+4", "+4"),
    ("+44 20 7946 0958", "+442079460958"),
    ("+1 (234) 567-890", "+1234567890"),
    ("+1234567890123456789", "+123456789012345"),
    ("+8 916", "+8916"),
    // Ten digits without `+` are the whole national number, whatever the first digit.
    ("8001234567", "+7 (800) 123-45-67"),
    ("7011234567", "+7 (701) 123-45-67"),
    ("8 800 123-45-67", "+7 (800) 123-45-67"),
    ("800123456", "+7 (001) 234-56"),
    // Digits of other scripts are digits.
    ("٩١٦١٢٣٤٥٦٧", "+7 (916) 123-45-67"),
    ("８９１６１２３４５６７", "+7 (916) 123-45-67"),
    ("+٤٤ ٢٠ ٧٩٤٦ ٠٩٥٨", "+442079460958"),
  ]

  @Test(arguments: cases)
  func formatsAsTyped(typed: String, shown: String) {
    #expect(PhoneMask.format(typed) == shown)
  }

  @Test(arguments: cases)
  func formattingTwiceChangesNothing(typed: String, shown: String) {
    #expect(PhoneMask.format(shown) == shown)
  }

  @Test func typingOneCharacterAtATimeBuildsTheNumber() {
    var shown = ""
    for character in "89161234567" { shown = PhoneMask.format(shown + String(character)) }
    #expect(shown == "+7 (916) 123-45-67")
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
  ])
  func theMaskShowsTheNumberThePhoneRuleReads(typed: String) throws {
    let phone = try PhoneNumber(typed)
    #expect(PhoneMask.format(typed) == phone.formatted)
    #expect(try PhoneNumber(PhoneMask.format(typed)) == phone)
  }

  @Test(arguments: [
    ("9161234567", ""), ("916123456789", "89"), ("89161234567", ""), ("891612345678", "8"),
    ("+7 (916) 123-45-678", "8"), ("+1234567890123456789", "6789"), ("+44 20 7946 0958", ""),
    ("", ""), ("+", ""),
  ])
  func digitsBeyondACompleteNumberAreReported(typed: String, dropped: String) {
    #expect(PhoneMask.droppedDigits(typed) == dropped)
  }
}

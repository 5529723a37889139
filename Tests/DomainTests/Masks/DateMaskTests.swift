import Domain
import Testing

@Suite struct DateMaskTests {
  static let cases: [(typed: String, shown: String)] = [
    ("", ""),
    ("1", "1"),
    ("19", "19"),
    ("190", "19.0"),
    ("1909", "19.09"),
    ("19092", "19.09.2"),
    ("19092027", "19.09.2027"),
    ("190920271", "19.09.2027"),
    ("19.09.2027", "19.09.2027"),
    ("19.", "19"),
    ("19.09.", "19.09"),
    ("1.9.2027", "01.09.2027"),
    ("1/9/2027", "01.09.2027"),
    ("19-09-2027", "19.09.2027"),
    ("19 09 2027", "19.09.2027"),
    ("1.", "01"),
    ("..", ""),
    ("19..09", "19.09"),
    ("ab19cd09", "19.09"),
    ("2027-09-19", "2027-09-19"),
    ("2027-09", "2027-09"),
    // Digits of other scripts are digits.
    ("١٩٠٩٢٠٢٧", "19.09.2027"),
    ("１９.０９.２０２７", "19.09.2027"),
    ("٢٠٢٧-٠٩-١٩", "2027-09-19"),
  ]

  @Test(arguments: cases)
  func formatsAsTyped(typed: String, shown: String) {
    #expect(DateMask.format(typed) == shown)
  }

  @Test(arguments: cases)
  func formattingTwiceChangesNothing(typed: String, shown: String) {
    #expect(DateMask.format(shown) == shown)
  }

  @Test(arguments: [
    ("15.03.19901", "1"), ("1503199012", "12"), ("15.03.1990", ""), ("1.3.1990", ""),
    ("2027-09-190", ""), ("", ""), ("١٥٠٣١٩٩٠١", "1"),
  ])
  func digitsBeyondACompleteDateAreReported(typed: String, dropped: String) {
    #expect(DateMask.droppedDigits(typed) == dropped)
  }

  @Test func typingOneDigitAtATimeBuildsTheDate() {
    var shown = ""
    for character in "19092027" { shown = DateMask.format(shown + String(character)) }
    #expect(shown == "19.09.2027")
  }

  @Test func deletingFromTheEndRemovesOneDigitEachTime() {
    var shown = "19.09.2027"
    var seen: [String] = []
    while !shown.isEmpty {
      shown = DateMask.format(String(shown.dropLast()))
      seen.append(shown)
    }
    #expect(seen == ["19.09.202", "19.09.20", "19.09.2", "19.09", "19.0", "19", "1", ""])
  }
}

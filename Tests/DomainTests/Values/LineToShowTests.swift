import Domain
import Testing

/// Outside text made one line fit to show: the one rule a server's refusal, a redirect's target
/// and a form designer's message share.
@Suite struct LineToShowTests {
  @Test func whitespaceBecomesOneSpaceAndUnsafeCharactersAreDropped() {
    #expect("  Promo code\n\u{202E}expired ".lineToShow(maxLength: 200) == "Promo code expired")
    #expect("a\u{2028}\t b".lineToShow(maxLength: 200) == "a b")
    #expect("\u{1B}[2Jx".lineToShow(maxLength: 200) == "[2Jx")
  }

  @Test func nothingLeftIsNil() {
    #expect("".lineToShow(maxLength: 200) == nil)
    #expect("\u{1B}\u{07} \n".lineToShow(maxLength: 200) == nil)
  }

  @Test func aLongTextIsCutWithAnEllipsisAtTheLimit() {
    let line = String(repeating: "я", count: 200_000).lineToShow(maxLength: 200)
    #expect(line?.count == 200)
    #expect(line?.hasSuffix("…") == true)
    #expect(String(repeating: "b", count: 200).lineToShow(maxLength: 200)?.count == 200)
    #expect(String(repeating: "b", count: 200).lineToShow(maxLength: 200)?.hasSuffix("…") == false)
  }

  /// Combining marks count as scalars, not characters: a text of nothing but marks is cut where
  /// the scan stops, and says so with `…` even though it has fewer characters than the limit.
  @Test func aTextOfCombiningMarksIsCutAndSaysSo() {
    let marks = "e" + String(repeating: "\u{0301}", count: 10_000)
    let line = marks.lineToShow(maxLength: 10)
    #expect(line?.hasSuffix("…") == true)
    #expect((line?.unicodeScalars.count ?? .max) <= 41)
  }

  @Test func aZeroLimitNeverTraps() {
    #expect("abc".lineToShow(maxLength: 0) == nil)
  }
}

import Testing

@testable import HotelCLI

/// Wrapping: the same lines as before, in time linear in the text.
@Suite struct TextLayoutTests {
  @Test func wrapsAtSpacesAndCutsWordsWiderThanALine() {
    #expect(TextLayout.wrap("one two three", to: 7) == ["one two", "three"])
    #expect(TextLayout.wrap("ab abcdefghij c", to: 4) == ["ab", "abcd", "efgh", "ij c"])
    #expect(TextLayout.wrap("界界界", to: 3) == ["界", "界", "界"])
    #expect(TextLayout.wrap("a\n\nb", to: 5) == ["a", "", "b"])
  }

  @Test func aMillionLetterWordIsMeasuredOncePerLetter() {
    let word = String(repeating: "x", count: 1_000_000)
    var steps = 0
    let lines = TextLayout.wrap(word, to: 70, steps: &steps)
    #expect(lines.count == 14_286)
    #expect(lines.allSatisfy { $0.count <= 70 })
    #expect(lines.joined() == word)
    // The quadratic version measured the rest of the word for every line: ~7·10⁹ steps.
    #expect(steps <= 1_000_000)
  }
}

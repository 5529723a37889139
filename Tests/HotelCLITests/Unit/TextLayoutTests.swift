import Testing

@testable import HotelCLI

/// Wrapping: at spaces, words wider than a line cut, in time linear in the text.
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

  /// A terminal draws one glyph per grapheme cluster: an emoji ZWJ sequence, a flag, a skin
  /// tone, an emoji presentation sequence take 2 columns, a letter with a combining accent 1.
  @Test(arguments: [
    ("👨‍👩‍👧", 2), ("🏳️‍🌈", 2), ("🇪🇬", 2), ("👍🏽", 2), ("👍", 2), ("❤️", 2), ("❤", 1),
    ("e\u{301}", 1), ("é", 1), ("Ё", 1), ("界", 2), ("한", 2), ("\u{1100}\u{1161}\u{11A8}", 2),
    ("1\u{FE0F}\u{20E3}", 2), ("⌚", 2), ("a\u{200D}", 1), ("\u{200B}", 0),
  ])
  func measuresAGraphemeClusterAsTheGlyphATerminalDraws(_ text: String, _ columns: Int) {
    #expect(TextLayout.width(text) == columns)
    #expect(TextLayout.width(text + text + "ab") == 2 * columns + 2)
    #expect(TextLayout.width("Отель " + text) == 6 + columns)
  }

  /// Lines with emoji sequences and combining marks are padded, cut and wrapped by the
  /// columns they take, so the right border stays where it is.
  @Test func padsCutsAndWrapsByGlyphs() {
    let name = "Family 👨‍👩‍👧 Cafe\u{301} 🇪🇬"
    #expect(TextLayout.width(name) == 17)
    #expect(TextLayout.width(TextLayout.pad(name, to: 20)) == 20)
    #expect(TextLayout.pad(name, to: 20).hasSuffix("🇪🇬   "))
    #expect(TextLayout.truncate(name, to: 9) == "Family …")
    #expect(TextLayout.truncate(name, to: 10) == "Family 👨‍👩‍👧…")
    #expect(TextLayout.wrap(name, to: 9) == ["Family 👨‍👩‍👧", "Cafe\u{301} 🇪🇬"])
    var line = Line("│ ")
    line.add(name, .strong)
    line.pad(to: 22)
    line.add("│")
    #expect(line.width == 23)
    #expect(line.prefix(columns: 11).plainText == "│ Family 👨‍👩‍👧")
    #expect(line.prefix(columns: 10).plainText == "│ Family ")
    #expect(line.dropping(columns: 17).plainText == "🇪🇬   │")
    // Half a flag cut off is a space, as half a wide letter is.
    #expect(line.dropping(columns: 18).plainText == "    │")
  }
}

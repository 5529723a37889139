import Domain
import Testing

@testable import HotelCLI

/// A `long_string` field's box: line breaks kept, long lines wrapped, five rows then scrolling
/// with the cursor; a form's colours as the terminal can draw them.
@Suite struct TextBoxTests {
  @Test func lineBreaksAreKeptAndLongLinesWrap() {
    let box = TextBox(Array("ab\ncdefgh"), cursor: nil, width: 4)
    #expect(box.rows == ["ab", "cdef", "gh"])
    #expect(box.cursor == nil)
  }

  @Test func theBoxGrowsToFiveRowsThenScrollsWithTheCursor() {
    let text = Array((1...8).map(String.init).joined(separator: "\n"))
    let end = TextBox(text, cursor: text.count, width: 10)
    #expect(end.rows == ["4", "5", "6", "7", "8"])
    #expect(end.cursor?.row == 4 && end.cursor?.column == 1)
    #expect(end.hidesAbove && !end.hidesBelow)
    let start = TextBox(text, cursor: 0, width: 10)
    #expect(start.rows == ["1", "2", "3", "4", "5"])
    #expect(start.cursor?.row == 0 && start.cursor?.column == 0)
    #expect(!start.hidesAbove && start.hidesBelow)
  }

  @Test func aCursorAfterALineBreakIsOnTheNextRow() {
    let box = TextBox(Array("ab\n"), cursor: 3, width: 10)
    #expect(box.rows == ["ab", ""])
    #expect(box.cursor?.row == 1 && box.cursor?.column == 0)
  }

  @Test func enterAddsALineOnlyInABoxAndAPasteKeepsItsLines() {
    var box = LineEditor("a", keepsLineBreaks: true)
    #expect(box.handle(.enter) == .edited)
    _ = box.handle(.paste("b\r\nc"))
    #expect(box.text == "a\nb\nc")
    var line = LineEditor("a")
    #expect(line.handle(.enter) == .ignored)
    _ = line.handle(.paste("b\nc"))
    #expect(line.text == "ab c")
  }

  @Test func aFormColourIsTwentyFourBitOrTheNearestOfTheTwoHundredFiftySix() throws {
    let navy = try #require(RGBColor(hex: "#1A237E"))
    var style = TextStyle.plain.applying(FormStyle(font: .italic, foreground: navy))
    #expect(style.sequence(color: true, trueColor: true) == "\u{1B}[0;3;38;2;26;35;126m")
    #expect(style.sequence(color: true) == "\u{1B}[0;3;38;5;\(TextStyle.paletteIndex(navy))m")
    #expect(style.sequence(color: false) == "\u{1B}[0;3m", "no colour under NO_COLOR")
    #expect(TextStyle.paletteIndex(try #require(RGBColor(hex: "#FF0000"))) == 196)
    #expect(TextStyle.paletteIndex(try #require(RGBColor(hex: "#808080"))) == 244)
    style = TextStyle.colored(.red).applying(FormStyle(foreground: navy))
    #expect(style.sequence(color: true) == "\u{1B}[0;31m", "an error's red wins")
  }
}

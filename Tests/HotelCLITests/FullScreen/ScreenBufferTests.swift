import Testing

@testable import HotelCLI

@Suite struct ScreenBufferTests {
  private func frame(_ texts: [String]) -> [Line] { texts.map { Line($0) } }

  @Test func theFirstFrameClearsAndWritesEveryLine() {
    var buffer = ScreenBuffer(color: true)
    let output = buffer.update(frame(["a", "b"]), cursor: nil)
    #expect(output.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
    #expect(output.contains("\u{1B}[1;1Ha\u{1B}[K"))
    #expect(output.contains("\u{1B}[2;1Hb\u{1B}[K"))
    #expect(output.hasSuffix("\u{1B}[?25l"))
  }

  @Test func onlyChangedLinesAreWritten() {
    var buffer = ScreenBuffer(color: true)
    _ = buffer.update(frame(["one", "two", "three"]), cursor: nil)
    #expect(buffer.update(frame(["one", "two", "three"]), cursor: nil).isEmpty)
    let output = buffer.update(frame(["one", "TWO", "three"]), cursor: nil)
    #expect(output == "\u{1B}[2;1HTWO\u{1B}[K")
  }

  @Test func theCursorIsPlacedAfterTheLinesAndShownOnce() {
    var buffer = ScreenBuffer(color: false)
    _ = buffer.update(frame(["x"]), cursor: nil)
    let shown = buffer.update(frame(["xy"]), cursor: .init(row: 0, column: 2))
    #expect(shown == "\u{1B}[1;1Hxy\u{1B}[K\u{1B}[1;3H\u{1B}[?25h")
    #expect(buffer.update(frame(["xy"]), cursor: .init(row: 0, column: 2)).isEmpty)
    #expect(buffer.update(frame(["xy"]), cursor: nil) == "\u{1B}[?25l")
  }

  @Test func invalidatingRedrawsEverything() {
    var buffer = ScreenBuffer(color: false)
    _ = buffer.update(frame(["a", "b"]), cursor: nil)
    buffer.invalidate()
    let output = buffer.update(frame(["a", "b"]), cursor: nil)
    #expect(output.contains("\u{1B}[2J") && output.contains("a") && output.contains("b"))
  }

  @Test func stylesAreWrittenOnlyWithColourWhenTheyAreColours() {
    var line = Line("ok ", .strong)
    line.add("bad", .colored(.red))
    #expect(line.rendered(color: true) == "\u{1B}[0;1mok \u{1B}[0;31mbad\u{1B}[0m")
    #expect(line.rendered(color: false) == "\u{1B}[0;1mok \u{1B}[0mbad\u{1B}[0m")
  }

  @Test func overlaysCutLinesByColumns() {
    let line = Line("abcdefgh")
    #expect(line.overlaid(Line("XY"), at: 3).plainText == "abcXYfgh")
    #expect(Line("ab").overlaid(Line("XY"), at: 4).plainText == "ab  XY")
    #expect(Line("日本語").overlaid(Line("x"), at: 1).plainText == " x本語")
  }

  /// Text from outside put into a line is neutralised there, and measured as drawn: an escape
  /// sequence is inert text, a right-to-left override a `�` one column wide.
  @Test func aLineNeutralisesWhatIsPutInIt() {
    var line = Line("a\u{1B}[31m")
    line.add("\u{202E}b\tc\r\n", .strong)
    #expect(line.plainText == "a␛[31m�b c␍ ")
    #expect(line.width == 12)
    #expect(!line.rendered(color: false).dropFirst().contains("\u{1B}[31m"))
    // Measured before it is drawn (wrapped, cut), text from outside takes the columns it is
    // drawn in.
    #expect(
      TextLayout.width("\u{202E}b\tc\r\n") == TerminalText.neutralized("\u{202E}b\tc\r\n").count)
  }
}

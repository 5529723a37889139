import Testing

@testable import HotelCLI

/// The decoder against what terminals really send: every key capability of eleven terminfo
/// entries (``TerminfoKey/all``) decodes to its key, and a key typed right after it is not
/// lost.
@Suite struct KeyDecoderTerminfoTests {
  private func decode(_ text: String) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(Array(text.utf8)) + decoder.flush()
  }

  @Test(arguments: Set(TerminfoKey.all.map(\.terminal)).sorted())
  func everyKeyOfTheTerminalDecodesToItsKey(terminal: String) {
    let keys = TerminfoKey.all.filter { $0.terminal == terminal }
    #expect(!keys.isEmpty)
    for entry in keys {
      #expect(decode(entry.bytes) == entry.keys, "\(entry)")
      // Typed after a letter and before a key: nothing swallowed, and text still joins.
      let typed: [Key]
      if entry.keys.count == 1, case .text(let text) = entry.keys[0] {
        typed = [.text("x" + text), .up]
      } else {
        typed = [.text("x")] + entry.keys + [.up]
      }
      #expect(decode("x" + entry.bytes + "\u{1B}[A") == typed, "\(entry)")
    }
  }

  /// Every terminal of the table is there.
  @Test func theTableCoversTheTerminals() {
    #expect(
      Set(TerminfoKey.all.map(\.terminal)) == [
        "xterm", "xterm-256color", "screen-256color", "tmux-256color", "rxvt-unicode-256color",
        "linux", "st-256color", "alacritty", "kitty", "vt220", "putty-256color",
      ])
    #expect(TerminfoKey.all.count > 1000)
  }
}

import Foundation
import Testing

extension EndToEnd {
  /// Editing a masked field in the middle, as a person fixes a typo; keys that do nothing, as
  /// the recording keeps them.
  @Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
  struct FullScreenEditingEndToEndTests {
    /// Backspace just after a mask's separator took only the separator, which the mask put
    /// back: nothing changed, and the digit typed next pushed the last one out
    /// ("+7 (916) 123-45-67", ←, ←, Backspace, 9 gave "+7 (916) 123-45-96"). Now the digit
    /// before the separator goes, and Delete before one takes the digit after it.
    @Test func backspaceAndDeleteOverAMaskSeparatorTakeTheDigitBeyondIt() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let record = hotel.dataDirectory.appendingPathComponent("edit.hotel").path
      let app = try await Pane.start(
        hotel, ["--today", "2026-06-01", "--fresh", "--record", record])
      defer { app.tmux.close() }
      let tmux = app.tmux
      try await tmux.openBooking()
      try await tmux.type("9161234567")
      try await tmux.waitFor("+7 (916) 123-45-67")
      try await tmux.press("Left", "Left", "BSpace")
      try await tmux.waitFor("+7 (916) 123-46-7")
      try await tmux.type("5")
      try await tmux.waitFor("+7 (916) 123-46-57")
      try await tmux.press("Home", "Right", "Right", "Right", "DC")
      try await tmux.waitFor("+7 (161) 234-65-7")
      try await tmux.press("C-c")
      try await app.waitForExit()
      #expect(try app.exitCode() == 0)
      // The recording holds the field's final text, which a replay types to the same end.
      let typed = try String(contentsOfFile: record, encoding: .utf8)
      #expect(typed.contains("type booking.buyer.phone \"+7 (161) 234-65-7\"\n"), "\(typed)")
    }

    /// A bracketed paste whose rest arrives late (a large paste over a slow link): before,
    /// the paste ended after 40 ms, the rest was typed, and its newline was Enter, which moved
    /// on to the next field (and would have pressed a focused button). Now it is one paste,
    /// its newline a space, and the focus stays.
    @Test func aPasteInTwoChunksIsOnePaste() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let app = try await Pane.start(hotel, ["--today", "2026-06-01", "--fresh"])
      defer { app.tmux.close() }
      let tmux = app.tmux
      try await tmux.openBooking()
      try await tmux.press("Tab")
      try await tmux.waitFor("› Email")
      try await tmux.send(bytes: Array("\u{1B}[200~ivan@".utf8))
      try await Task.sleep(for: .milliseconds(400))
      try await tmux.send(bytes: Array("example.com\nX\u{1B}[201~".utf8))
      let screen = try await tmux.waitFor("ivan@example.com X")
      #expect(
        TmuxSession.line(screen, containing: "ivan@example.com X")?.contains("›") == true,
        "the focus stayed on Email:\n\(screen)")
      try await tmux.press("C-c")
      try await app.waitForExit()
    }

    /// Esc on the first screen does nothing (there is no screen before it), and neither does
    /// Enter on a disabled button: before, the recording kept `back` (or `tap ID`), and its
    /// replay failed there with exit 1. Now such a key is kept as a comment, as a failed `:`
    /// line is, and the replay reaches the same end.
    @Test func aKeyThatDidNothingIsRecordedAsAComment() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let record = hotel.dataDirectory.appendingPathComponent("keys.hotel").path
      let app = try await Pane.start(
        hotel, ["--today", "2026-06-01", "--fresh", "--record", record])
      defer { app.tmux.close() }
      let tmux = app.tmux
      try await tmux.waitFor("Choose a room")
      try await tmux.press("Escape")
      try await tmux.waitFor("no screen before")
      try await tmux.press("Tab", "Enter")
      try await tmux.waitFor("Deluxe room with sea view")
      try await tmux.press("C-c")
      try await app.waitForExit()
      let typed = try String(contentsOfFile: record, encoding: .utf8)
      #expect(
        typed.split(separator: "\n").dropFirst()
          == ["# failed, left out: back", "tap hotel.chooseRoom"], "\(typed)")
      let replayed = try await hotel.run(["replay", record, "--today", "2026-06-01"])
      #expect(replayed.status == 0, "\(replayed)")
    }
  }
}

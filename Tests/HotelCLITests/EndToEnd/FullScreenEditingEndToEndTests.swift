import Foundation
import Testing

extension EndToEnd {
  /// Editing a masked field in the middle, as a person fixes a typo.
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
  }
}

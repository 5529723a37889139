import Foundation
import Testing

extension EndToEnd {
  /// Emoji sequences, flags, skin tones and combining accents typed into a field in a real
  /// terminal (tmux): the cursor stands where the terminal drew the text's end (one glyph
  /// per grapheme cluster), ← / → and Backspace move and delete whole clusters.
  @Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
  struct FullScreenWideTextEndToEndTests {
    @Test func theCursorAndBackspaceGoByGraphemeCluster() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let app = try await Pane.start(hotel, ["--today", "2026-06-01", "--fresh"])
      defer { app.tmux.close() }
      let tmux = app.tmux
      try await tmux.openBooking()
      for _ in 0..<3 { try await tmux.press("Tab") }
      try await tmux.waitFor("› First name")
      try await tmux.type("Iv")
      try await tmux.waitFor("Iv")
      let start = try await tmux.cursor()
      // 👨‍👩‍👧 2, an 2, 🇪🇬 2, 👍🏽 2, e + U+0301 1: 9 columns (per scalar it was 17).
      try await tmux.type("👨‍👩‍👧an🇪🇬👍🏽e\u{301}")
      try await tmux.waitForCursor("9 columns on") { column, row in
        column == start.column + 9 && row == start.row
      }
      try await tmux.press("BSpace")
      try await tmux.waitForCursor("after 👍🏽") { column, _ in column == start.column + 8 }
      try await tmux.press("BSpace")
      try await tmux.waitForCursor("after 🇪🇬") { column, _ in column == start.column + 6 }
      try await tmux.press("Left", "Left", "Left")
      try await tmux.waitForCursor("before an") { column, _ in column == start.column + 2 }
      try await tmux.press("Left")
      try await tmux.waitForCursor("after Iv") { column, _ in column == start.column }
      try await tmux.press("Delete")
      try await tmux.waitForCursor("still after Iv") { column, _ in column == start.column }
      try await tmux.press("F2")
      try await tmux.type("expect value booking.tourist.1.firstName Ivan🇪🇬")
      try await tmux.press("Enter")
      let held = try await tmux.waitFor("✓ holds")
      // Backspace took 'e + U+0301' and 👍🏽 whole, Delete took the family whole: what is left.
      #expect(held.contains("Ivan🇪🇬"), "\(held)")
      #expect(!held.contains("👨"), "\(held)")
      try await tmux.press("C-c")
      try await app.waitForExit()
      #expect(try app.exitCode() == 0)
    }
  }
}

import Foundation
import Testing

extension EndToEnd {
  /// `hotel run --line` in a real terminal: tmux gives it a pseudo-terminal, keys are typed into
  /// it, and the screen is read back.
  ///
  /// No polling: the pane's command signals a tmux channel when `hotel` exits, and the test waits
  /// on that channel.
  @Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
  struct InteractiveEndToEndTests {
    @Test func typingAtThePromptReachesRooms() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let record = hotel.dataDirectory.appendingPathComponent("typed.hotel").path
      let binary = try HotelProcess.binary().path
      let command = [
        "env", "-u", "NO_COLOR", "HOTEL_DATA_DIR=\(hotel.dataDirectory.path)",
        "TERM=xterm-256color", TmuxSession.quoted(binary), "run", "--line",
        "--today", "2026-06-01", "--fresh", "--record", TmuxSession.quoted(record),
      ].joined(separator: " ")
      let tmux = try await TmuxSession(
        command, directory: hotel.dataDirectory, rows: 200, signalling: "hotel-done")
      defer { tmux.close() }

      for line in ["help", "tap hotel.chooseRoom", "expect screen rooms", "quit"] {
        try await tmux.type(line)
        try await tmux.press("Enter")
      }
      let screen = try await tmux.waitForEnd("hotel-done", history: 2000)
      #expect(screen.contains("━━ Hotel"), "\(screen)")
      #expect(screen.contains("> "), "\(screen)")
      #expect(screen.contains("tap  hotel.chooseRoom"), "\(screen)")
      #expect(screen.contains("━━ Rooms"), "\(screen)")
      #expect(screen.contains("rooms.room.2.choose"), "\(screen)")
      #expect(!screen.contains("hotel: "), "\(screen)")

      let typed = try String(contentsOfFile: record, encoding: .utf8)
      #expect(
        typed.split(separator: "\n").dropFirst()
          == ["help", "tap hotel.chooseRoom", "expect screen rooms", "quit"])
    }
  }
}

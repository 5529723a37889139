import Foundation
import Testing

extension EndToEnd {
  /// Leaving the prompt with Ctrl-D or Ctrl-C in a real terminal (tmux): the shell's next output
  /// starts on a line of its own, not after the prompt.
  @Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
  struct PromptEndToEndTests {
    @Test(arguments: ["C-d", "C-c"])
    func leavingThePromptEndsTheLine(key: String) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let binary = try HotelProcess.binary().path
      // The line mode's prompt (the full-screen app is the default on a terminal).
      let command = [
        "env", "NO_COLOR=1", "HOTEL_DATA_DIR=\(TmuxSession.quoted(hotel.dataDirectory.path))",
        TmuxSession.quoted(binary), "run", "--line", "--today", "2026-06-01", "--fresh",
        ";", "printf", "AFTER-HOTEL",
      ].joined(separator: " ")
      let tmux = try await TmuxSession(
        command, directory: hotel.dataDirectory, rows: 60, signalling: "hotel-done")
      defer { tmux.close() }
      // The prompt is up once the first screen is drawn.
      try await tmux.waitFor("'quit' to stop.", seconds: 30)
      try await tmux.press(key)
      let screen = try await tmux.waitForEnd("hotel-done", history: 200)
      let last = screen.split(separator: "\n").last { $0.contains("AFTER-HOTEL") }
      #expect(last.map { $0.hasPrefix("AFTER-HOTEL") } == true, "\(screen)")
    }
  }
}

import Foundation
import Testing

extension EndToEnd {
  /// `hotel run --line` in a real terminal: tmux gives it a pseudo-terminal, keys are typed into it, and
  /// the screen is read back. No polling: the pane's command signals a tmux channel when `hotel`
  /// exits, and the test waits on that channel.
  @Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
  struct InteractiveEndToEndTests {
    @Test func typingAtThePromptReachesRooms() async throws {
      let tmuxURL = try #require(Tmux.executable)
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let socket = "hotel-e2e-\(UUID().uuidString.prefix(8))"
      let record = hotel.dataDirectory.appendingPathComponent("typed.hotel").path
      let environment = [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        "HOME": hotel.dataDirectory.path, "TERM": "xterm-256color", "LANG": "C.UTF-8",
      ]
      func tmux(_ arguments: [String]) async throws -> (status: Int32, stdout: String) {
        try await Spawn.run(tmuxURL.path, ["-L", socket] + arguments, environment: environment)
      }
      defer {  // a quick command; cleanup cannot await
        _ = try? Spawn.runBlocking(
          tmuxURL.path, ["-L", socket, "kill-server"], environment: environment, timeLimit: 10)
      }

      let binary = try HotelProcess.binary().path
      let command = [
        "env", "-u", "NO_COLOR", "HOTEL_DATA_DIR=\(hotel.dataDirectory.path)",
        "TERM=xterm-256color", quoted(binary), "run", "--line",
        "--today", "2026-06-01", "--fresh", "--record", quoted(record),
        ";", "tmux", "-L", socket, "wait-for", "-S", "hotel-done",
      ].joined(separator: " ")
      let started = try await tmux([
        "new-session", "-d", "-s", "flow", "-x", "100", "-y", "200", command,
      ])
      #expect(started.status == 0, "\(started)")
      let kept = try await tmux(["set-option", "-t", "flow", "remain-on-exit", "on"])
      #expect(kept.status == 0, "\(kept)")

      for line in ["help", "tap hotel.chooseRoom", "expect screen rooms", "quit"] {
        let sent = try await tmux(["send-keys", "-t", "flow", "-l", line])
        #expect(sent.status == 0, "\(sent.stdout)")
        _ = try await tmux(["send-keys", "-t", "flow", "Enter"])
      }
      let waited = try await tmux(["wait-for", "hotel-done"])
      #expect(waited.status == 0, "\(waited.stdout)")

      let screen = try await tmux(["capture-pane", "-p", "-t", "flow", "-S", "-2000"]).stdout
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

    private func quoted(_ text: String) -> String {
      "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
  }
}

/// Where tmux is, if installed.
enum Tmux {
  /// The tmux executable, or `nil`.
  static let executable: URL? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
    .map { URL(fileURLWithPath: $0) }
}

import Foundation
import Testing

extension EndToEnd {
  /// Leaving the prompt with Ctrl-D or Ctrl-C in a real terminal (tmux): the shell's next output
  /// starts on a line of its own, not after the prompt.
  @Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
  struct PromptEndToEndTests {
    @Test(arguments: ["C-d", "C-c"])
    func leavingThePromptEndsTheLine(key: String) async throws {
      let tmuxURL = try #require(Tmux.executable)
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let socket = "hotel-prompt-\(UUID().uuidString.prefix(8))"
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
      // The line mode's prompt (with the full-screen app, `--line` asks for it).
      let help = try await hotel.run(["run", "--help"])
      let lineMode: [String] = help.stdout.contains("--line") ? ["--line"] : []
      let words: [String] =
        [
          "env", "NO_COLOR=1", "HOTEL_DATA_DIR='\(hotel.dataDirectory.path)'",
          "'\(binary)'", "run", "--today", "2026-06-01", "--fresh",
        ] + lineMode
        + [";", "printf", "AFTER-HOTEL", ";", "tmux", "-L", socket, "wait-for", "-S", "hotel-done"]
      let command = words.joined(separator: " ")
      let started = try await tmux([
        "new-session", "-d", "-s", "p", "-x", "100", "-y", "60", command,
      ])
      #expect(started.status == 0, "\(started)")
      _ = try await tmux(["set-option", "-t", "p", "remain-on-exit", "on"])
      // The prompt is up once the first screen is drawn (a condition waited for, 10 s at most).
      for _ in 0..<200 {
        let pane = try await tmux(["capture-pane", "-p", "-t", "p"]).stdout
        if pane.contains("'quit' to stop.") { break }
        try await Task.sleep(for: .milliseconds(50))
      }
      _ = try await tmux(["send-keys", "-t", "p", key])
      let waited = try await tmux(["wait-for", "hotel-done"])
      #expect(waited.status == 0)
      let screen = try await tmux(["capture-pane", "-p", "-t", "p", "-S", "-200"]).stdout
      let last = screen.split(separator: "\n").last { $0.contains("AFTER-HOTEL") }
      #expect(last.map { $0.hasPrefix("AFTER-HOTEL") } == true, "\(screen)")
    }
  }
}

import Foundation
import Testing

extension EndToEnd {
  /// A crash of the full-screen app (SPEC 5.1): the terminal is given back at once (the normal
  /// screen, its modes, the cursor shown), and the process ends as the signal would, with no crash
  /// reporter waiting for a key.
  ///
  /// The crash is asked for by `HOTEL_TEST_CRASH`, which only a debug build reads.
  @Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
  struct FullScreenCrashEndToEndTests {
    @Test(arguments: [
      ("SIGSEGV", 139), ("SIGABRT", 134), ("SIGBUS", 135), ("SIGILL", 132), ("SIGTRAP", 133),
      ("fatalError", 132),
    ])
    func aCrashGivesTheTerminalBackAtOnce(crash: String, status: Int) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      func path(_ name: String) -> String { hotel.dataDirectory.appendingPathComponent(name).path }
      let binary = TmuxSession.quoted(try HotelProcess.binary().path)
      // The pane is kept alive after (`cat`): tmux tells a dead pane's cursor as hidden.
      let tmux = try await TmuxSession(
        "stty -a > \(path("stty.before")); HOTEL_DATA_DIR=\(TmuxSession.quoted(path("data")))"
          + " HOTEL_TEST_CRASH=\(crash) \(binary) run --fresh --today 2026-06-01;"
          + " echo \"status=$?\"; stty -a > \(path("stty.after")); echo ended-$((6 * 7)); exec cat",
        directory: hotel.dataDirectory)
      defer { tmux.close() }
      let started = Date()
      // Far under the backtracer's 20 s wait, far over a loaded machine's start and crash.
      let screen = try await tmux.waitFor("ended-42", seconds: 15)
      #expect(Date().timeIntervalSince(started) < 15, "\(screen)")
      #expect(screen.contains("status=\(status)"), "\(screen)")
      #expect(!screen.contains("Crash") && !screen.contains("Press"), "no reporter:\n\(screen)")
      #expect(
        try String(contentsOfFile: path("stty.after"), encoding: .utf8)
          == String(contentsOfFile: path("stty.before"), encoding: .utf8), "cooked again")
      #expect(try await tmux.paneFlags() == "0 1", "the normal screen, the cursor shown")
    }
  }
}

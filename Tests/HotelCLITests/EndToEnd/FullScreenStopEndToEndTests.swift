import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EndToEnd {
  /// `hotel run` stopped, continued and ended from outside, and keys that arrive together:
  /// the terminal is the shell's whenever the app is not in front, and nothing is lost.
  @Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
  struct FullScreenStopEndToEndTests {
    /// Esc, then ↓ typed quickly (or over a slow link) arrive in one read: `ESC ESC [ B`.
    @Test func escapeThenDownInOneReadGoesBackAndMovesTheFocus() async throws {
      try await Pane.session { tmux, _ in
        try await tmux.openBooking()
        try await tmux.press("Tab", "Tab", "Tab", "Tab", "Tab")
        try await tmux.waitFor("› Date of birth")
        try await tmux.send(bytes: [0x1B, 0x1B, 0x5B, 0x42])
        let screen = try await tmux.waitFor("Rooms, the focus moved down") { screen in
          screen.contains("Deluxe room with sea view") && !screen.hasPrefix(" Booking")
            && screen.contains("›")
        }
        #expect(!screen.contains("2026 "), "no calendar:\n\(screen)")
      }
    }

    /// `kill -TSTP` from outside (not Ctrl-Z): the screen and the modes are the shell's while the
    /// app is stopped, and `fg` redraws.
    ///
    /// Then Ctrl-Z and `bg`: the app, reading the terminal from the background (its thread blocks
    /// SIGTTIN), stops as a background reader does instead of quitting, and `fg` brings it back.
    @Test func aStopSignalFromOutsideGivesTheTerminalBackAndFgRedraws() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      func path(_ name: String) -> String { hotel.dataDirectory.appendingPathComponent(name).path }
      let (tmux, pid) = try await TmuxSession.shellRunningHotel(
        hotel, first: ["stty -a > \(path("stty.before"))"])
      defer { tmux.close() }

      kill(pid, SIGTSTP)
      let stopped = try await tmux.waitFor("Stopped")
      #expect(!stopped.contains("Choose a room"), "the app's screen was left:\n\(stopped)")
      try await tmux.type("stty -a > \(path("stty.stopped"))")
      try await tmux.press("Enter")
      try await TmuxSession.lineWritten(to: path("stty.stopped"))
      #expect(
        try String(contentsOfFile: path("stty.stopped"), encoding: .utf8)
          == String(contentsOfFile: path("stty.before"), encoding: .utf8))
      try await tmux.type("fg")
      try await tmux.press("Enter")
      try await tmux.waitFor("Choose a room")
      try await tmux.press("Tab")
      try await tmux.waitFor("the focus on Choose a room", seconds: 30) {
        $0.contains("›[ Choose a room ]")
      }

      try await tmux.press("C-z")
      let suspended = try await tmux.waitFor("the shell after Ctrl-Z") {
        $0.contains("Stopped") && !$0.contains("›[ Choose a room ]")
      }
      let stops = suspended.components(separatedBy: "Stopped").count
      try await tmux.type("bg")
      try await tmux.press("Enter")
      // It reads the terminal, so it stops again: alive, and not drawing over the shell.
      try await tmux.type(TmuxSession.jobsOnce("-q Stop"))
      try await tmux.press("Enter")
      let background = try await tmux.waitFor("the jobs listed", seconds: 30) {
        $0.contains("listed-42")
      }
      #expect(
        background.components(separatedBy: "Stopped").count > stops,
        "stopped again:\n\(background)")
      #expect(kill(pid, 0) == 0, "still running:\n\(background)")
      #expect(!background.contains("Choose a room"), "\(background)")
      try await tmux.type("fg")
      try await tmux.press("Enter")
      try await tmux.waitFor("the app, redrawn with its focus", seconds: 30) {
        $0.contains("›[ Choose a room ]")
      }
      try await tmux.press("C-c")
      let deadline = Date().addingTimeInterval(20)
      while kill(pid, 0) == 0, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
      #expect(kill(pid, 0) != 0, "it ended on Ctrl-C")
      // tmux may show the app's last bytes (leaving the alternate screen) a moment after the
      // process is gone: waited for.
      try await tmux.waitFor("the shell's screen back") {
        $0.contains("Stopped") && !$0.contains("›[ Choose a room ]")
      }
    }

    /// Ctrl-Z, then `kill %1` (bash sends SIGTERM, then SIGCONT to the stopped job) while the way
    /// out is slow (here the data directory's lock is held by another process, so the draft's last
    /// save waits): the app ends at once with 143, as SIGTERM while running does, and says that the
    /// last changes may be lost.
    @Test func killOfTheStoppedJobEndsItAndSaysWhatMayBeLost() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let (tmux, pid) = try await TmuxSession.shellRunningHotel(hotel)
      defer { tmux.close() }
      try await tmux.openBooking()
      try await tmux.press("Tab")
      try await tmux.type("stopped@example.com")
      try await tmux.waitFor("stopped@example.com")
      let data = hotel.dataDirectory.appendingPathComponent("data")
      let draft = data.appendingPathComponent("draft.json").path
      let saved = Date().addingTimeInterval(20)
      while (try? String(contentsOfFile: draft, encoding: .utf8))?.contains("stopped@") != true,
        Date() < saved
      {
        try await Task.sleep(for: .milliseconds(50))
      }
      // Another process holds the data directory's lock: the next save waits for it.
      let lock = open(data.appendingPathComponent(".lock").path, O_RDWR | O_CREAT, 0o600)
      try #require(lock >= 0)
      defer { close(lock) }
      #expect(flock(lock, LOCK_EX) == 0)
      // Past the tourist's section title, into the first name.
      try await tmux.press("Tab", "Tab")
      try await tmux.type("Ivan")
      try await tmux.waitFor("Ivan")
      // Stopped from outside, as Ctrl-Z does (whatever the app's main actor is doing).
      kill(pid, SIGTSTP)
      try await tmux.waitFor("Stopped")
      // Listed once the job has ended (or after 20 s): not Running, not Stopped.
      try await tmux.type("kill %1; " + TmuxSession.jobsOnce("-q -v -e Running -e Stop"))
      try await tmux.press("Enter")
      let shell = try await tmux.waitFor("the shell after kill", seconds: 30) {
        $0.contains("listed-42")
      }
      let deadline = Date().addingTimeInterval(10)
      while kill(pid, 0) == 0, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
      #expect(kill(pid, 0) != 0, "ended by the first kill, the lock still held:\n\(shell)")
      #expect(!shell.contains("Stopped (tty"), "not stopped again:\n\(shell)")
      #expect(shell.contains("Exit 143"), "as SIGTERM while running:\n\(shell)")
      #expect(
        shell.contains(
          "hotel: stopped before the draft was saved: the last changes to the booking may be lost"),
        "\(shell)")
      // What was saved before is kept.
      let kept = try String(contentsOfFile: draft, encoding: .utf8)
      #expect(kept.contains("stopped@example.com"), "\(kept)")
    }

    /// Text typed into a field that still waits (here for a window too small to draw in) when
    /// SIGHUP or SIGTERM arrives: it is the person's typing, so it goes into the field, and so into
    /// the saved draft, before the exit.
    ///
    /// Only text into the field the focus is on: the Tab after it and what follows are not applied
    /// (nothing moves on or is pressed on the way out).
    @Test(arguments: [SIGHUP, SIGTERM])
    func textTypedAheadIntoAFieldIsKeptOnAStopSignal(signal: Int32) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let (tmux, pid) = try await TmuxSession.shellRunningHotel(hotel)
      defer { tmux.close() }
      try await tmux.openBooking()
      try await tmux.press("Tab")
      try await tmux.waitFor("› Email")
      try await tmux.type("ivan")
      try await tmux.waitFor("› Email                       ivan")
      try await tmux.resize(columns: 40, rows: 12)
      try await tmux.waitFor("60×20")
      try await tmux.type("@example.com")
      try await tmux.waitFor("typed ahead")
      try await tmux.press("Tab")
      try await tmux.type("Zed")
      // "@example.com" may come in one read or several: three keys at least wait.
      try await tmux.waitFor("the Tab and Zed waiting too") {
        $0.contains("keys typed ahead") && !$0.contains(" 2 keys typed ahead")
      }
      kill(pid, signal)
      let deadline = Date().addingTimeInterval(20)
      while kill(pid, 0) == 0, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
      #expect(kill(pid, 0) != 0, "it ended on the signal")
      let draft = hotel.dataDirectory.appendingPathComponent("data/draft.json").path
      let kept = try String(contentsOfFile: draft, encoding: .utf8)
      #expect(kept.contains("ivan@example.com"), "\(kept)")
      #expect(!kept.contains("Zed"), "\(kept)")
    }

    /// `hotel run &` in an interactive shell: the app stops before touching the terminal (the
    /// thread that sets the modes blocks SIGTTOU, so the kernel would let it), and `fg` starts it.
    @Test func startedInTheBackgroundItWaitsForFg() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let directory = hotel.dataDirectory
      let binary = TmuxSession.quoted(try HotelProcess.binary().path)
      let data = TmuxSession.quoted(directory.appendingPathComponent("data").path)
      let tmux = try await TmuxSession("bash --norc --noprofile -i", directory: directory)
      defer { tmux.close() }
      try await tmux.type("HOTEL_DATA_DIR=\(data) \(binary) run --fresh --today 2026-06-01 &")
      try await tmux.press("Enter")
      try await tmux.type(TmuxSession.jobsOnce("-q Stop"))
      try await tmux.press("Enter")
      let waiting = try await tmux.waitFor("the jobs listed", seconds: 30) {
        $0.contains("listed-42")
      }
      #expect(waiting.contains("Stopped"), "\(waiting)")
      #expect(!waiting.contains("Loading") && !waiting.contains("Tab/↓"), "\(waiting)")
      try await tmux.type("fg")
      try await tmux.press("Enter")
      try await tmux.waitFor("Choose a room")
      try await tmux.press("Tab")
      try await tmux.waitFor("the focus on Choose a room", seconds: 30) {
        $0.contains("›[ Choose a room ]")
      }
      try await tmux.press("C-c")
      try await tmux.waitFor("the shell again") { !$0.contains("Choose a room") }
    }

    /// Without job control (the app is the pane's own command: its process group is orphaned) no
    /// shell could continue a stopped app: Ctrl-Z and `kill -TSTP` are ignored, as the kernel
    /// ignores the terminal's stop signals there, and Ctrl-Z says why.
    ///
    /// Stopping would have left the window stuck for good.
    @Test func ctrlZWithoutAShellToGoBackToSaysSoAndKeepsRunning() async throws {
      try await Pane.session { tmux, _ in
        try await tmux.waitFor("Choose a room")
        try await tmux.press("C-z")
        try await tmux.waitFor("Ctrl-Z does nothing here")
        try await tmux.press("Tab")
        try await tmux.waitFor("the app, still taking keys", seconds: 30) {
          $0.contains("›[ Choose a room ]") && !$0.contains("Ctrl-Z does nothing")
        }
      }
    }

    /// A `--record` line that fails to be written on a stop signal's way out (the held `type` line
    /// of the field being typed into; here past the file size limit, a full disk is the same) is
    /// said once on standard error after the terminal is given back, and the exit code is 4.
    @Test(arguments: [SIGTERM, SIGHUP])
    func aRecordLineLostOnAStopSignalIsToldOnceAndExits4(signal: Int32) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let directory = hotel.dataDirectory
      let binary = TmuxSession.quoted(try HotelProcess.binary().path)
      let data = TmuxSession.quoted(directory.appendingPathComponent("data").path)
      func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
      let record = path("session.hotel")
      // 1 KiB per file: the draft (about 600 bytes) fits; the recording's header, a long
      // failed `:` line (kept as a comment) and then the held `type` line do not.
      let tmux = try await TmuxSession(
        "bash --norc --noprofile -c "
          + TmuxSession.quoted(
            "ulimit -f 1; HOTEL_DATA_DIR=\(data) \(binary) run --fresh --today 2026-06-01"
              + " --record \(TmuxSession.quoted(record)) 2> \(TmuxSession.quoted(path("stderr")))"
              + " < /dev/tty"
              + " & echo $! > \(TmuxSession.quoted(path("pid"))); wait $!; echo $? > "
              + TmuxSession.quoted(path("code")) + "; sleep 30"),
        directory: directory)
      defer { tmux.close() }
      try await tmux.openBooking()
      try await tmux.press("F2")
      try await tmux.type("expect text " + String(repeating: "z", count: 600))
      try await tmux.press("Enter")
      try await tmux.waitFor("✗")
      try await tmux.type(String(repeating: "7", count: 10))
      try await tmux.press("Tab")
      try await tmux.type("ivan" + String(repeating: "a", count: 300) + "@example.com")
      // Not "@example.com": the empty field's placeholder (name@example.com) shows that, and
      // the signal could come before the keys were handled (exit 143, nothing held: a flake).
      let before = try await tmux.waitFor("aaa@example.com")
      // Held, not written yet: the file takes lines until the signal's way out.
      #expect(!before.contains("recording to"), "\(before)")
      kill(try await TmuxSession.processID(in: path("pid")), signal)
      let code = try await TmuxSession.lineWritten(to: path("code"))
      #expect(code == "4\n")
      let stderr = try String(contentsOfFile: path("stderr"), encoding: .utf8)
      let told = stderr.split(separator: "\n").filter { $0.contains("recording to") }
      #expect(told.count == 1, "\(stderr)")
      #expect(told.first?.hasPrefix("hotel: recording to '\(record)' stopped: ") == true)
      // After the terminal was given back: nothing of the screen follows it.
      #expect(!stderr.contains("\u{1B}"), "\(stderr)")
      let typed = try String(contentsOfFile: record, encoding: .utf8)
      #expect(typed.hasSuffix("\n") && !typed.contains("@example.com"), "\(typed)")
      let replayed = try await hotel.run(["replay", record])
      #expect(replayed.status == 0, "\(replayed)")
    }
  }
}

import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EndToEnd {
  /// `hotel run` attacked as a tester would: ways out that could lose part of the recording, a
  /// record file that stops taking lines, keys that are not what they seem.
  @Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
  struct FullScreenHardeningEndToEndTests {
    /// Closing the terminal (SIGHUP) while a field is being typed into: the draft keeps the text,
    /// and so does the recording's `type` line, though the field was never left.
    @Test(arguments: [SIGHUP, SIGTERM, SIGINT, SIGQUIT])
    func theRecordingKeepsTheFieldBeingTyped(when signal: Int32) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let record = hotel.dataDirectory.appendingPathComponent("session.hotel").path
      let app = try await Pane.start(
        hotel, ["--today", "2026-06-01", "--fresh", "--record", record], recordingTerminal: true)
      defer { app.tmux.close() }
      let tmux = app.tmux
      try await tmux.openBooking()
      try await tmux.type("9161234567")
      try await tmux.press("Tab")
      try await tmux.type("ivan@example.com")
      try await tmux.waitFor("ivan@example.com")
      let pid = try #require(
        Int32(try app.file("pid").trimmingCharacters(in: .whitespacesAndNewlines)))
      kill(pid, signal)
      try await app.waitForExit()
      #expect(try app.exitCode() == [SIGHUP: 129, SIGTERM: 143, SIGINT: 130, SIGQUIT: 131][signal])
      let typed = try String(contentsOfFile: record, encoding: .utf8)
      #expect(typed.contains("type booking.buyer.email ivan@example.com\n"), "\(typed)")
      // The field's text as shown, not the keys typed.
      #expect(typed.contains("type booking.buyer.phone \"+7 (916) 123-45-67\"\n"), "\(typed)")
      #expect(try app.file("stty.before") == app.file("stty.after"))
      // The draft was flushed: the next start restores the booking.
      let restored = try await hotel.run(
        [
          "replay", "-", "--today", "2026-06-01", "--data-dir",
          hotel.dataDirectory.appendingPathComponent("data").path,
        ],
        stdin: "expect screen booking\nexpect value booking.buyer.email ivan@example.com\n")
      #expect(restored.status == 0, "\(restored)")
      let replayed = try await hotel.run([
        "replay", record, "--today", "2026-06-01", "--fresh", "--data-dir",
        hotel.dataDirectory.appendingPathComponent("replayed").path,
      ])
      #expect(replayed.status == 0, "\(replayed)")
    }

    /// The line mode's recorder on a file that stops taking lines (here the file size limit;
    /// a full disk is the same): told once, the file ends with the last whole line and still
    /// replays, and the exit code says the recording is not what was asked for.
    @Test func aRecordFileThatStopsTakingLinesIsToldOnce() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let record = hotel.dataDirectory.appendingPathComponent("long.hotel").path
      let binary = try HotelProcess.binary().path
      // 1 KiB (`ulimit -f 1`) holds the header and about 180 `show` lines of 300.
      let result = try await hotel.run(
        executable: URL(fileURLWithPath: "/bin/sh"),
        [
          "-c", "ulimit -f 1 && exec \"$0\" run --line --fresh --record \"$1\" >/dev/null",
          binary, record,
        ],
        stdin: String(repeating: "show\n", count: 300))
      // Before: exit 0, nothing said, and the file ended in half a line (SIGXFSZ ignored) or
      // the process was killed by SIGXFSZ.
      #expect(result.status == 4, "\(result)")
      let told = result.stderr.split(separator: "\n").filter { $0.contains("recording to") }
      #expect(
        told == [
          "hotel: recording to '\(record)' stopped: the file is too large; the file holds what"
            + " was done before"
        ], "\(result)")
      let text = try String(contentsOfFile: record, encoding: .utf8)
      #expect(text.hasSuffix("show\n"), "ends with a whole line: \(text.suffix(20))")
      let replayed = try await hotel.run(["replay", record])
      #expect(replayed.status == 0, "\(replayed)")
    }

    /// `:` and a command that arrive in one read (typed fast, a busy machine, a paste from a
    /// terminal without bracketed paste): each character is a key, so the command line opens and
    /// takes the rest.
    ///
    /// `?` in the same read opens the keys overlay, and the key after it closes it.
    @Test func aCommandTypedInOneReadRuns() async throws {
      try await Pane.session { tmux, _ in
        try await tmux.waitFor("Choose a room")
        try await tmux.type(":tap hotel.chooseRoom")
        try await tmux.waitFor(": command line", seconds: 30) {
          $0.contains(":tap hotel.chooseRoom")
        }
        try await tmux.press("Enter")
        try await tmux.waitFor("Deluxe room with sea view")
        try await tmux.type("?x:expect screen rooms")
        try await tmux.press("Enter")
        let held = try await tmux.waitFor("✓ holds")
        // The `?` overlay opened and closed again: Rooms is shown under the status line.
        #expect(held.contains("Deluxe room with sea view"), "\(held)")
      }
    }

    /// Alt-b in a field (ESC b, as terminals send Meta) moves a word back, as in readline; it is
    /// not Escape: the app stays on its screen and the letter is not lost.
    @Test func altBInAFieldMovesAWordBackAndStaysOnTheScreen() async throws {
      try await Pane.session { tmux, _ in
        try await tmux.openBooking()
        try await tmux.press("Tab", "Tab", "Tab")
        try await tmux.waitFor("› First name")
        try await tmux.type("Anna Maria")
        try await tmux.press("M-b")
        try await tmux.type("X")
        let screen = try await tmux.waitFor("Anna XMaria")
        #expect(screen.hasPrefix(" Booking"), "\(screen)")
      }
    }

    /// `TERM=dumb` (a terminal that cannot move the cursor) and no `TERM`: the line mode, not
    /// a screen of escape sequences it cannot show.
    @Test(arguments: ["TERM=dumb", "-u TERM"])
    func aTerminalThatCannotMoveTheCursorGetsTheLineMode(_ term: String) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let binary = TmuxSession.quoted(try HotelProcess.binary().path)
      let data = TmuxSession.quoted(hotel.dataDirectory.appendingPathComponent("data").path)
      let tmux = try await TmuxSession(
        "env \(term) HOTEL_DATA_DIR=\(data) \(binary) run --fresh --today 2026-06-01; sleep 30",
        directory: hotel.dataDirectory)
      defer { tmux.close() }
      let screen = try await tmux.waitFor("Type 'help'")
      #expect(screen.contains("━━ Hotel ━"), "the line mode's screen:\n\(screen)")
      try await tmux.type("quit")
      try await tmux.press("Enter")
    }

    /// Resizes while the calendar, the `:` line and the keys overlay are open, down to 1×1 and
    /// up to 300×100, many in a row: the app keeps running and draws the right thing at the end.
    @Test func resizesWhileThePopupsAreOpen() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let app = try await Pane.start(
        hotel, ["--today", "2028-02-29", "--fresh"], recordingTerminal: true)
      defer { app.tmux.close() }
      let tmux = app.tmux
      try await tmux.openBooking()
      try await tmux.press("Tab", "Tab", "Tab", "Tab", "Tab")
      try await tmux.waitFor("› Date of birth")
      try await tmux.press("F4")
      // Today is 29 February 2028: the birth date's calendar opens on the day before.
      try await tmux.waitFor("February 2028")
      for (columns, rows) in [(1, 1), (30, 5), (300, 100), (61, 21), (59, 19), (100, 40)] {
        try await tmux.resize(columns: columns, rows: rows)
      }
      try await tmux.waitFor("the calendar, redrawn") { screen in
        screen.contains("February 2028") && screen.contains("Total to pay")
      }
      try await tmux.press("Enter")
      try await tmux.waitFor("28.02.2028")
      try await tmux.press("F2")
      try await tmux.type("expect value booking.tourist.1.birthDate 28.02.2028")
      try await tmux.resize(columns: 20, rows: 8)
      try await tmux.waitFor("60×20")
      try await tmux.resize(columns: 100, rows: 40)
      try await tmux.waitFor(":expect value")
      try await tmux.press("Enter")
      try await tmux.waitFor("✓ holds")
      // The keys overlay, scrolled, through the same storm (before: 1×1 trapped the app).
      try await tmux.press("F1")
      try await tmux.waitFor("┌─ Keys")
      try await tmux.press("PageDown")
      for (columns, rows) in [(1, 1), (3, 2), (59, 19), (300, 100), (80, 24), (100, 40)] {
        try await tmux.resize(columns: columns, rows: rows)
      }
      try await tmux.waitFor("the overlay, redrawn at 100×40") { screen in
        screen.contains("┌─ Keys") && screen.contains("closes")
      }
      try await tmux.press("x")
      try await tmux.waitFor("the overlay closed") { !$0.contains("┌─ Keys") }
      // The storm's last size reached the terminal (else `stty -a` after reads another).
      try await tmux.waitForTerminalSize(columns: 100, rows: 40)
      try await tmux.press("C-c")
      try await app.waitForExit()
      #expect(try app.exitCode() == 0)
      let (before, after) = (try app.file("stty.before"), try app.file("stty.after"))
      #expect(before == after, "before:\n\(before)\nafter:\n\(after)")
    }

    /// A `:` command that fails changes nothing: the recording keeps it as a comment, so the replay
    /// goes on to the same end.
    @Test func aFailedCommandIsRecordedAsAComment() async throws {
      let recording = try await Pane.recordedSession { tmux, _ in
        try await tmux.waitFor("Choose a room")
        try await tmux.type(":")
        try await tmux.type("tap hotel.chooseRom")
        try await tmux.press("Enter")
        try await tmux.waitFor("hotel.chooseRom")
        try await tmux.type(":")
        try await tmux.type("tap hotel.chooseRoom")
        try await tmux.press("Enter")
        try await tmux.waitFor("Deluxe room with sea view")
      }
      #expect(
        recording.lines == ["# failed, left out: tap hotel.chooseRom", "tap hotel.chooseRoom"],
        "\(recording.text)")
      #expect(recording.replay.status == 0, "\(recording.replay)")
    }

    /// Stopped from outside (`kill -STOP`) and brought back with `fg` in an interactive shell:
    /// the shell had put the terminal back to its own modes, and keys were echoed and held
    /// until Enter; raw mode is set again on continuing, and the screen redrawn.
    @Test func aStopFromOutsideAndFgGiveRawModeBack() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let (tmux, pid) = try await TmuxSession.shellRunningHotel(hotel)
      defer { tmux.close() }
      kill(pid, SIGSTOP)
      try await tmux.waitFor("Stopped")
      try await tmux.type("fg")
      try await tmux.press("Enter")
      try await tmux.waitFor("Choose a room")
      // One Tab, no Enter: it must arrive at once and not be echoed.
      try await tmux.press("Tab")
      let focused = try await tmux.waitFor("the focus on Choose a room", seconds: 30) {
        $0.contains("›[ Choose a room ]")
      }
      #expect(!focused.contains("^I"), "the Tab was echoed:\n\(focused)")
      try await tmux.press("C-c")
      try await tmux.waitFor("the shell's prompt") { $0.contains("$ ") || $0.contains("# ") }
    }

    /// The status line's messages last as long as they matter, so an error is not missed: why an
    /// action was refused stays while the person moves the focus or opens the keys' popup, and goes
    /// with their next action; a passing note (completion candidates) goes at the next key.
    @Test func anErrorStaysUntilTheNextActionANoteGoesAtTheNextKey() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let app = try await Pane.start(hotel, ["--today", "2026-06-01", "--fresh"])
      defer { app.tmux.close() }
      let tmux = app.tmux
      let error = "back: there is no screen before hotel"
      try await tmux.waitFor("Choose a room")
      try await tmux.press("Escape")
      try await tmux.waitFor(error)
      try await tmux.press("Tab")
      var screen = try await tmux.waitFor("the focus on Choose a room") {
        $0.contains("›[ Choose a room ]")
      }
      #expect(TmuxSession.line(screen, containing: error)?.hasPrefix(" ✗") == true, "\(screen)")
      try await tmux.press("?")
      try await tmux.waitFor("Any key closes this help")
      try await tmux.press("x")
      screen = try await tmux.waitFor("the help closed") {
        !$0.contains("Any key closes this help")
      }
      #expect(screen.contains(error), "kept after the popup:\n\(screen)")
      // The next action (Choose a room) replaces it.
      try await tmux.press("Enter")
      screen = try await tmux.waitFor("Deluxe room with sea view")
      #expect(!screen.contains(error), "\(screen)")
      // A note: the candidates of a completion, gone at the next key.
      try await tmux.type(":")
      try await tmux.waitFor("the prompt") { !$0.contains("Ctrl-C quit") }
      try await tmux.type("t")
      try await tmux.press("Tab")
      try await tmux.waitFor("Options: tap type")
      try await tmux.press("Escape")
      screen = try await tmux.waitFor("Ctrl-C quit")
      #expect(screen.contains("Options: tap type"), "\(screen)")
      try await tmux.press("Down")
      try await tmux.waitFor("the note gone") { !$0.contains("Options: tap") }
    }

    /// The draft cannot be written (here the file size limit; a full disk is the same): the
    /// person is told on the status line during the session, not only on the way out.
    @Test func aDraftThatCannotBeSavedIsSaidOnTheStatusLine() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let binary = TmuxSession.quoted(try HotelProcess.binary().path)
      let data = TmuxSession.quoted(hotel.dataDirectory.appendingPathComponent("data").path)
      let tmux = try await TmuxSession(
        "sh -c 'ulimit -f 1; HOTEL_DATA_DIR=\(data) \(binary) run --fresh --today 2026-06-01;"
          + " sleep 30'",
        directory: hotel.dataDirectory)
      defer { tmux.close() }
      try await tmux.openBooking()
      try await tmux.press("Tab", "Tab", "Tab")
      try await tmux.waitFor("› First name")
      // A draft over 1 KiB.
      try await tmux.type(String(repeating: "Ж", count: 600))
      // The draft is written in the background after the keystroke: its failure is said then.
      let screen = try await tmux.waitFor("could not save the unfinished booking", seconds: 30)
      // Before: Persistence's line went to standard error, drawn over the form at the cursor.
      #expect(!screen.contains("hotel:"), "\(screen)")
      #expect(
        TmuxSession.line(screen, containing: "could not save the unfinished")?.hasPrefix(" ✗")
          == true,
        "on the status line:\n\(screen)")
      // It is said once, and the cause does not go with a key: it stays while the person goes
      // on (before, the next key took it away for good).
      try await tmux.press("Tab")
      try await tmux.type("Petrov")
      let later = try await tmux.waitFor("Petrov")
      #expect(
        TmuxSession.line(later, containing: "could not save the unfinished")?.hasPrefix(" ✗")
          == true,
        "still on the status line:\n\(later)")
      try await tmux.press("C-c")
      // Kept, and written to standard error once the screen is left.
      try await tmux.waitFor("the normal screen and the line") { screen in
        screen.contains("hotel: could not save the unfinished booking") && !screen.contains("›")
      }
    }
  }
}

import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EndToEnd {
  /// `hotel run` in a real terminal (tmux), driven with keys only (SPEC 5.1).
  ///
  /// Every wait polls the screen up to a deadline.
  @Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed (.ci/run installs it)"))
  struct FullScreenEndToEndTests {
    @Test func aBookingWithMistakesTheCalendarAndPayRecordedAndReplayed() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let record = hotel.dataDirectory.appendingPathComponent("session.hotel").path
      let app = try await Pane.start(
        hotel, ["--today", "2026-06-01", "--fresh", "--record", record])
      defer { app.tmux.close() }
      let tmux = app.tmux

      try await tmux.openBooking()
      try await tmux.waitFor("Booking details")

      // Mistakes: each error shows once the field is left.
      try await tmux.type("916123456")
      var screen = try await tmux.waitFor("+7 (916) 123-45-6")
      #expect(!screen.contains("Enter all 10 digits"), "\(screen)")
      try await tmux.press("Tab")
      try await tmux.waitFor("Enter all 10 digits of the phone number")
      try await tmux.type("bad@")
      try await tmux.press("Tab")
      try await tmux.waitFor("Enter a domain such as example.com after the @")
      try await tmux.press("Tab")  // past the first tourist's section title
      try await tmux.type("Ivan")
      try await tmux.press("Tab")
      try await tmux.type("Petrov")
      try await tmux.press("Tab")
      try await tmux.type("31022000")
      try await tmux.press("Tab")
      try await tmux.waitFor("the birth date's error") { screen in
        let lines = screen.split(separator: "\n").map(String.init)
        guard let index = lines.firstIndex(where: { $0.contains("31.02.2000") }) else {
          return false
        }
        return index + 1 < lines.count && lines[index + 1].contains("✗")
      }
      try await tmux.type("Russia")
      try await tmux.press("Tab")
      try await tmux.type("4512345678")
      try await tmux.press("Tab")

      // The passport expiry from the calendar: it opens on the day after the trip's last day,
      // ← does not go onto a refused day, and Enter takes the day the cursor is on.
      try await tmux.press("F4")
      screen = try await tmux.waitFor("September 2027")
      try await tmux.press("Left")
      try await tmux.waitFor("No earlier date can be")
      try await tmux.press("Enter")
      screen = try await tmux.waitFor("28.09.2027")
      #expect(
        TmuxSession.line(screen, containing: "28.09.2027")?.contains("✓") == true, "\(screen)")

      // Pay with errors (past Add tourist, the extras' three fields and the price section): the
      // focus goes to the first invalid field.
      try await tmux.press("Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Enter")
      screen = try await tmux.waitFor("Please correct the highlighted fields")
      try await tmux.waitFor("› Phone number")

      // Fix, then Pay -> Paid -> Done -> Hotel.
      try await tmux.press("End")
      try await tmux.type("7")
      try await tmux.waitFor("+7 (916) 123-45-67")
      try await tmux.press("Tab", "C-u")
      try await tmux.type("ivan@example.com")
      try await tmux.press("Tab", "Tab", "Tab", "Tab", "C-u")
      try await tmux.type("01021990")
      for _ in 0..<9 { try await tmux.press("Tab") }
      try await tmux.waitFor("› [ Pay 300 850 ₽ ]") { $0.contains("›[ Pay 300 850 ₽ ]") }
      try await tmux.press("Enter")
      try await tmux.waitFor("Your order is accepted")
      try await tmux.press("Enter")
      try await tmux.waitFor("Choose a room")
      try await tmux.type(":")
      try await tmux.type("expect screen hotel")
      try await tmux.press("Enter")
      try await tmux.waitFor("✓ holds")
      try await tmux.press("C-c")
      try await app.waitForExit()
      #expect(try app.exitCode() == 0)

      let typed = try String(contentsOfFile: record, encoding: .utf8)
      #expect(typed.contains("type booking.tourist.1.passportExpiry 28.09.2027"), "\(typed)")
      #expect(typed.contains("tap booking.pay"), "\(typed)")
      #expect(typed.contains("tap paid.done"), "\(typed)")
      // The recording replays to the same end: an order, and Hotel.
      let replayData = hotel.dataDirectory.appendingPathComponent("replayed").path
      let replayed = try await hotel.run([
        "replay", record, "--today", "2026-06-01", "--fresh", "--data-dir", replayData,
      ])
      #expect(replayed.status == 0, "\(replayed)\n\(typed)")
      let orders = try FileManager.default.contentsOfDirectory(atPath: replayData + "/orders")
      #expect(orders.filter { $0.hasSuffix(".json") }.count == 1, "\(orders)")
    }

    @Test func fourTouristsScrollAndAResizeRedraws() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let app = try await Pane.start(hotel, ["--today", "2026-06-01", "--fresh"], rows: 30)
      defer { app.tmux.close() }
      let tmux = app.tmux
      try await tmux.openBooking()
      for _ in 0..<9 { try await tmux.press("Tab") }
      try await tmux.waitFor("›[ Add tourist ]")
      // Each added tourist takes the focus (its first name): seven Tabs, past its other fields
      // and its Remove, come back to Add tourist.
      for ordinal in ["Second", "Third", "Fourth"] {
        try await tmux.press("Enter")
        try await tmux.waitFor("› First name")
        try await tmux.waitFor("\(ordinal) tourist")
        if ordinal != "Fourth" {
          for _ in 0..<7 { try await tmux.press("Tab") }
          try await tmux.waitFor("›[ Add tourist ]")
        }
      }
      try await tmux.press("Tab", "Tab", "Tab", "Tab", "Tab", "Tab")
      // "Fourth tourist" shows before the Tabs land: wait for the scroll they cause. The focus
      // is marked "› " on a field and "›[" on a button: where the six Tabs land depends on
      // when the price's answer comes (its own field, or the tourist's Remove).
      var screen = try await tmux.waitFor("the Tabs scrolled") {
        $0.contains("Fourth tourist") && !$0.contains("Booking details") && $0.contains("›")
      }
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      #expect(lines.first?.hasPrefix(" Booking") == true, "\(screen)")
      #expect(!screen.contains("Booking details"), "scrolled away:\n\(screen)")
      #expect(screen.contains("Total to pay"), "the footer stays:\n\(screen)")
      #expect(screen.contains("›"), "the focus is in view:\n\(screen)")
      try await tmux.press("PPage", "PPage", "PPage", "PPage")
      screen = try await tmux.waitFor("Booking details")
      #expect(screen.contains("Total to pay"), "the footer stays:\n\(screen)")

      try await tmux.resize(columns: 70, rows: 24)
      screen = try await tmux.waitFor("a 70-column screen") { screen in
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return rows.count <= 25 && screen.contains("Total to pay")
          && rows.allSatisfy { $0.count <= 70 }
          && rows.contains { $0.hasPrefix("═") && $0.count == 70 }
      }
      try await tmux.resize(columns: 50, rows: 15)
      try await tmux.waitFor("60×20")
      try await tmux.resize(columns: 100, rows: 30)
      try await tmux.waitFor("Total to pay")
      try await tmux.press("C-c")
      try await app.waitForExit()
    }

    /// Enter on Add tourist focuses the new tourist's first name: letters typed next land in it.
    @Test func addingATouristFocusesItsFirstName() async throws {
      try await Pane.session { tmux, _ in
        try await tmux.openBooking()
        for _ in 0..<9 { try await tmux.press("Tab") }
        try await tmux.waitFor("›[ Add tourist ]")
        try await tmux.press("Enter")
        try await tmux.waitFor("Second tourist")
        try await tmux.type("Olga")
        let screen = try await tmux.waitFor("Olga in the second tourist's first name") { screen in
          let lines = screen.split(separator: "\n").map(String.init)
          guard let second = lines.firstIndex(where: { $0.contains("Second tourist") }),
            let typed = lines.firstIndex(where: { $0.contains("Olga") })
          else { return false }
          return typed > second && lines[typed].contains("› First name")
        }
        #expect(!screen.contains("Not typed"), "\(screen)")
      }
    }

    /// At 60 columns a focused date field's " F4" hint stays whole on the row the scroll marker is
    /// drawn on.
    @Test func theScrollMarkerLeavesTheDateHintWhole() async throws {
      try await Pane.session { tmux, _ in
        try await tmux.openBooking()
        try await tmux.resize(columns: 60, rows: 20)
        try await tmux.waitForTerminalSize(columns: 60, rows: 20)
        let command = { (line: String) in
          try await tmux.press("F2")
          try await tmux.type(line)
          try await tmux.press("Enter")
        }
        try await command("tap booking.addTourist")
        try await command("type booking.tourist.1.birthDate 01.02.1990")
        // To the foot of the form, then back up to the valid birth date: it comes into view
        // on the body's first row, the one the ↑ marker is drawn on.
        for _ in 0..<30 { try await tmux.press("Tab") }
        try await tmux.waitFor("›[ Pay")
        try await command("tap booking.tourist.1.birthDate")
        let screen = try await tmux.waitFor("the focused birth date") {
          TmuxSession.line($0, containing: "› Date of birth")?.contains("01.02.1990") == true
        }
        let line = try #require(TmuxSession.line(screen, containing: "› Date of birth"))
        #expect(line.contains("✓ F4"), "\(screen)")
        #expect(line.contains("↑"), "the marker's row:\n\(screen)")
      }
    }

    @Test func aSlowAPIShowsTheSpinner() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      // The first load lasts until the test lets it go (a 2 s latency could end before a
      // starved test looked at the screen once).
      let api = try HeldAPI()
      let app = try await Pane.start(hotel, ["--api", api.url, "--fresh", "--timeout", "120"])
      defer { app.tmux.close() }
      let spinner = try await app.tmux.waitFor("the spinner", seconds: 30) { screen in
        screen.contains("Loading…") && "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏".contains { screen.contains($0) }
      }
      #expect(!spinner.contains("Choose a room"), "\(spinner)")
      try await api.release(in: app.tmux, until: "Choose a room")
      try await app.tmux.press("C-c")
      try await app.waitForExit()
      await api.stop()
    }

    @Test(arguments: ["Ctrl-C", "Ctrl-\\", "SIGTERM"])
    func theTerminalIsRestored(after way: String) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let app = try await Pane.start(
        hotel, ["--today", "2026-06-01", "--fresh"], recordingTerminal: true)
      defer { app.tmux.close() }
      try await app.tmux.waitFor("Choose a room")
      try await app.tmux.press("Tab")
      if way == "Ctrl-C" {
        try await app.tmux.press("C-c")
      } else if way == "Ctrl-\\" {
        // A raw terminal sends no SIGQUIT: the key quits as Ctrl-C does.
        try await app.tmux.press("C-\\")
      } else {
        let pid = try #require(
          Int32(try app.file("pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, SIGTERM)
      }
      try await app.waitForExit()
      #expect(try app.exitCode() == (way == "SIGTERM" ? 143 : 0))
      let before = try app.file("stty.before")
      let after = try app.file("stty.after")
      #expect(!before.isEmpty && before == after, "before:\n\(before)\nafter:\n\(after)")
      // tmux may show the last bytes the app wrote (leaving the alternate screen) a moment
      // after the process is gone: waited for, with a deadline.
      let screen = try await app.tmux.waitFor("the normal screen", seconds: 30) {
        !$0.contains("Choose a room") && !$0.contains("Previous photo")
      }
      #expect(!screen.contains("Choose a room"), "the normal screen is back:\n\(screen)")
    }

    /// SIGTERM while the app draws frame after frame (400 Tabs in one read): the stop signal's hook
    /// restores the terminal from its own thread.
    @Test func aStopSignalWhileDrawingLeavesNoFrameBehind() async throws {
      for round in 1...3 {
        let hotel = try HotelProcess()
        defer { hotel.cleanUp() }
        let app = try await Pane.start(
          hotel, ["--today", "2026-06-01", "--fresh"], recordingTerminal: true)
        defer { app.tmux.close() }
        try await app.tmux.waitFor("Choose a room")
        let pid = try #require(
          Int32(try app.file("pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        try await app.tmux.send(bytes: [UInt8](repeating: 0x09, count: 400))
        kill(pid, SIGTERM)
        try await app.waitForExit()
        #expect(try app.exitCode() == 143, "round \(round)")
        let screen = try await app.tmux.waitFor("the normal screen", seconds: 30) {
          !$0.contains("Choose a room") && !$0.contains("Previous photo")
        }
        #expect(!screen.contains("Next photo"), "round \(round):\n\(screen)")
      }
    }

    @Test func russianLeavesNoEnglish() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let app = try await Pane.start(hotel, ["--lang", "ru", "--today", "2026-06-01", "--fresh"])
      defer { app.tmux.close() }
      let tmux = app.tmux
      var screens: [String] = []
      screens.append(try await tmux.waitFor("К выбору номера"))
      try await tmux.press("?")
      screens.append(try await tmux.waitFor("Клавиши"))
      try await tmux.press("Escape", "Tab", "Enter")
      screens.append(try await tmux.waitFor("Люкс номер с видом на море"))
      try await tmux.press("Tab", "Tab", "Tab", "Enter")
      try await tmux.waitFor("› Номер телефона")
      try await tmux.type("1")
      try await tmux.press("Tab")
      try await tmux.type("x@")
      try await tmux.press("Tab", "Tab", "Tab", "Tab")
      try await tmux.type("32132000")
      try await tmux.press("Tab", "Tab", "Tab", "F4")
      screens.append(try await tmux.waitFor("Сентябрь 2027"))
      try await tmux.press("Escape", "Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Enter")
      screens.append(try await tmux.waitFor("Исправьте") { $0.contains("✗") && $0.contains("»") })
      // The `:` command line's answers are Russian too: a step that fails, one that holds.
      try await tmux.press("F2")
      try await tmux.type("tap booking.nope")
      try await tmux.press("Enter")
      screens.append(try await tmux.waitFor("нет 'booking.nope'"))
      try await tmux.press("F2")
      try await tmux.type("expect screen booking")
      try await tmux.press("Enter")
      screens.append(try await tmux.waitFor("✓ выполнено"))
      for screen in screens {
        let english = Self.englishWords(in: screen)
        #expect(english.isEmpty, "English words \(english) on:\n\(screen)")
      }
      try await tmux.press("C-c")
      try await app.waitForExit()
    }

    /// `${NAME}` at the `:` command line is replaced as in a script (`--var`, else
    /// `HOTEL_VAR_NAME`); an undefined one is a parse error naming it, on the status line, and
    /// nothing runs.
    @Test func aVariableAtTheCommandLineIsReplacedAndAnUndefinedOneIsNamed() async throws {
      try await Pane.session(["--var", "ROOM=2"], columns: 120) { tmux, _ in
        try await tmux.waitFor("Choose a room")
        for line in ["tap hotel.chooseRoom", "tap rooms.room.${ROOM}.choose"] {
          try await tmux.type(":")
          try await tmux.type(line)
          try await tmux.press("Enter")
        }
        try await tmux.waitFor("› Phone number")
        try await tmux.press("F2")
        try await tmux.type("type booking.buyer.email ${EMAIL}")
        try await tmux.press("Enter")
        let screen = try await tmux.waitFor(
          "✗ undefined variable 'EMAIL' (give --var EMAIL=VALUE or set HOTEL_VAR_EMAIL)")
        #expect(!screen.contains("${EMAIL}"), "nothing typed:\n\(screen)")
        #expect(
          TmuxSession.line(screen, containing: "Email")?.contains("name@example.com") == true,
          "the field is still empty:\n\(screen)")
      }
    }

    /// The keys overlay at 80×30 on Booking (four dozen IDs) scrolls (↓, PgDn) to the last ID, says
    /// where it is, and any other key closes it.
    @Test func theKeysOverlayScrollsToTheLastID() async throws {
      try await Pane.session(columns: 80, rows: 30) { tmux, _ in
        try await tmux.openBooking()
        try await tmux.press("F1")
        let first = try await tmux.waitFor("PgDn scroll (1–22 of")
        #expect(!first.contains("booking.pay"), "\(first)")
        try await tmux.press("PageDown", "PageDown", "PageDown", "Down")
        let last = try await tmux.waitFor("booking.pay")
        #expect(last.contains("IDs on this screen") || last.contains("booking."), "\(last)")
        try await tmux.press("x")
        try await tmux.waitFor("the overlay closed") { !$0.contains("PgDn scroll") }
      }
    }

    /// The keys overlay in a 60-column window, in both languages: keys as wide as their column take
    /// a line of their own, the meaning under them.
    @Test(arguments: [
      ([String](), "delete to the start, to the end"),
      (["--lang", "ru"], "удалить до начала, до конца, слово"),
    ])
    func wideKeysInTheKeysOverlayDoNotRunIntoTheirMeaning(
      arguments: [String], meaning: String
    ) async throws {
      try await Pane.session(arguments, columns: 60, rows: 20) { tmux, _ in
        try await tmux.waitFor("[ ")
        try await tmux.press("?")
        let screen = try await tmux.waitFor(meaning)
        let keys = try #require(TmuxSession.line(screen, containing: "Ctrl-U, Ctrl-K, Ctrl-W"))
        let afterKeys = keys.components(separatedBy: "Ctrl-W").last ?? ""
        #expect(afterKeys.trimmingCharacters(in: .whitespaces) == "│", "\(screen)")
        let meaningLine = try #require(TmuxSession.line(screen, containing: meaning))
        #expect(meaningLine.contains(String(repeating: " ", count: 18) + meaning), "\(screen)")
      }
    }

    /// A field's label wider than its column goes on under itself instead of being cut: the Russian
    /// passport expiry label (28 columns, its column 27) at 100 columns, the English one at 60
    /// (focused, so in view, with the rest of its label).
    @Test(arguments: [
      (["--lang", "ru"], 100, 40, "Срок действия", "загранпаспорта"),
      ([String](), 60, 20, "Passport expiry", "date"),
    ])
    func aLabelWiderThanItsColumnIsNotCut(
      arguments: [String], columns: Int, rows: Int, label: String, rest: String
    ) async throws {
      try await Pane.session(arguments, columns: columns, rows: rows) { tmux, _ in
        try await tmux.waitFor("[ ")
        try await tmux.press("Tab", "Enter")
        try await tmux.waitFor(arguments.isEmpty ? "Deluxe room" : "Люкс номер")
        try await tmux.press("Tab", "Tab", "Tab", "Enter")
        try await tmux.waitFor("› ")
        // From the phone number to the first tourist's passport expiry date.
        for _ in 0..<8 { try await tmux.press("Tab") }
        let screen = try await tmux.waitFor("› " + label)
        let lines = screen.split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("› " + label) })
        #expect(!lines[index].contains("…"), "\(screen)")
        // The rest of the label under it, in its column (the scroll marker may follow).
        #expect(
          lines[index + 1].trimmingCharacters(in: .whitespaces).hasPrefix(rest + " ")
            || lines[index + 1].trimmingCharacters(in: .whitespaces) == rest, "\(screen)")
      }
    }

    /// Enter on the second of three tourists' Remove: the third, now second, keeps its text, and
    /// the focus goes to its title, not to its Remove (same ID, the next tourist's button), so a
    /// second Enter folds the section instead of removing a second tourist.
    @Test func removingATouristLeavesTheFocusOffTheNextOnesRemove() async throws {
      try await Pane.session { tmux, _ in
        try await tmux.openBooking()
        for command in [
          "tap booking.addTourist", "tap booking.addTourist",
          "type booking.tourist.3.firstName Olga", "tap booking.buyer.phone",
        ] {
          try await tmux.press("F2")
          try await tmux.type(command)
          try await tmux.press("Enter")
        }
        try await tmux.waitFor("› Phone number")
        // From the phone number: Email, the first tourist (title, 6 fields), the second.
        for _ in 0..<16 { try await tmux.press("Tab") }
        try await tmux.waitFor("›[ Remove tourist ]")
        try await tmux.press("Enter")
        let screen = try await tmux.waitFor("the third tourist moved up") {
          !$0.contains("Third tourist")
        }
        #expect(screen.contains("› ▾ Second tourist"), "\(screen)")
        #expect(!screen.contains("›[ Remove tourist ]"), "\(screen)")
        #expect(
          TmuxSession.line(screen, containing: "Olga")?.contains("First name") == true,
          "\(screen)")
        try await tmux.press("Enter")
        // Folded, not removed (with one tourist left there would be no second).
        try await tmux.waitFor("› ▸ Second tourist")
      }
    }

    /// Words of two or more Latin letters, leaving out key names, the script language (its
    /// commands, screen names and IDs, quoted or not), addresses (the e-mail hint's
    /// `example.com` too) and the fixture's own Latin names (a hotel's street is not
    /// translated).
    static func englishWords(in screen: String) -> [String] {
      let allowed: Set<String> = [
        "Tab", "Shift", "Enter", "Esc", "Ctrl", "Alt", "PgUp", "PgDn", "Home", "End",
        "Backspace", "Delete", "fg", "ID", "tap", "type", "next", "back", "expect", "show",
        "help", "quit", "hotel", "rooms", "booking", "paid", "Madinat", "Makadi", "Safaga", "Road",
        "Bay", "Wifi", "VIP",
      ]
      var words: [String] = []
      for token in screen.split(whereSeparator: \.isWhitespace) {
        let bare = token.trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
        let isID = ["hotel.", "rooms.", "booking.", "paid."].contains { bare.hasPrefix($0) }
        if isID || token.contains("://") || token.contains("@") || token.contains("example.") {
          continue
        }
        var word = ""
        for character in token + " " {
          if character.isASCII, character.isLetter {
            word.append(character)
          } else {
            if word.count >= 2, !allowed.contains(word) { words.append(word) }
            word = ""
          }
        }
      }
      return words
    }
  }
}

extension TmuxSession {
  /// From the first Hotel screen in English: Choose a room, the second room, and on to
  /// Booking's first field (the phone number), with keys only.
  func openBooking() async throws {
    try await waitFor("Choose a room")
    try await press("Tab", "Enter")
    try await waitFor("Deluxe room with sea view")
    try await press("Tab", "Tab", "Tab", "Enter")
    try await waitFor("› Phone number")
  }
}

/// `hotel run` in a tmux pane, wrapped in a shell that records the exit code (and, when asked,
/// `stty -a` before and after, and the process ID).
struct Pane {
  let tmux: TmuxSession
  private let directory: URL

  static func start(
    _ hotel: HotelProcess, _ arguments: [String], columns: Int = 100, rows: Int = 40,
    recordingTerminal: Bool = false
  ) async throws -> Pane {
    let directory = hotel.dataDirectory
    let binary = try HotelProcess.binary().path
    let data = directory.appendingPathComponent("data").path
    func path(_ name: String) -> String {
      TmuxSession.quoted(directory.appendingPathComponent(name).path)
    }
    let run =
      "env -u NO_COLOR HOTEL_DATA_DIR=\(TmuxSession.quoted(data)) TERM=xterm-256color "
      + TmuxSession.quoted(binary) + " run "
      + arguments.map(TmuxSession.quoted).joined(separator: " ")
    var script: String
    if recordingTerminal {
      script =
        "stty -a > \(path("stty.before")); \(run) < /dev/tty & echo $! > \(path("pid")); "
        + "wait $!; echo $? > \(path("code")); stty -a > \(path("stty.after"))"
    } else {
      script = "\(run); echo $? > \(path("code"))"
    }
    script += "; printf '\\n%s\\n' '\(endMarker)'"
    let tmux = try await TmuxSession(
      "sh -c " + TmuxSession.quoted(script), directory: directory, columns: columns, rows: rows)
    return Pane(tmux: tmux, directory: directory)
  }

  /// What the shell line prints last, once `hotel run` has ended and the shell has written its
  /// files (the exit code, `stty -a` after).
  static let endMarker = "[hotel run ended]"

  /// Waits until the app and its shell line have ended and the screen shows all they wrote.
  ///
  /// The code file alone did not say that tmux had read the app's last bytes (leaving the
  /// alternate screen, a line on standard error): a screen read then could still be the app's.
  /// ``endMarker`` comes after them on the same terminal: once it shows, they have.
  func waitForExit(seconds: Double = 30) async throws {
    do {
      try await tmux.waitFor("hotel run to end", seconds: seconds) {
        $0.contains(Self.endMarker)
      }
    } catch let error as HarnessError {
      throw HarnessError("hotel did not exit within \(seconds) s: \(error)")
    }
  }

  /// The exit code `hotel run` returned.
  func exitCode() throws -> Int32? {
    Int32(try file("code").trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// A file the shell line wrote.
  func file(_ name: String) throws -> String {
    try String(contentsOfFile: directory.appendingPathComponent(name).path, encoding: .utf8)
  }
}

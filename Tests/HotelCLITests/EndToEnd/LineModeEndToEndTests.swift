import Foundation
import Testing

extension EndToEnd {
  /// `hotel run` in the line mode (standard input not a terminal): the session goes on after a
  /// mistake, and its exit code tells of it (SPEC section 5).
  @Suite struct LineModeEndToEndTests {
    static let options = ["run", "--line", "--today", "2026-06-01", "--fresh"]

    /// The exit code: 1 for a failed expectation or action, 2 for a line that does not parse (over
    /// 1), 3 for a line that failed because the API could not be reached.
    @Test(arguments: [
      ("expect screen hotel\nshow\nquit\n", [String](), Int32(0)),
      ("expect screen rooms\nexpect screen hotel\n", [], 1),
      ("tap rooms.room.9.choose\nquit\n", [], 1),
      ("back\n", [], 1),
      ("tapp hotel.chooseRoom\nexpect screen hotel\n", [], 2),
      ("expect screen rooms\ntapp hotel.chooseRoom\n", [], 2),
      ("include other.hotel\n", [], 2),
      ("tap hotel.chooseRoom\nexpect screen rooms\n", ["--api", "http://127.0.0.1:9"], 3),
    ])
    func theExitCodeTellsWhatWentWrongInTheSession(
      _ input: String, _ extra: [String], _ expected: Int32
    ) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(Self.options + extra, stdin: input)
      #expect(result.status == expected, "\(result)")
      // The session went on past the mistake: a screen after every line.
      let lines = input.split(separator: "\n").filter { $0 != "quit" }
      #expect(result.stdout.components(separatedBy: "━━ ").count >= lines.count, "\(result)")
    }

    /// `${NAME}` typed at the prompt is replaced as in a script (SPEC 5.3: the prompt takes the
    /// same language): from `--var` or `HOTEL_VAR_NAME`; an undefined one is a parse error naming
    /// it, in the asked language, and nothing of that line runs.
    @Test func aVariableAtThePromptIsReplacedAndAnUndefinedOneIsNamed() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let toBooking = "tap hotel.chooseRoom\ntap rooms.room.2.choose\n"
      let given = try await hotel.run(
        Self.options + ["--var", "EMAIL=qa@example.com"],
        stdin: toBooking + "type booking.buyer.email ${EMAIL}\n"
          + "expect value booking.buyer.email qa@example.com\n"
          + "type booking.tourist.1.firstName ${NAME}\nexpect value booking.tourist.1.firstName Ivan\n",
        environment: ["HOTEL_VAR_NAME": "Ivan"])
      #expect(given.status == 0, "\(given)")
      #expect(given.stderr.isEmpty, "\(given)")

      for (language, message) in [
        ("en", "undefined variable 'EMAIL' (give --var EMAIL=VALUE or set HOTEL_VAR_EMAIL)"),
        ("ru", "переменная 'EMAIL' не задана (--var EMAIL=ЗНАЧЕНИЕ или HOTEL_VAR_EMAIL)"),
      ] {
        let undefined = try await hotel.run(
          Self.options + ["--lang", language],
          stdin: toBooking
            + "type booking.buyer.email ${EMAIL}\nexpect value booking.buyer.email \"\"\n")
        #expect(undefined.status == 2, "\(undefined)")
        #expect(undefined.stderrLines.count == 1, "\(undefined)")
        // Piped: the line is named by its number.
        #expect(
          undefined.stderrLines.first?.hasPrefix("hotel: <input>:3: " + message) == true,
          "\(undefined)")
      }
    }

    /// A recording keeps a typed `${NAME}` as typed, and its header's replay command the
    /// `--var` it needs: the replay written there reaches the same end.
    @Test func aRecordingWithAVariableReplaysWithTheVarItWasGiven() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let recorded = try await hotel.run(
        Self.options + ["--record", "typed.hotel", "--var", "EMAIL=qa@example.com"],
        stdin: "tap hotel.chooseRoom\ntap rooms.room.2.choose\ntype booking.buyer.email ${EMAIL}\n"
          + "expect value booking.buyer.email qa@example.com\n")
      #expect(recorded.status == 0, "\(recorded)")
      let text = try String(
        contentsOf: hotel.dataDirectory.appendingPathComponent("typed.hotel"), encoding: .utf8)
      let lines = text.split(separator: "\n").map(String.init)
      let prefix = "# Recorded by hotel run. Replay with: "
      #expect(
        lines.first == prefix
          + "hotel replay typed.hotel --today 2026-06-01 --var EMAIL=qa@example.com --fresh",
        "\(text)")
      #expect(lines.contains("type booking.buyer.email ${EMAIL}"), "\(text)")
      let words = (lines.first ?? "").dropFirst(prefix.count).split(separator: " ").map(String.init)
      let replay = try await hotel.run(Array(words.dropFirst()))
      #expect(replay.status == 0, "\(text)\n\(replay)")
    }

    /// A variable whose value ends with a newline (a CI secret read from a file) is refused before
    /// anything runs, naming it.
    @Test func aVariableWithALineBreakIsRefusedBeforeAnythingRuns() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      _ = try hotel.file(
        "name.hotel",
        "tap hotel.chooseRoom\ntap rooms.room.2.choose\ntype booking.tourist.1.firstName ${NAME}\n")
      let result = try await hotel.run(
        ["replay", "name.hotel", "--today", "2026-06-01", "--data-dir", "d"],
        environment: ["HOTEL_VAR_NAME": "Anna\n"])
      #expect(result.status == 2, "\(result)")
      #expect(
        result.stderrLines == [
          "hotel: name.hotel:3: the value of variable 'NAME' holds a line break (U+000A), which a"
            + " script line cannot hold; give the value on one line"
        ], "\(result)")
      // Nothing ran: no draft holds the text.
      #expect(
        !FileManager.default.fileExists(
          atPath: hotel.dataDirectory.appendingPathComponent("d/draft.json").path))
    }

    /// A draft on disk (hand-edited, or from an older version) whose field text holds a line break:
    /// the text is not restored (said on standard error, in the `--lang` language), the rest of the
    /// booking is, and the recording of that session replays.
    @Test(arguments: [
      (
        "en",
        ": the text of field tourist.1.firstName was not restored: it holds a line break or"
          + " another control character, which a field cannot hold; type it again"
      ),
      (
        "ru",
        ": текст поля tourist.1.firstName не восстановлен: в нём перевод строки или другой"
          + " управляющий символ, которого в поле не бывает; введите его заново"
      ),
    ])
    func aRestoredTextWithALineBreakIsLeftOutAndTheRecordingReplays(
      language: String, notice: String
    ) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let draft = try await Self.draftWithALineBreak(hotel)

      let recorded = try await hotel.run(
        ["run", "--line", "--today", "2026-06-01", "--lang", language, "--record", "r.hotel"],
        stdin: "expect value booking.tourist.1.lastName Ivanova\n")
      #expect(recorded.status == 0, "\(recorded)")
      #expect(recorded.stderrLines == ["hotel: " + draft.path + notice], "\(recorded)")
      let text = try String(
        contentsOf: hotel.dataDirectory.appendingPathComponent("r.hotel"), encoding: .utf8)
      #expect(!text.contains("firstName"), "\(text)")
      #expect(text.contains("type booking.tourist.1.lastName \"Ivanova\"\n"), "\(text)")
      let replay = try await hotel.run(["replay", "r.hotel", "--today", "2026-06-01"])
      #expect(replay.status == 0, "\(text)\n\(replay)")
    }

    /// A draft of the second room's booking, the first tourist named "Anna Ivanova", whose
    /// first name then holds a line break, as an older version or a hand edit could leave it;
    /// returns the draft file.
    static func draftWithALineBreak(_ hotel: HotelProcess) async throws -> URL {
      let filled = try await hotel.run(
        options,
        stdin: "tap hotel.chooseRoom\ntap rooms.room.2.choose\n"
          + "type booking.tourist.1.firstName Anna\ntype booking.tourist.1.lastName Ivanova\n"
          + "quit\n")
      #expect(filled.status == 0, "\(filled)")
      let draft = hotel.dataDirectory.appendingPathComponent("draft.json")
      let saved = try String(contentsOf: draft, encoding: .utf8)
      #expect(saved.contains("\"Anna\""), "\(saved)")
      try Data(saved.replacingOccurrences(of: "\"Anna\"", with: "\"An\\nna\"").utf8).write(
        to: draft)
      return draft
    }

    /// The notice of a text left out at restore is told once: the session that restored the draft
    /// writes it back as restored when it exits, so the next start restores the rest (the last
    /// name, the screen) without a word.
    @Test func aTextLeftOutAtRestoreIsToldOnce() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      _ = try await Self.draftWithALineBreak(hotel)
      let restore = ["run", "--line", "--today", "2026-06-01"]
      let expectations =
        "expect screen booking\nexpect value booking.tourist.1.lastName Ivanova\n"
        + "expect value booking.tourist.1.firstName \"\"\n"

      let first = try await hotel.run(restore, stdin: expectations)
      #expect(first.status == 0, "\(first)")
      #expect(first.stderrLines.count == 1, "\(first)")
      let second = try await hotel.run(restore, stdin: expectations)
      #expect(second.status == 0, "\(second)")
      #expect(second.stderrLines.isEmpty, "told again: \(second)")
    }

    /// A restored booking's text that holds `${` is written into the recording's rebuilding lines
    /// as `$${`, so the replay types the same text.
    @Test func aRestoredTextWithADollarBraceReplaysAsTyped() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let typed = "expect value booking.tourist.1.firstName \"a$${X}b\"\n"
      let filled = try await hotel.run(
        Self.options,
        stdin: "tap hotel.chooseRoom\ntap rooms.room.2.choose\n"
          + "type booking.tourist.1.firstName \"a$${X}b\"\n" + typed + "quit\n")
      #expect(filled.status == 0, "\(filled)")
      let recorded = try await hotel.run(
        ["run", "--line", "--today", "2026-06-01", "--record", "restored.hotel"], stdin: typed)
      #expect(recorded.status == 0, "\(recorded)")
      let text = try String(
        contentsOf: hotel.dataDirectory.appendingPathComponent("restored.hotel"), encoding: .utf8)
      #expect(text.contains("type booking.tourist.1.firstName \"a$${X}b\"\n"), "\(text)")
      let replay = try await hotel.run(["replay", "restored.hotel", "--today", "2026-06-01"])
      #expect(replay.status == 0, "\(text)\n\(replay)")
    }

    /// Input with a NUL byte is no text: said (en, ru), exit 2, after reading a bounded amount.
    @Test(arguments: [
      ("en", "hotel: standard input is not text (it holds a NUL byte)"),
      ("ru", "hotel: стандартный ввод — не текст (в нём есть байт NUL)"),
    ])
    func inputWithANulByteIsNotText(language: String, message: String) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let zero = try await hotel.run(
        executable: URL(fileURLWithPath: "/bin/sh"),
        [
          "-c", #"exec "$0" run --line --fresh --today 2026-06-01 --lang "$1" < /dev/zero"#,
          try HotelProcess.binary().path, language,
        ], timeLimit: 30)
      #expect(!zero.timedOut && zero.status == 2, "\(zero)")
      #expect(zero.stderrLines == [message], "\(zero)")
      let inside = try await hotel.run(
        Self.options + ["--lang", language], stdin: "show\nsh\u{0}ow\nquit\n")
      #expect(inside.status == 2, "\(inside)")
      #expect(inside.stderrLines == [message], "\(inside)")
    }
  }
}

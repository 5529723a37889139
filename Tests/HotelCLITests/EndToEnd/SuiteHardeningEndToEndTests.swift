import Foundation
import Testing

extension EndToEnd {
  /// `hotel test` attacked from outside: its messages follow `--lang`, and a `--junit` path
  /// that cannot or must not take the report is refused before any journey runs.
  @Suite struct SuiteHardeningEndToEndTests {
    /// A folder `journeys` in `hotel`'s directory holding `files`; returns its path.
    static func journeys(_ files: [String: String], in hotel: HotelProcess) throws -> String {
      let folder = hotel.dataDirectory.appendingPathComponent("journeys", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for (name, text) in files {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
      }
      return folder.path
    }

    /// A dangling `*.hotel` link in a suite's folder is named, with why, and nothing runs (exit 2,
    /// as a journey that does not parse: Docs/ScriptLanguage.md).
    @Test func aDanglingJourneyLinkIsNamedAndNothingRuns() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let folder = try Self.journeys(["a.hotel": "expect screen hotel\n"], in: hotel)
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/b.hotel", withDestinationPath: "moved/b.hotel")
      let result = try await hotel.run(["test", folder])
      #expect(result.status == 2, "\(result)")
      #expect(result.stdout.isEmpty, "nothing ran: \(result)")
      #expect(
        result.stderrLines == [
          "hotel: test: '\(folder)/b.hotel' is a link to 'moved/b.hotel', which does not exist; the journey cannot run"
        ], "\(result)")
    }

    /// A FIFO, a link to nothing and a line that does not parse in one folder: each is named, all
    /// before anything runs (the FIFO unopened, never waited on), then exit 2.
    @Test func everyJourneyThatCannotBeReadOrParsedIsNamed() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let folder = try Self.journeys(
        ["a.hotel": "expect screen hotel\n", "d.hotel": "expect screen hotel\nbogus\n"],
        in: hotel)
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/b.hotel", withDestinationPath: "moved/b.hotel")
      #expect(mkfifo(folder + "/c.hotel", 0o600) == 0)
      let result = try await hotel.run(["test", folder])
      #expect(result.status == 2, "\(result)")
      #expect(result.stdout.isEmpty, "nothing ran: \(result)")
      let lines = result.stderrLines
      #expect(lines.count == 3, "\(result)")
      #expect(lines.contains { $0.contains("\(folder)/b.hotel") }, "\(result)")
      #expect(lines.contains { $0.contains("\(folder)/c.hotel") }, "\(result)")
      #expect(lines.contains { $0.hasPrefix("hotel: \(folder)/d.hotel:2: ") }, "\(result)")
    }

    /// A failed line of 200 000 characters: the JUnit failure cuts the line as the message does,
    /// and the report stays small and valid.
    @Test func aHugeFailedLineIsCutInTheJUnitReport() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let huge = String(repeating: "x", count: 200_000)
      let folder = try Self.journeys(["a.hotel": "expect text \"\(huge)\"\n"], in: hotel)
      let junit = hotel.dataDirectory.appendingPathComponent("report.xml")
      let result = try await hotel.run(
        ["test", folder, "--junit", junit.path, "--today", "2026-06-01"])
      #expect(result.status == 1, "\(result.stderr)")
      let report = try JUnitDocument(Data(contentsOf: junit))
      let failure = try #require(report.testCases.first?.failures.first)
      #expect(failure.message.count <= 2_000 && failure.message.hasSuffix("…"))
      let written = failure.text.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(written.count > 1 && written[1].count == 2_000 && written[1].hasSuffix("…"))
      #expect(try Data(contentsOf: junit).count < 20_000)
    }

    /// A journey under `--keep-going` whose failures are on screens that change (hotel, rooms) and
    /// repeat: the terminal names every failed line, and the report gives each its line and
    /// message, the first 20 screens (a repeat of the screen above said as such), the others left
    /// out, a repeat among them too: "the one above" is never said under a failure whose screen is
    /// left out.
    ///
    /// The journey holds 20 screens at most.
    @Test func keepGoingKeepsEveryFailureAndTwentyScreens() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      // Per block: two failures on the hotel screen (the second one is "the one above"),
      // one on the rooms screen.
      let block =
        "expect screen rooms\nexpect screen rooms\ntap hotel.chooseRoom\nexpect screen hotel\nback\n"
      let folder = try Self.journeys(["a.hotel": String(repeating: block, count: 15)], in: hotel)
      let junit = hotel.dataDirectory.appendingPathComponent("report.xml")
      let result = try await hotel.run(
        ["test", folder, "--keep-going", "--junit", junit.path, "--today", "2026-06-01"])
      #expect(result.status == 1, "\(result)")
      let failedLines: [Int] = (0..<15).flatMap { (block: Int) -> [Int] in
        [block * 5 + 1, block * 5 + 2, block * 5 + 4]
      }
      let said = result.stdout.split(separator: "\n").map(String.init)
      #expect(said.count == 45 + 1, "\(result)")
      for (index, line) in failedLines.enumerated() {
        #expect(
          said[index].hasSuffix(
            "\(folder)/a.hotel:\(line): expect screen "
              + (line % 5 == 4 ? "hotel: the screen is rooms" : "rooms: the screen is hotel")),
          "\(said[index])")
      }
      let failures = try #require(
        JUnitDocument(Data(contentsOf: junit)).testCases.first?.failures)
      #expect(
        failures.map(\.message)
          == failedLines.map {
            "\(folder)/a.hotel:\($0): expect screen "
              + ($0 % 5 == 4 ? "hotel: the screen is rooms" : "rooms: the screen is hotel")
          })
      let drawn = failures.indices.filter {
        failures[$0].text.contains("The screen at that line:\n")
      }
      let above = failures.indices.filter { failures[$0].text.hasSuffix("is the one above.") }
      let leftOut = failures.indices.filter {
        failures[$0].text.hasSuffix("left out (a journey's report carries at most 20 screens).")
      }
      // Blocks 1 to 10 draw their hotel and rooms screens (20), with one "above" each; in the
      // five blocks after that every screen is left out: the rooms screen too, though it is
      // the same as the last one drawn, since the failure just above it shows no screen.
      let drawnExpected: [Int] = (0..<10).flatMap { (block: Int) -> [Int] in
        [block * 3, block * 3 + 2]
      }
      let aboveExpected: [Int] = (0..<10).map { (block: Int) -> Int in block * 3 + 1 }
      let leftOutExpected: [Int] = Array(30..<45)
      #expect(drawn == drawnExpected, "\(failures)")
      #expect(above == aboveExpected, "\(failures)")
      #expect(leftOut == leftOutExpected, "\(failures)")
      #expect(failures[2].text.contains("━━ Rooms"), "\(failures[2].text)")
      #expect(failures[3].text.contains("━━ Hotel"), "\(failures[3].text)")
    }

    /// `hotel test --lang ru` runs each journey in `--lang` as a replay does, its report's screen
    /// too: a journey that passes in `hotel replay --lang ru` (`expect text "пусто"`, the
    /// renderer's word for an empty field) passes in the suite, and a failure is told in Russian.
    @Test func aJourneyRunsInTheLanguageOfLangAsAReplayDoes() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let folder = try Self.journeys(
        [
          "a.hotel":
            "tap hotel.chooseRoom\ntap rooms.room.2.choose\nexpect text \"пусто\"\nexpect text nope\n"
        ], in: hotel)
      let junit = hotel.dataDirectory.appendingPathComponent("report.xml")
      let result = try await hotel.run(
        ["test", folder, "--lang", "ru", "--today", "2026-06-01", "--junit", junit.path])
      #expect(result.status == 1, "\(result)")
      let lines = result.stdout.split(separator: "\n").map(String.init)
      #expect(
        lines.first?.hasSuffix("\(folder)/a.hotel:4: expect text: на экране booking нет 'nope'")
          == true, "\(result)")
      let report = try JUnitDocument(Data(contentsOf: junit))
      let failure = try #require(report.testCases.first?.failures.first)
      #expect(failure.text.contains("Экран на этой строке:\n━━ "), "\(failure.text)")
      #expect(failure.text.contains("пусто"), "\(failure.text)")
    }

    /// `hotel test dir | head -1` under `pipefail`: the pipe's reader went away, which is not the
    /// suite's failure (as for git and ripgrep).
    @Test(arguments: [("en", false), ("ru", true)])
    func aReaderThatWentAwayDoesNotFailTheSuite(language: String, oneFails: Bool) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      var files = ["a.hotel": "expect screen hotel\n", "b.hotel": "expect screen hotel\n"]
      if oneFails { files["c.hotel"] = "expect screen rooms\n" }
      let folder = try Self.journeys(files, in: hotel)
      let junit = hotel.dataDirectory.appendingPathComponent("report.xml").path
      let result = try await Self.runWithReaderGone(
        ["test", folder, "--lang", language, "--junit", junit, "--today", "2026-06-01"],
        in: hotel)
      #expect(result.status == (oneFails ? 1 : 0), "\(result)")
      #expect(result.stderr.isEmpty, "\(result)")
      let report = try JUnitDocument(Data(contentsOf: URL(fileURLWithPath: junit)))
      #expect(report.testCases.count == files.count, "\(report.testCases)")
      #expect(report.testCases.filter { !$0.failures.isEmpty }.count == (oneFails ? 1 : 0))
    }

    /// The same for the other commands that print: a replay, the line mode, `orders` and the
    /// help end with their own exit code and say nothing when the reader went away.
    @Test(arguments: [
      (["replay", "JOURNEY", "--today", "2026-06-01"] as [String], Int32(0)),
      (["replay", "FAILING", "--today", "2026-06-01", "--lang", "ru"] as [String], Int32(1)),
      (["run", "--line", "--data-dir", "DATA", "--today", "2026-06-01"] as [String], Int32(0)),
      (["orders", "--data-dir", "DATA"] as [String], Int32(0)),
      (["--help"] as [String], Int32(0)),
      (["test", "--help", "--lang", "ru"] as [String], Int32(0)),
    ])
    func aReaderThatWentAwayLeavesEveryCommandItsOwnExitCode(
      arguments: [String], status: Int32
    ) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let journey = try hotel.file("a.hotel", "expect screen hotel\nshow\n")
      let failing = try hotel.file("f.hotel", "show\nexpect screen rooms\n")
      let data = hotel.dataDirectory.appendingPathComponent("data").path
      let replaced = arguments.map {
        ["JOURNEY": journey, "FAILING": failing, "DATA": data][$0] ?? $0
      }
      let result = try await Self.runWithReaderGone(
        replaced, standardInput: journey, in: hotel)
      #expect(result.status == status, "\(result)")
      #expect(result.stderr.isEmpty || status != 0, "\(result)")
      #expect(!result.stderr.contains("standard output"), "\(result)")
    }

    /// A line session fed without end (`yes show | hotel run --line | head -c 1`) ends when its
    /// reader goes away, as at the end of its input, instead of showing screens to no one until
    /// it is killed (here after 20 s: status 137), holding more memory every second.
    @Test func anEndlessLineSessionEndsWhenItsReaderGoesAway() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let script =
        #"d="$1"; shift; { yes show 2>/dev/null | timeout -s KILL 20 "$@"; echo $? > "$d/status"; }"#
        + #" | head -c 1 > /dev/null"#
      let result = try await hotel.run(
        executable: URL(fileURLWithPath: "/bin/sh"),
        [
          "-c", script, "sh", hotel.dataDirectory.path, try HotelProcess.binary().path, "run",
          "--line", "--data-dir", hotel.dataDirectory.appendingPathComponent("data").path,
          "--today", "2026-06-01",
        ], timeLimit: 30)
      #expect(!result.timedOut, "\(result)")
      let status = try String(
        contentsOf: hotel.dataDirectory.appendingPathComponent("status"), encoding: .utf8)
      #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(result)")
      #expect(result.stderr.isEmpty, "\(result)")
    }

    /// Runs `hotel arguments` (reading `standardInput`, or nothing) with its standard output a
    /// pipe whose reader closed its end before `hotel` started; the result's status is
    /// `hotel`'s own (not the shell's), its stderr `hotel`'s.
    static func runWithReaderGone(
      _ arguments: [String], standardInput: String = "/dev/null", in hotel: HotelProcess
    ) async throws -> HotelProcess.Result {
      let script =
        #"d="$1"; b="$2"; i="$3"; shift 3; mkfifo "$d/go"; "#
        + #"{ read x < "$d/go"; "$b" "$@" < "$i"; echo $? > "$d/status"; }"#
        + #" | { exec 0<&-; echo go > "$d/go"; }"#
      var result = try await hotel.run(
        executable: URL(fileURLWithPath: "/bin/sh"),
        [
          "-c", script, "sh", hotel.dataDirectory.path, try HotelProcess.binary().path,
          standardInput,
        ]
          + arguments)
      let status = try String(
        contentsOf: hotel.dataDirectory.appendingPathComponent("status"), encoding: .utf8)
      result.status = Int32(status.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
      return result
    }

    @Test func aJourneysBadLineIsToldInRussianWithLangRu() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let folder = try Self.journeys(
        ["a.hotel": "expect screen hotel\nexpect screen nowhere\n"], in: hotel)
      let result = try await hotel.run(["test", folder, "--lang", "ru"])
      #expect(result.status == 2, "\(result)")
      #expect(result.stdout.isEmpty, "\(result)")
      #expect(
        result.stderrLines == [
          "hotel: \(folder)/a.hotel:2: неизвестный экран 'nowhere' (экраны: hotel, rooms, booking, paid)"
        ], "\(result)")
    }

    /// Each bad `--junit` (one naming a journey, which the report would overwrite, or a folder) is
    /// told at once, in the asked language, and nothing runs.
    @Test(arguments: [
      (
        "journeys/a.hotel",
        "--junit: 'DIR/journeys/a.hotel' names a script; the report must not take its place (name an .xml file)",
        "--junit: 'DIR/journeys/a.hotel' — имя сценария; отчёт не должен заменить сценарий (укажите файл .xml)"
      ),
      (
        "journeys/../journeys/./a.hotel",
        "--junit: 'DIR/journeys/../journeys/./a.hotel' names a script; the report must not take its place (name an .xml file)",
        "--junit: 'DIR/journeys/../journeys/./a.hotel' — имя сценария; отчёт не должен заменить сценарий (укажите файл .xml)"
      ),
      (
        "report.hotel",
        "--junit: 'DIR/report.hotel' names a script; the report must not take its place (name an .xml file)",
        "--junit: 'DIR/report.hotel' — имя сценария; отчёт не должен заменить сценарий (укажите файл .xml)"
      ),
      (
        "journeys",
        "--junit: 'DIR/journeys' is a folder; name a file (for example DIR/journeys/report.xml)",
        "--junit: 'DIR/journeys' — это папка; укажите файл (например, DIR/journeys/report.xml)"
      ),
      (
        "missing/report.xml",
        "--junit: no such folder 'DIR/missing'",
        "--junit: нет такой папки 'DIR/missing'"
      ),
    ])
    func aReportPathThatCannotTakeTheReportIsRefusedBeforeAnyJourneyRuns(
      _ junit: String, _ english: String, _ russian: String
    ) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let journey = "expect screen hotel\n"
      let folder = try Self.journeys(["a.hotel": journey], in: hotel)
      let directory = hotel.dataDirectory.path
      let path = directory + "/" + junit
      for (language, message) in [("en", english), ("ru", russian)] {
        let result = try await hotel.run(["test", folder, "--junit", path, "--lang", language])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "nothing ran: \(result)")
        #expect(
          result.stderrLines
            == ["hotel: " + message.replacingOccurrences(of: "DIR", with: directory)],
          "\(result)")
      }
      let kept = try String(contentsOfFile: folder + "/a.hotel", encoding: .utf8)
      #expect(kept == journey, "the journey is left as it was")
      #expect(!FileManager.default.fileExists(atPath: directory + "/report.hotel"))
    }

    // MARK: - The open-file limit

    /// Runs `hotel arguments...` under `sh` after `ulimit`'s `limit` (`-n 100` lowers both
    /// limits, `-S -n 40` only the soft one).
    static func run(
      _ arguments: [String], ulimit limit: String, in hotel: HotelProcess
    ) async throws -> HotelProcess.Result {
      try await hotel.run(
        executable: URL(fileURLWithPath: "/bin/sh"),
        ["-c", "ulimit \(limit) && exec \"$0\" \"$@\"", try HotelProcess.binary().path]
          + arguments, timeLimit: 120)
    }

    @Test func tooFewOpenFilesIsToldInOneLineAndExitsFour() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let script = try hotel.file("a.hotel", "expect screen hotel\n")
      for (language, message) in [
        ("en", "hotel: the open-file limit is 40 (ulimit -n); hotel needs at least 64"),
        ("ru", "hotel: предел открытых файлов — 40 (ulimit -n); hotel нужно не меньше 64"),
      ] {
        let result = try await Self.run(
          ["replay", script, "--lang", language], ulimit: "-n 40", in: hotel)
        #expect(result.status == 4, "\(result)")
        #expect(result.stderrLines == [message], "\(result)")
      }
    }

    static let journeyText = "expect screen hotel\ntap hotel.chooseRoom\nexpect screen rooms\n"

    /// A folder of 40 journeys (``journeyText``), `j1.hotel` to `j40.hotel`, in `hotel`'s
    /// directory: enough to run out of open files at a low limit.
    static func fortyJourneys(in hotel: HotelProcess) throws -> String {
      let names = (1...40).map { "j\($0).hotel" }
      return try journeys(
        Dictionary(uniqueKeysWithValues: names.map { ($0, journeyText) }), in: hotel)
    }

    /// A low soft limit is raised to the hard one, so many journeys at once all pass.
    @Test func aLowSoftOpenFileLimitIsRaised() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let folder = try Self.fortyJourneys(in: hotel)
      let result = try await Self.run(
        ["test", folder, "--jobs", "8"], ulimit: "-S -n 40", in: hotel)
      #expect(result.status == 0, "\(result)")
      #expect(result.stderr.isEmpty, "\(result)")
      #expect(result.stdout.hasSuffix("40 passed, 0 failed\n"), "\(result)")
    }

    /// Under a low hard limit `--jobs` is lowered to what the limit affords, and said so, so no
    /// journey fails with "too many open files".
    @Test func jobsAreLoweredToWhatTheOpenFileLimitAffords() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let folder = try Self.fortyJourneys(in: hotel)
      let result = try await Self.run(
        ["test", folder, "--jobs", "64"], ulimit: "-n 100", in: hotel)
      #expect(result.status == 0, "\(result)")
      #expect(
        result.stderrLines == [
          "hotel: --jobs 64: running 5 at a time, as the open-file limit is 100 (ulimit -n)"
        ], "\(result)")
      #expect(result.stdout.hasSuffix("40 passed, 0 failed\n"), "\(result)")
    }

    /// `hotel replay` of a script with only comments says so, in the `--lang` language, as `hotel
    /// test` does of such a journey, and the exit code stays 0.
    @Test(arguments: [
      ("en", "hotel: replay: j.hotel has no commands: nothing was checked"),
      ("ru", "hotel: replay: в сценарии j.hotel нет ни одной команды: ничего не проверено"),
    ])
    func aReplayWithNoCommandIsSaid(language: String, said: String) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let folder = try Self.journeys(["j.hotel": "# nothing yet\n\n"], in: hotel)
      let path = folder + "/j.hotel"
      let result = try await hotel.run(
        ["replay", path, "--today", "2026-06-01", "--lang", language], timeLimit: 60)
      #expect(result.status == 0, "\(result)")
      #expect(
        result.stderrLines == [said.replacingOccurrences(of: "j.hotel", with: path)], "\(result)")
    }

    /// A line that never ends (`tr '\0' x < /dev/zero | hotel run --line`) is refused as soon as 64
    /// KiB have passed, while the reading goes on.
    @Test(arguments: [
      ("en", "hotel: line 1 is longer than 65536 bytes; it is skipped up to its end"),
      ("ru", "hotel: строка 1 длиннее 65536 байт; она пропускается до её конца"),
    ])
    func aLineThatNeverEndsIsSaidAtOnce(language: String, said: String) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let binary = try HotelProcess.binary().path
      let errors = hotel.dataDirectory.appendingPathComponent("errors.txt").path
      // Waits for the message at most 30 s, then stops the process; prints what it said.
      let result = try await hotel.run(
        executable: URL(fileURLWithPath: "/bin/sh"),
        [
          "-c",
          "tr '\\0' x < /dev/zero | '\(binary)' run --line --lang \(language) --today 2026-06-01 "
            + ">/dev/null 2>'\(errors)' & pid=$!; i=0; "
            + "while [ $i -lt 300 ] && ! grep -q . '\(errors)'; do sleep 0.1; i=$((i+1)); done; "
            + "kill $pid; wait $pid; cat '\(errors)'",
        ], timeLimit: 60)
      #expect(result.stdout == said + "\n", "\(result)")
    }
  }
}

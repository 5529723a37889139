import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EndToEnd {
  /// `hotel test`: a folder of journeys as a suite, its summary, exit codes and JUnit report,
  /// and hermetic runs that write nothing under `$HOME`.
  @Suite struct SuiteEndToEndTests {
    static let suite = HotelProcess.testsDirectory.appendingPathComponent("Scripts/suite").path

    /// An empty home, XDG data home and temporary directory for one test: what `hotel` may not
    /// write into (the first two) or must leave as it found it (the last); and a cache folder
    /// apart (`XDG_CACHE_HOME`), where `hotel test` remembers failed journeys.
    struct Sandbox {
      let home: URL
      let temporary: URL
      let cache: URL

      init(in hotel: HotelProcess) throws {
        home = hotel.dataDirectory.appendingPathComponent("home", isDirectory: true)
        temporary = hotel.dataDirectory.appendingPathComponent("tmp", isDirectory: true)
        cache = hotel.dataDirectory.appendingPathComponent("cache-home", isDirectory: true)
        for folder in [home, temporary] {
          try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
      }

      var environment: [String: String] {
        [
          "HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("xdg").path,
          "TMPDIR": temporary.path, "XDG_CACHE_HOME": cache.path,
        ]
      }

      /// Everything under the home and the temporary directory (both should stay empty).
      func leftovers() throws -> [String] {
        var found: [String] = []
        for folder in [home, temporary] {
          let enumerator = FileManager.default.enumerator(atPath: folder.path)
          while let name = enumerator?.nextObject() as? String {
            found.append(folder.lastPathComponent + "/" + name)
          }
        }
        return found
      }
    }

    @Test func aFolderOfJourneysRunsAsASuiteWithAJUnitReport() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let sandbox = try Sandbox(in: hotel)
      let junit = hotel.dataDirectory.appendingPathComponent("report.xml")
      let result = try await hotel.run(
        [
          "test", Self.suite, "--jobs", "2", "--junit", junit.path, "--var",
          "EMAIL=qa@example.com", "--today", "2026-06-01",
        ], environment: sandbox.environment)
      #expect(result.status == 1, "\(result)")
      #expect(result.stderr.isEmpty, "\(result)")
      let lines = result.stdout.split(separator: "\n").map(String.init)
      #expect(lines.count == 6, "\(result)")
      #expect(lines.last == "4 passed, 1 failed")
      for name in ["pass", "tagged", "checkout/buyer", "checkout/price"] {
        #expect(
          lines.contains { $0.hasPrefix("✓ \(Self.suite)/\(name).hotel (") && $0.hasSuffix(" s)") },
          "\(name): \(result)")
      }
      let failed = try #require(lines.first { $0.hasPrefix("✗ ") })
      #expect(failed.hasPrefix("✗ \(Self.suite)/fail.hotel ("), "\(failed)")
      #expect(
        failed.hasSuffix(
          " s): \(Self.suite)/fail.hotel:4: expect screen paid: the screen is rooms"), "\(failed)")

      let document = try JUnitDocument(try Data(contentsOf: junit))
      #expect(try CITools.schemaErrors(junit) == [])
      #expect(document.root["tests"] == "5")
      #expect(document.root["failures"] == "1")
      #expect(document.testCases.count == 5)
      let names = document.testCases.compactMap { $0.attributes["name"] }
      #expect(
        names
          == ["checkout/buyer", "checkout/price", "fail", "pass", "tagged"].map {
            "\(Self.suite)/\($0).hotel"
          })
      #expect(document.testCases.allSatisfy { Double($0.attributes["time"] ?? "") != nil })
      let failing = try #require(document.testCases.first { !$0.failures.isEmpty })
      #expect(failing.attributes["name"] == "\(Self.suite)/fail.hotel")
      let failure = try #require(failing.failures.first)
      #expect(
        failure.message == "\(Self.suite)/fail.hotel:4: expect screen paid: the screen is rooms")
      #expect(failure.text.contains("expect screen paid"))
      #expect(failure.text.contains("The screen at that line:\n━━ Rooms "), "\(failure.text)")
      #expect(failure.text.contains("rooms.room.2.choose"))
      #expect(try sandbox.leftovers() == [])
    }

    @Test func tagsChooseTheJourneysAndTheEnvironmentSuppliesVariables() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let sandbox = try Sandbox(in: hotel)
      var environment = sandbox.environment
      environment["HOTEL_VAR_EMAIL"] = "env@example.com"
      let result = try await hotel.run(
        ["test", Self.suite, "--tags", "smoke,checkout", "--today", "2026-06-01"],
        environment: environment)
      #expect(result.status == 0, "\(result)")
      let lines = result.stdout.split(separator: "\n").map(String.init)
      #expect(lines.last == "3 passed, 0 failed, 2 skipped by --tags", "\(result)")
      #expect(!result.stdout.contains("fail.hotel") && !result.stdout.contains("pass.hotel"))
      #expect(try sandbox.leftovers() == [])
    }

    @Test func aTagOfTagsThatNoJourneyHasIsToldAndTheOthersRun() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let sandbox = try Sandbox(in: hotel)
      var environment = sandbox.environment
      environment["HOTEL_VAR_EMAIL"] = "env@example.com"
      // "smok" is a typo: without a word, CI would run fewer journeys and stay green.
      let result = try await hotel.run(
        ["test", Self.suite, "--tags", "smok,checkout", "--today", "2026-06-01"],
        environment: environment)
      #expect(result.status == 0, "\(result)")
      #expect(result.stderr == "hotel: test: no journey is tagged smok\n", "\(result)")
      #expect(result.stdout.hasSuffix("2 passed, 0 failed, 3 skipped by --tags\n"), "\(result)")
      let russian = try await hotel.run(
        ["test", Self.suite, "--tags", "smok,checkout", "--today", "2026-06-01", "--lang", "ru"],
        environment: environment)
      // The journeys expect English text: only the words of the note are checked here.
      #expect(russian.stderr == "hotel: test: ни у одного сценария нет тега smok\n", "\(russian)")
      #expect(try sandbox.leftovers() == [])
    }

    @Test func aJourneyWithNoCommandsIsToldAndStillPasses() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let folder = hotel.dataDirectory.appendingPathComponent("empty", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try "# emptied by mistake\n\ntags smoke\n".write(
        to: folder.appendingPathComponent("a.hotel"), atomically: true, encoding: .utf8)
      try "expect screen hotel\n".write(
        to: folder.appendingPathComponent("b.hotel"), atomically: true, encoding: .utf8)
      let result = try await hotel.run(["test", folder.path, "--jobs", "1"])
      #expect(result.status == 0, "\(result)")
      #expect(
        result.stderr == "hotel: test: \(folder.path)/a.hotel has no commands: "
          + "it passes without checking anything\n", "\(result)")
      #expect(result.stdout.hasSuffix("2 passed, 0 failed\n"), "\(result)")
    }

    @Test func everyBadLineOfEveryJourneyIsNamedBeforeAnyRuns() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let folder = hotel.dataDirectory.appendingPathComponent("bad", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let files = [
        "a.hotel": "tap hotel.chooseRoom\ntapp x\ntype booking.buyer.email ${NOPE}\n",
        "b.hotel": "show\ninclude _loop.hotel\n",
        "_loop.hotel": "expect screen nowhere\ninclude _loop.hotel\n",
        "c.hotel": "expect screen hotel\n",
      ]
      for (name, text) in files {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
      }
      let result = try await hotel.run(["test", folder.path])
      #expect(result.status == 2, "\(result)")
      #expect(result.stdout.isEmpty, "\(result)")
      let path = folder.path
      #expect(
        result.stderrLines == [
          "hotel: \(path)/a.hotel:2: unknown command 'tapp'; did you mean 'tap'?",
          "hotel: \(path)/a.hotel:3: undefined variable 'NOPE' (give --var NOPE=VALUE or set HOTEL_VAR_NOPE)",
          "hotel: \(path)/b.hotel:2: include _loop.hotel: not a script (line 1 does not parse)",
          "hotel: \(path)/_loop.hotel:2: include _loop.hotel: an include cycle: \(path)/_loop.hotel -> \(path)/_loop.hotel",
        ])
    }

    @Test func replayAndTestWriteNothingUnderHomeWithoutDataDir() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let sandbox = try Sandbox(in: hotel)
      let happyPath = HotelProcess.testsDirectory.appendingPathComponent(
        "Scripts/happy-path.hotel"
      ).path
      // HOTEL_DATA_DIR is set too (the harness points it at its folder): a replay ignores it.
      let replay = try await hotel.run(
        ["replay", happyPath, "--today", "2026-06-01"], environment: sandbox.environment)
      #expect(replay.status == 0, "\(replay)")
      let test = try await hotel.run(
        ["test", happyPath, "--today", "2026-06-01"], environment: sandbox.environment)
      #expect(test.status == 0, "\(test)")
      #expect(try sandbox.leftovers() == [])
      for name in ["orders", "draft.json", "cache"] {
        #expect(
          !FileManager.default.fileExists(
            atPath: hotel.dataDirectory.appendingPathComponent(name).path), "\(name)")
      }
      // Each hermetic run starts empty: the order of the first run is not restored or listed.
      let again = try await hotel.run(
        ["replay", "-"], stdin: "expect screen hotel\nexpect text \"Excellent\"\n",
        environment: sandbox.environment)
      #expect(again.status == 0, "\(again)")
      #expect(!again.stdout.contains("Restored"))
    }

    @Test func journeysSharingDataDirRunInOrderAndCarryState() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let scripts = HotelProcess.testsDirectory.appendingPathComponent("Scripts")
      let result = try await hotel.run([
        "test", scripts.appendingPathComponent("restore-1.hotel").path,
        scripts.appendingPathComponent("restore-2.hotel").path, "--data-dir",
        hotel.dataDirectory.appendingPathComponent("shared").path, "--today", "2026-06-01",
      ])
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout.hasSuffix("2 passed, 0 failed\n"), "\(result)")
    }

    /// A slow fixture (`hotel serve`, 1.5 s per answer) in a sandbox, and a folder `slow` whose
    /// `a.hotel` ends after one slow answer and whose other journeys (`slowJourneys`, each
    /// needing several slow answers in a row) are still running when "a" is reported: what a
    /// stop signal test sends its signal into.
    struct SlowSuite {
      let sandbox: Sandbox
      let binary: String
      let environment: [String: String]
      let server: BackgroundProcess
      let url: String
      let folder: URL

      init(in hotel: HotelProcess, slowJourneys: [String]) async throws {
        sandbox = try Sandbox(in: hotel)
        binary = try HotelProcess.binary().path
        var environment = sandbox.environment
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        environment["NO_COLOR"] = "1"
        self.environment = environment
        server = try BackgroundProcess(
          binary, ["serve", "--port", "0", "--latency-ms", "1500"], environment: environment,
          errorPath: hotel.dataDirectory.appendingPathComponent("serve.err").path)
        url = try #require(await server.readLine())
        folder = hotel.dataDirectory.appendingPathComponent("slow", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("expect screen hotel\n".utf8).write(to: folder.appendingPathComponent("a.hotel"))
        let slow = Data(
          "tap hotel.chooseRoom\ntap rooms.room.2.choose\nexpect screen booking\n".utf8)
        for name in slowJourneys { try slow.write(to: folder.appendingPathComponent(name)) }
      }

      /// Starts `hotel arguments` against the slow fixture in the sandbox, its stderr to
      /// `errorPath`.
      func start(_ arguments: [String], errorPath: String) throws -> BackgroundProcess {
        try BackgroundProcess(
          binary, arguments + ["--api", url], environment: environment, errorPath: errorPath)
      }
    }

    @Test func aStopSignalRemovesTheTemporaryDirectories() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let slow = try await SlowSuite(in: hotel, slowJourneys: ["b.hotel"])
      let (sandbox, folder, server) = (slow.sandbox, slow.folder, slow.server)
      let suite = try slow.start(
        ["test", folder.path, "--jobs", "2", "--today", "2026-06-01"],
        errorPath: hotel.dataDirectory.appendingPathComponent("test.err").path)
      let first = await suite.readLine()
      #expect(first?.hasPrefix("✓ \(folder.path)/a.hotel") == true, "\(first ?? "no line")")
      #expect(await suite.stop(SIGTERM) == 143)
      #expect(try sandbox.leftovers() == [])

      // A replay stopped in the middle (after `show` printed the first screen) likewise.
      try Data("show\ntap hotel.chooseRoom\ntap rooms.room.2.choose\nshow\n".utf8)
        .write(to: folder.appendingPathComponent("c.hotel"))
      let replay = try slow.start(
        ["replay", folder.appendingPathComponent("c.hotel").path],
        errorPath: hotel.dataDirectory.appendingPathComponent("replay.err").path)
      let screen = await replay.readLines { $0.hasPrefix("━━ ") }
      #expect(screen.last?.hasPrefix("━━ Hotel") == true, "\(screen)")
      #expect(await replay.stop(SIGINT) == 130)
      _ = await server.stop(SIGTERM)
      #expect(try sandbox.leftovers() == [])
    }

    /// CI cancels a run, or its job timeout sends SIGTERM: the JUnit report still tells which
    /// journeys ended, which one was running (an error) and which never started (skipped).
    @Test(arguments: [(SIGTERM, Int32(143), "en"), (SIGINT, Int32(130), "ru")])
    func aStopSignalWritesTheJUnitReportOfWhatEnded(
      signal: Int32, code: Int32, language: String
    ) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      // One at a time: "a" ends after one slow answer, "b" is running when "a" is reported,
      // "c" has not started.
      let slow = try await SlowSuite(in: hotel, slowJourneys: ["b.hotel", "c.hotel"])
      let (sandbox, folder, server) = (slow.sandbox, slow.folder, slow.server)
      let junit = hotel.dataDirectory.appendingPathComponent("report.xml")
      let errors = hotel.dataDirectory.appendingPathComponent("test.err")
      let suite = try slow.start(
        [
          "test", folder.path, "--jobs", "1", "--today", "2026-06-01", "--junit", junit.path,
          "--lang", language,
        ], errorPath: errors.path)
      let first = await suite.readLine()
      #expect(first?.hasPrefix("✓ \(folder.path)/a.hotel") == true, "\(first ?? "no line")")
      #expect(await suite.stop(signal) == code)
      _ = await server.stop(SIGTERM)

      let said = try String(contentsOf: errors, encoding: .utf8)
      let expected =
        language == "ru"
        ? "hotel: test: прервано; отчёт JUnit \(junit.path) содержит завершившиеся сценарии (1)\n"
        : "hotel: test: interrupted; the JUnit report \(junit.path) holds the journeys that ended (1)\n"
      #expect(said == expected)
      let report = try JUnitDocument(Data(contentsOf: junit))
      // The report of a cancelled run is valid too (junit-10.xsd).
      #expect(try CITools.schemaErrors(junit) == [])
      // "b" starts right after "a" is reported; on a loaded machine the signal can arrive in
      // between: then "b" had not started and is skipped too. Either way nothing is lost.
      let bStarted = report.root["errors"] == "1"
      #expect(report.root["tests"] == "3" && report.root["failures"] == "0", "\(report.root)")
      #expect(report.suite["skipped"] == (bStarted ? "1" : "2"), "\(report.suite)")
      let cases = report.testCases
      #expect(
        cases.map { $0.attributes["name"] ?? "" }
          == ["a", "b", "c"].map { "\(folder.path)/\($0).hotel" })
      #expect(cases.count == 3 && cases[0].error == nil && !cases[0].skipped)
      let stopped =
        language == "ru"
        ? "набор остановлен сигналом, пока шёл этот сценарий"
        : "the suite was stopped while this journey ran"
      #expect(cases.count == 3 && (bStarted ? cases[1].error == stopped : cases[1].skipped))
      #expect(cases.count == 3 && cases[2].skipped && cases[2].error == nil)
      #expect(try sandbox.leftovers() == [])
    }
  }
}

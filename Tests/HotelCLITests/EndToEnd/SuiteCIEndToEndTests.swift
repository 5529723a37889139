import Foundation
import Testing

extension EndToEnd {
  /// `hotel test` on CI at scale (SPEC 5.4): `--shard`, `--retries` and flaky journeys,
  /// `--max-failures`, `--list`, `--last-failed`, and a JUnit report that validates against
  /// `junit-10.xsd` and that `junitparser` reads, in every outcome.
  @Suite struct SuiteCIEndToEndTests {
    static let suite = SuiteEndToEndTests.suite
    static let common = [
      "--var", "EMAIL=qa@example.com", "--today", "2026-06-01", "--color", "never",
    ]

    /// A folder `name` in `hotel`'s folder holding `files` (name to text).
    static func folder(
      _ name: String, in hotel: HotelProcess, _ files: [String: String]
    ) throws -> URL {
      let folder = hotel.dataDirectory.appendingPathComponent(name, isDirectory: true)
      for (file, text) in files {
        let url = folder.appendingPathComponent(file)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
      }
      return folder
    }

    /// `--junit` of a suite with journeys that pass, fail and are left out by `--tags`: valid,
    /// the tags in each test case's `group`, and read by junitparser.
    @Test func theReportOfARunValidatesAndJunitparserReadsIt() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let junit = hotel.dataDirectory.appendingPathComponent("report.xml")
      let result = try await hotel.run(
        ["test", Self.suite, "--junit", junit.path, "--tags", "smoke,checkout,nope"]
          + Self.common)
      #expect(result.status == 0, "\(result)")
      #expect(try CITools.schemaErrors(junit) == [])
      let text = try String(contentsOf: junit, encoding: .utf8)
      #expect(text.contains("group=\"smoke,nightly\""), "\(text)")
      #expect(text.contains("group=\"checkout\""), "\(text)")
      let everything = try await hotel.run(
        ["test", Self.suite, "--junit", junit.path] + Self.common)
      #expect(everything.status == 1, "\(everything)")
      #expect(try CITools.schemaErrors(junit) == [])
      let cases = try CITools.junitparser(junit)
      #expect(
        cases == [
          "\(Self.suite)/checkout/buyer.hotel|passed|",
          "\(Self.suite)/checkout/price.hotel|passed|",
          "\(Self.suite)/fail.hotel|failure|\(Self.suite)/fail.hotel:4: expect screen paid: the screen is rooms",
          "\(Self.suite)/pass.hotel|passed|",
          "\(Self.suite)/tagged.hotel|passed|",
        ], "\(cases)")
    }

    /// A run that stops at exit 2 (journeys that do not parse) still writes the report: an
    /// `error` for each journey that does not parse, valid.
    @Test func journeysThatDoNotParseAreErrorsOfAValidReport() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let folder = try Self.folder(
        "bad", in: hotel,
        [
          "a.hotel": "tapp x\nexpect screen nowhere\n", "b.hotel": "expect screen hotel\n",
          "c.hotel": "include _shared.hotel\n", "_shared.hotel": "tap\n",
        ])
      let junit = hotel.dataDirectory.appendingPathComponent("report.xml")
      let result = try await hotel.run(["test", folder.path, "--junit", junit.path])
      #expect(result.status == 2, "\(result)")
      #expect(result.stdout.isEmpty, "\(result)")
      #expect(try CITools.schemaErrors(junit) == [])
      let cases = try CITools.junitparser(junit)
      #expect(cases.count == 2, "\(cases)")
      #expect(
        cases.first
          == "\(folder.path)/a.hotel|error|\(folder.path)/a.hotel:1: unknown command 'tapp'; did you mean 'tap'?",
        "\(cases)")
      #expect(
        cases.last?.hasPrefix(
          "\(folder.path)/c.hotel|error|\(folder.path)/c.hotel:1: include _shared.hotel")
          == true)
      let text = try String(contentsOf: junit, encoding: .utf8)
      #expect(text.contains("a.hotel:2: unknown screen 'nowhere'"), "\(text)")

      // Paths that hold no journey to parse: one error, named by the paths.
      let missing = folder.appendingPathComponent("missing").path
      let nothing = try await hotel.run(["test", missing, "--junit", junit.path])
      #expect(nothing.status == 2, "\(nothing)")
      #expect(try CITools.schemaErrors(junit) == [])
      #expect(
        try CITools.junitparser(junit) == [
          "\(missing)|error|test: no such file or folder '\(missing)'"
        ], "\(nothing)")
    }

    /// `--retries`: a journey that fails every time is a `failure` and a `rerunFailure` per
    /// rerun; one that fails, then passes, is flaky (its line, the summary, `flakyFailure`),
    /// exit 0, or 1 with `--fail-on-flaky`.
    @Test func retriesRecordEveryFailedAttemptAndAFlakyVerdict() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let junit = hotel.dataDirectory.appendingPathComponent("report.xml")
      let fail = "\(Self.suite)/fail.hotel"
      let failing = try await hotel.run(
        ["test", fail, Self.suite + "/pass.hotel", "--retries", "2", "--junit", junit.path]
          + Self.common)
      #expect(failing.status == 1, "\(failing)")
      let lines = failing.stdout.split(separator: "\n").map(String.init)
      #expect(
        lines.contains {
          $0.hasPrefix("✗ \(fail) (")
            && $0.hasSuffix(
              " s, 3 attempts): \(fail):4: expect screen paid: the screen is rooms")
        }, "\(failing)")
      #expect(lines.last == "1 passed, 0 flaky, 1 failed", "\(failing)")
      #expect(try CITools.schemaErrors(junit) == [])
      let text = try String(contentsOf: junit, encoding: .utf8)
      #expect(text.components(separatedBy: "<rerunFailure ").count == 3, "\(text)")
      #expect(text.components(separatedBy: "<failure ").count == 2, "\(text)")

      // The fixture answers the first three requests of each path with 503: a journey's first
      // attempt sees /hotel fail (the client tries three times), the second sees it answer.
      let binary = try HotelProcess.binary().path
      let server = try BackgroundProcess(
        binary, ["serve", "--port", "0", "--fail-first", "3"], environment: hotel.environment,
        errorPath: hotel.dataDirectory.appendingPathComponent("serve.err").path)
      let url = try #require(await server.readLine())
      let folder = try Self.folder(
        "flaky", in: hotel, ["hotel.hotel": "expect screen hotel\nexpect text \"Excellent\"\n"])
      let flaky = try await hotel.run(
        ["test", folder.path, "--retries", "1", "--api", url, "--junit", junit.path]
          + Self.common)
      #expect(flaky.status == 0, "\(flaky)")
      let flakyLines = flaky.stdout.split(separator: "\n").map(String.init)
      #expect(
        flakyLines.first?.hasPrefix("✓ \(folder.path)/hotel.hotel (") == true, "\(flaky)")
      #expect(flakyLines.first?.contains(" s, 2 attempts): flaky: attempt 1: ") == true)
      #expect(flakyLines.last == "0 passed, 1 flaky, 0 failed", "\(flaky)")
      #expect(try CITools.schemaErrors(junit) == [])
      let flakyText = try String(contentsOf: junit, encoding: .utf8)
      #expect(flakyText.contains("<flakyFailure message="), "\(flakyText)")
      #expect(try CITools.junitparser(junit) == ["\(folder.path)/hotel.hotel|passed|"])
      _ = await server.stop()
      // A fixture of its own, failing as the first did.
      let second = try BackgroundProcess(
        binary, ["serve", "--port", "0", "--fail-first", "3"], environment: hotel.environment,
        errorPath: hotel.dataDirectory.appendingPathComponent("serve2.err").path)
      let secondURL = try #require(await second.readLine())
      let strict = try await hotel.run(
        ["test", folder.path, "--retries", "1", "--api", secondURL, "--fail-on-flaky"]
          + Self.common)
      #expect(strict.status == 1, "\(strict)")
      #expect(strict.stdout.hasSuffix("0 passed, 1 flaky, 0 failed\n"), "\(strict)")
      _ = await second.stop()
    }

    /// `--max-failures N`: no journey starts after N failed; the rest are not run (skipped in
    /// the report, which validates).
    @Test func noJourneyStartsAfterMaxFailures() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let failing = "tap hotel.chooseRoom\nexpect screen paid\n"
      let folder = try Self.folder(
        "fails", in: hotel,
        ["a.hotel": failing, "b.hotel": failing, "c.hotel": failing, "d.hotel": "show\n"])
      let junit = hotel.dataDirectory.appendingPathComponent("report.xml")
      let result = try await hotel.run(
        ["test", folder.path, "--jobs", "1", "--max-failures", "2", "--junit", junit.path]
          + Self.common)
      #expect(result.status == 1, "\(result)")
      let lines = result.stdout.split(separator: "\n").map(String.init)
      #expect(lines.count == 3, "\(result)")
      #expect(lines.last == "0 passed, 2 failed, 2 not run", "\(result)")
      #expect(try CITools.schemaErrors(junit) == [])
      let cases = try CITools.junitparser(junit)
      #expect(
        cases.suffix(2) == [
          "\(folder.path)/c.hotel|skipped|not run: 2 had failed (--max-failures 2)",
          "\(folder.path)/d.hotel|skipped|not run: 2 had failed (--max-failures 2)",
        ], "\(cases)")
    }

    /// `--shard I/N` with `--list`: for N of 1 to 4 the parts are disjoint, together every
    /// selected journey once, within one of each other in count, and the same for a copy of the
    /// folder elsewhere; `--list` runs nothing.
    @Test func shardsAreDisjointCompleteBalancedAndTheSameEverywhere() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      var files: [String: String] = [:]
      for index in 0..<7 { files["j\(index).hotel"] = "expect screen hotel\n" }
      files["sub/k.hotel"] = "tags smoke\nexpect screen hotel\n"
      files["sub/l.hotel"] = "expect screen hotel\n"
      files["z.hotel"] = "tags smoke\nexpect screen hotel\n"
      let here = try Self.folder("here", in: hotel, files)
      let there = try Self.folder("deeper/there", in: hotel, files)
      for count in 1...4 {
        var parts: [[String]] = []
        for index in 1...count {
          let listed = try await hotel.run(
            ["test", here.path, "--shard", "\(index)/\(count)", "--list"])
          #expect(listed.status == 0, "\(listed)")
          let names = listed.stdoutLines.map { String($0.dropFirst(here.path.count + 1)) }
          let elsewhere = try await hotel.run(
            ["test", there.path + "/", "--shard", "\(index)/\(count)", "--list"])
          #expect(
            elsewhere.stdoutLines.map { String($0.dropFirst(there.path.count + 1)) } == names,
            "\(elsewhere)")
          parts.append(names)
        }
        let all = parts.flatMap { $0 }
        #expect(all.sorted() == files.keys.sorted(), "\(count): \(parts)")
        let sizes = parts.map(\.count)
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1, "\(count): \(parts)")
      }
      // After --tags: the two smoke journeys, one a part.
      let first = try await hotel.run(
        ["test", here.path, "--tags", "smoke", "--shard", "1/2", "--list"])
      let second = try await hotel.run(
        ["test", here.path, "--tags", "smoke", "--shard", "2/2", "--list"])
      #expect(first.stdoutLines.count == 1 && second.stdoutLines.count == 1, "\(first)\(second)")
      #expect(Set(first.stdoutLines + second.stdoutLines).count == 2)
      // --list runs nothing and writes no report.
      let junit = hotel.dataDirectory.appendingPathComponent("report.xml")
      let listed = try await hotel.run(["test", here.path, "--list", "--junit", junit.path])
      #expect(listed.stdoutLines.count == 10 && listed.stderr.isEmpty, "\(listed)")
      #expect(!FileManager.default.fileExists(atPath: junit.path))
    }

    @Test(arguments: ["0/3", "4/3", "a/b", "1/0", "1", "1/2/3", "-1/2", ""])
    func aShardThatIsNoPartIsBadUsage(_ value: String) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(["test", Self.suite, "--shard", value, "--list"])
      #expect(result.status == 2, "\(result)")
      #expect(result.stdout.isEmpty, "\(result)")
      #expect(result.stderr.contains("--shard"), "\(result)")
    }

    /// `--last-failed`: the journeys that failed in the last run of the same paths, kept under
    /// `$XDG_CACHE_HOME/hotel` (never in the data directory); none failed: none run, said so.
    @Test func lastFailedRunsWhatFailedLastTime() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let cache = hotel.dataDirectory.appendingPathComponent("xdg-cache", isDirectory: true)
      let environment = ["XDG_CACHE_HOME": cache.path]
      let nothing = try await hotel.run(
        ["test", Self.suite, "--last-failed"] + Self.common, environment: environment)
      #expect(nothing.status == 0, "\(nothing)")
      #expect(nothing.stdout.isEmpty, "\(nothing)")
      #expect(nothing.stderr.contains("--last-failed: nothing failed"), "\(nothing)")

      let everything = try await hotel.run(
        ["test", Self.suite] + Self.common, environment: environment)
      #expect(everything.status == 1, "\(everything)")
      let records = try FileManager.default.contentsOfDirectory(
        atPath: cache.appendingPathComponent("hotel").path)
      #expect(records.count == 1 && records[0].hasPrefix("last-failed-"), "\(records)")

      let again = try await hotel.run(
        ["test", Self.suite, "--last-failed"] + Self.common, environment: environment)
      #expect(again.status == 1, "\(again)")
      #expect(again.stdoutLines.count == 2, "\(again)")
      #expect(again.stdoutLines.first?.hasPrefix("✗ \(Self.suite)/fail.hotel") == true)
      #expect(again.stdoutLines.last == "0 passed, 1 failed")
      // Another list of paths has no failures of its own.
      let other = try await hotel.run(
        ["test", Self.suite + "/pass.hotel", "--last-failed"] + Self.common,
        environment: environment)
      #expect(other.status == 0 && other.stdout.isEmpty, "\(other)")

      // With --data-dir the record still goes to the cache, never into the data directory.
      let data = hotel.dataDirectory.appendingPathComponent("data", isDirectory: true)
      let shared = try await hotel.run(
        ["test", Self.suite + "/fail.hotel", "--data-dir", data.path] + Self.common,
        environment: environment)
      #expect(shared.status == 1, "\(shared)")
      let inData = FileManager.default.enumerator(atPath: data.path)?.allObjects as? [String]
      #expect(inData?.contains { $0.contains("last-failed") } == false, "\(inData ?? [])")
      let folder = cache.appendingPathComponent("hotel")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2)

      // A record that is not one is told, in the user's language (exit 4).
      try Data("{".utf8).write(to: folder.appendingPathComponent(records[0]))
      let corrupt = try await hotel.run(
        ["test", Self.suite, "--last-failed", "--lang", "ru"] + Self.common,
        environment: environment)
      #expect(corrupt.status == 4, "\(corrupt)")
      #expect(
        corrupt.stderr.hasSuffix(": это не запись о непрошедших сценариях\n"), "\(corrupt)")
    }
  }
}

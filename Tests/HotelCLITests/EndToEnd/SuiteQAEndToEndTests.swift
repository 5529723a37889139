import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EndToEnd {
  /// `hotel test` as a QA team runs it in CI: a server that never answers, a job cancelled
  /// while a journey hangs, and the CI log (not only the JUnit report) telling what happened.
  @Suite struct SuiteQAEndToEndTests {
    /// A TCP socket on 127.0.0.1 that listens and never accepts: connections complete in the
    /// kernel's backlog and no answer ever comes (a stalled server).
    ///
    /// Closed by ``stop()``.
    struct SilentServer {
      let descriptor: Int32
      let url: String

      init() throws {
        #if canImport(Glibc)
          let stream = Int32(SOCK_STREAM.rawValue)
        #else
          let stream = SOCK_STREAM
        #endif
        let socketDescriptor = socket(AF_INET, stream, 0)
        guard socketDescriptor >= 0 else { throw HarnessError("socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { pointer in
          pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(socketDescriptor, $0, length)
          }
        }
        let named =
          bound == 0 && listen(socketDescriptor, 64) == 0
          ? withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
              getsockname(socketDescriptor, $0, &length)
            }
          } : -1
        guard named == 0 else {
          close(socketDescriptor)
          throw HarnessError("bind, listen or getsockname failed")
        }
        descriptor = socketDescriptor
        url = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
      }

      func stop() { _ = close(descriptor) }
    }

    /// A server that accepts the connection and never answers: each journey ends on its own
    /// after `--timeout`, the suite does not stall, and the CI log says why (the screen's
    /// "took too long to answer"), not only "the API could not be reached".
    @Test(arguments: [
      ("en", "; the screen says 'The server took too long to answer'", "0 passed, 2 failed"),
      (
        "ru", "; на экране сообщение 'Сервер слишком долго не отвечает'",
        "пройдено: 0, не пройдено: 2"
      ),
    ])
    func aServerThatNeverAnswersEndsEachJourneyWithATimeout(
      language: String, said: String, summary: String
    ) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let server = try SilentServer()
      defer { server.stop() }
      let folder = try SuiteHardeningEndToEndTests.journeys(
        [
          "a.hotel": "expect screen hotel\ntap hotel.chooseRoom\n",
          "b.hotel": "tap hotel.chooseRoom\nexpect screen rooms\n",
        ], in: hotel)
      let clock = ContinuousClock()
      let start = clock.now
      let result = try await hotel.run(
        ["test", folder, "--api", server.url, "--timeout", "1", "--jobs", "2", "--lang", language])
      let elapsed = clock.now - start
      #expect(result.status == 3, "\(result)")
      let lines = result.stdout.split(separator: "\n").map(String.init)
      #expect(lines.count == 3 && lines.last == summary, "\(result)")
      for line in lines.dropLast() {
        #expect(line.hasPrefix("✗ \(folder)/"), "\(line)")
        #expect(line.hasSuffix(said), "\(line)")
      }
      // Not a minute of retries: a second for the request, with room for a loaded machine.
      #expect(elapsed < .seconds(30), "\(elapsed)")
    }

    /// `expect text` of a sentence the screen wraps: the hotel's description is drawn over lines of
    /// its box ("A high level of" | "service.
    ///
    /// We recommend it ..."), and a journey checking the sentence as written passes, not only a
    /// part on one line.
    @Test func expectTextFindsASentenceTheScreenWraps() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let passes = try await hotel.run(
        ["replay", "-"],
        stdin: """
          show
          expect text "A high level of service. We recommend it for a respectable holiday."
          expect text "Madinat Makadi, Safaga Road, Makadi Bay, Egypt"

          """)
      #expect(passes.status == 0, "\(passes)")
      // The screen drew it over two lines: no line holds it whole.
      #expect(passes.stdout.contains("A high level of"), "\(passes)")
      #expect(!passes.stdout.contains("A high level of service. We recommend"), "\(passes)")
      let fails = try await hotel.run(
        ["replay", "-"], stdin: "expect text \"A high level of service. None\"\n")
      #expect(fails.status == 1, "\(fails)")
    }

    /// A shared file included twice fails on its second use: the message names the `include` that
    /// reached it, so the journey's line that failed can be told, in a replay and in the suite's
    /// log, in both languages.
    @Test(arguments: [("en", "included at"), ("ru", "включён в")])
    func aFailureInAFileIncludedTwiceNamesTheIncludeThatReachedIt(
      language: String, words: String
    ) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      _ = try hotel.file("_screen.hotel", "expect screen ${SCREEN}\n")
      _ = try hotel.file("_hotel.hotel", "include _screen.hotel\n")
      let journey = try hotel.file(
        "twice.hotel",
        "include _hotel.hotel\ntap hotel.chooseRoom\ninclude _hotel.hotel\n")
      let replay = try await hotel.run(
        ["replay", journey, "--var", "SCREEN=hotel", "--lang", language])
      #expect(replay.status == 1, "\(replay)")
      let folder = hotel.dataDirectory.path + "/"
      let place =
        "\(folder)_screen.hotel:1 (\(words) \(folder)twice.hotel:3 -> \(folder)_hotel.hotel:1): "
      #expect(replay.stderr.contains(place), "\(replay)")
      let suite = try await hotel.run(
        ["test", journey, "--var", "SCREEN=hotel", "--lang", language])
      #expect(suite.status == 1, "\(suite)")
      #expect(suite.stdout.contains(place), "\(suite)")
    }

    /// CI cancels the job while a journey hangs, without `--junit`: the log names the journey still
    /// running and counts what never started, so it says which journey hung.
    @Test(arguments: [(SIGTERM, Int32(143), "en"), (SIGINT, Int32(130), "ru")])
    func aStopSignalNamesTheJourneyStillRunningInTheLog(
      signal: Int32, code: Int32, language: String
    ) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let slow = try await SuiteEndToEndTests.SlowSuite(
        in: hotel, slowJourneys: ["b.hotel", "c.hotel"])
      let (sandbox, folder, server) = (slow.sandbox, slow.folder, slow.server)
      let errors = hotel.dataDirectory.appendingPathComponent("test.err")
      let suite = try slow.start(
        ["test", folder.path, "--jobs", "1", "--today", "2026-06-01", "--lang", language],
        errorPath: errors.path)
      let first = await suite.readLine()
      #expect(first?.hasPrefix("✓ \(folder.path)/a.hotel") == true, "\(first ?? "no line")")
      #expect(await suite.stop(signal) == code)
      let rest = await suite.readLines { _ in false }
      _ = await server.stop(SIGTERM)

      let ru = language == "ru"
      // "b" starts right after "a" is reported; the signal can arrive in between.
      let bStarted = rest.count == 2
      if bStarted {
        let stopped =
          ru
          ? "набор остановлен сигналом, пока шёл этот сценарий"
          : "the suite was stopped while this journey ran"
        #expect(rest[0].hasPrefix("✗ \(folder.path)/b.hotel ("), "\(rest)")
        #expect(rest[0].hasSuffix("): " + stopped), "\(rest)")
      }
      let (interrupted, notRun) = bStarted ? (1, 1) : (0, 2)
      let summary =
        ru
        ? "пройдено: 1, не пройдено: 0, прервано: \(interrupted), не запущено: \(notRun)"
        : "1 passed, 0 failed, \(interrupted) interrupted, \(notRun) not run"
      #expect(rest.last == summary, "\(rest)")
      let said = try String(contentsOf: errors, encoding: .utf8)
      #expect(said == (ru ? "hotel: test: прервано\n" : "hotel: test: interrupted\n"))
      let leftovers = try sandbox.leftovers()
      #expect(leftovers == [], "\(leftovers)")
    }
  }
}

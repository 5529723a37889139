import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EndToEnd {
  /// `hotel serve`: the fixture API in the foreground.
  @Suite struct ServeEndToEndTests {

    @Test func printsItsURLAndStopsCleanlyOnSIGTERM() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let errors = hotel.dataDirectory.appendingPathComponent("serve.err").path
      let server = try BackgroundProcess(
        try HotelProcess.binary().path, ["serve", "--port", "0", "--latency-ms", "1"],
        environment: hotel.environment, errorPath: errors)
      let url = try await #require(server.readLine())
      #expect(url.hasPrefix("http://127.0.0.1:"), "\(url)")
      let port = try #require(Int(url.dropFirst("http://127.0.0.1:".count)))
      #expect(port > 0)

      let busy = try await hotel.run(["serve", "--port", String(port)])
      #expect(busy.status == 4, "\(busy)")
      #expect(
        busy.stderrLines
          == ["hotel: cannot listen on 127.0.0.1:\(port): the port is in use (try --port 0)"])

      #expect(await server.stop(SIGTERM) == 0)
      let log = try String(contentsOfFile: errors, encoding: .utf8)
      #expect(log.contains("hotel: serving the fixture API at \(url); Ctrl-C stops it"))
      #expect(log.hasSuffix("hotel: stopped (SIGTERM)\n"), "\(log)")
    }

    /// A fault on a path the fixture does not serve (a typo, a query, a trailing slash) would never
    /// fire, so `hotel serve --drop` refuses it, with the path meant, and nothing listens (exit 2).
    @Test(arguments: [
      (
        ["--drop", "/order"], "en",
        "hotel: --drop: the fixture serves no '/order'; did you mean '/orders'? (its paths: /hotel, /rooms, /booking, /booking/form, /booking/discount, /orders)"
      ),
      (
        ["--malformed", "/booking?room=2"], "en",
        "hotel: --malformed: the fixture serves no '/booking?room=2'; did you mean '/booking'? (its paths: /hotel, /rooms, /booking, /booking/form, /booking/discount, /orders)"
      ),
      (
        ["--malformed", "/rooms/"], "ru",
        "hotel: --malformed: у тестового API нет пути '/rooms/'; возможно, имелось в виду '/rooms'? (его пути: /hotel, /rooms, /booking, /booking/form, /booking/discount, /orders)"
      ),
      (
        ["--drop", "/nothing/like/it"], "en",
        "hotel: --drop: the fixture serves no '/nothing/like/it' (its paths: /hotel, /rooms, /booking, /booking/form, /booking/discount, /orders)"
      ),
    ])
    func aFaultOnAPathTheFixtureDoesNotServeIsRefused(
      arguments: [String], language: String, said: String
    ) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["serve", "--port", "0", "--lang", language] + arguments, timeLimit: 20)
      #expect(result.status == 2, "\(result)")
      #expect(result.stdout.isEmpty, "nothing listens: \(result)")
      #expect(result.stderrLines == [said], "\(result)")
    }

    @Test func speaksRussianWithLangRu() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let errors = hotel.dataDirectory.appendingPathComponent("serve-ru.err").path
      let server = try BackgroundProcess(
        try HotelProcess.binary().path, ["serve", "--port", "0", "--lang", "ru"],
        environment: hotel.environment, errorPath: errors)
      let url = try await #require(server.readLine())
      let port = try #require(Int(url.dropFirst("http://127.0.0.1:".count)))
      let busy = try await hotel.run(["serve", "--port", String(port), "--lang", "ru"])
      #expect(
        busy.stderrLines == [
          "hotel: нельзя слушать 127.0.0.1:\(port): порт занят (попробуйте --port 0)"
        ])
      #expect(await server.stop(SIGTERM) == 0)
      let log = try String(contentsOfFile: errors, encoding: .utf8)
      #expect(
        log.contains("hotel: тестовый API работает по адресу \(url); Ctrl-C останавливает его"))
      #expect(log.hasSuffix("hotel: остановлен (SIGTERM)\n"), "\(log)")
    }

    /// The signal is sent the moment the URL appears, several times over: a SIGINT right after the
    /// URL is printed still stops `hotel serve`.
    @Test func stopsCleanlyOnSIGINTSentAsSoonAsItServes() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      for attempt in 1...5 {
        let errors = hotel.dataDirectory.appendingPathComponent("serve-\(attempt).err").path
        let server = try BackgroundProcess(
          try HotelProcess.binary().path, ["serve", "--port", "0"],
          environment: hotel.environment, errorPath: errors, timeLimit: 20)
        #expect(await server.readLine()?.hasPrefix("http://127.0.0.1:") == true)
        #expect(await server.stop(SIGINT) == 0, "attempt \(attempt)")
        #expect(
          try String(contentsOfFile: errors, encoding: .utf8).hasSuffix("stopped (SIGINT)\n"))
      }
    }
  }
}

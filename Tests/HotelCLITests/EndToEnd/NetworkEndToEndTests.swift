import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EndToEnd {
  /// The client against a slow, a dropping and an absent server.
  @Suite struct NetworkEndToEndTests {
    /// The happy path up to Pay (`POST /orders`), then back to Hotel.
    static let payScript = """
      expect screen hotel
      tap hotel.chooseRoom
      expect screen rooms
      tap rooms.room.2.choose
      expect screen booking
      \(EndToEnd.filledIn)next
      tap booking.pay

      """

    /// Waiting for a slow API costs next to no CPU: the replay's process is measured by the kernel
    /// (`wait4`), its CPU time against its wall time, which is mostly waiting (three rounds of
    /// requests, each 1.5 s late, `POST /orders` among them).
    ///
    /// URLSession on Linux used 100% of a core while it waited (SPEC section 9 asks for at most 5%
    /// at 3 s latency; the bound here is looser so that a loaded machine cannot fail it).
    @Test func waitingForASlowAPICostsNoCPU() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let server = try BackgroundProcess(
        try HotelProcess.binary().path, ["serve", "--port", "0", "--latency-ms", "1500"],
        environment: hotel.environment,
        errorPath: hotel.dataDirectory.appendingPathComponent("serve.err").path, timeLimit: 120)
      let url = try #require(await server.readLine())
      let script = try hotel.file("pay.hotel", Self.payScript + "expect screen paid\n")
      let run = try await offThePool {
        try MeasuredRun(
          try HotelProcess.binary().path,
          ["replay", script, "--api", url, "--today", "2026-06-01"],
          environment: hotel.environment)
      }
      _ = await server.stop(SIGTERM)
      #expect(run.status == 0, "\(run.output)")
      #expect(run.wallSeconds >= 4.5, "three rounds of 1.5 s")
      #expect(
        run.cpuSeconds < 0.25 * run.wallSeconds,
        "CPU \(run.cpuSeconds) s in \(run.wallSeconds) s of wall time")
    }

    /// `--drop /orders`: the server closes the connection of every `POST /orders`.
    ///
    /// Pay fails as a connection error (after the retries with the order's key), naming the cause,
    /// not as a timeout once the 10 s deadline has passed.
    @Test func aDroppedOrderIsAConnectionError() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let server = try BackgroundProcess(
        try HotelProcess.binary().path, ["serve", "--port", "0", "--drop", "/orders"],
        environment: hotel.environment,
        errorPath: hotel.dataDirectory.appendingPathComponent("serve.err").path, timeLimit: 120)
      let url = try #require(await server.readLine())
      let result = try await hotel.run(
        ["replay", "-", "--api", url, "--today", "2026-06-01"],
        stdin: Self.payScript + "expect text \"connection closed by the server\"\n")
      _ = await server.stop(SIGTERM)
      #expect(result.status == 0, "\(result)")
    }

    /// `--fail-first 1`: the first request of every path answers 503, the promo code's `POST
    /// /booking/discount` among them.
    ///
    /// Every GET recovers, and the calculation is tried again as a GET is (it has no side effect),
    /// so SUMMER10 takes its 10% off.
    @Test func aPromoCodeRecoversFromAFailingFirstRequest() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let server = try BackgroundProcess(
        try HotelProcess.binary().path, ["serve", "--port", "0", "--fail-first", "1"],
        environment: hotel.environment,
        errorPath: hotel.dataDirectory.appendingPathComponent("serve.err").path, timeLimit: 120)
      let url = try #require(await server.readLine())
      let result = try await hotel.run(
        ["replay", "-", "--api", url, "--today", "2026-06-01"],
        stdin: """
          tap hotel.chooseRoom
          tap rooms.room.2.choose
          expect screen booking
          expect value booking.price.total "300 850 ₽"
          type booking.extras.promoCode SUMMER10
          expect valid booking.price.discount
          expect value booking.price.discount "-28 940 ₽"
          expect value booking.price.total "271 910 ₽"

          """)
      _ = await server.stop(SIGTERM)
      #expect(result.status == 0, "\(result)")
    }

    /// Nothing listens: the message names the server and the cause, in both languages.
    @Test(arguments: [
      ("en", "No connection to the server at 127.0.0.1:1: connection refused"),
      ("ru", "Нет соединения с сервером 127.0.0.1:1: соединение отклонено"),
    ])
    func noConnectionNamesTheServerAndTheCause(language: String, message: String) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["replay", "-", "--api", "http://127.0.0.1:1", "--lang", language],
        stdin: "expect screen hotel\nexpect text \"\(message)\"\n")
      #expect(result.status == 0, "\(result)")
    }
  }
}

import FixtureAPI
import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// An API whose answers have a head of thousands of short header lines (a hostile server): the
  /// Hotel screen says so in the `--lang` language, at once, for little CPU.
  @Suite struct HeadLineBoundEndToEndTests {
    /// A fixture whose `GET /hotel` answers always have `lines` more header lines.
    private func server(lines: Int) -> FixtureServer {
      FixtureServer(
        options: FixtureOptions(script: [
          "/hotel": Array(repeating: .headerLines(lines), count: 100)
        ]))
    }

    /// The replay's process is measured by the kernel (`wait4`): its CPU time, start-up
    /// included, stays far below the seconds the head cost before.
    @Test func theHotelScreenSaysTheHeadHasTooManyLines() async throws {
      let server = server(lines: 20_000)
      let url = try server.start()
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let script = try hotel.file(
        "head.hotel",
        "expect screen hotel\nexpect text \"sent a response head of more than 1000 lines\"\n")
      let run = try await offThePool {
        try MeasuredRun(
          try HotelProcess.binary().path,
          ["replay", script, "--api", url.absoluteString, "--today", "2026-06-01"],
          environment: hotel.environment)
      }
      await server.stop()
      #expect(run.status == 0, "\(run.output)")
      #expect(!run.output.contains("took too long"), "\(run.output)")
      #expect(run.cpuSeconds < 3, "CPU \(run.cpuSeconds) s in \(run.wallSeconds) s of wall time")
      #expect(server.receivedRequests.filter { $0.path == "/hotel" }.count == 1, "not tried again")
    }

    @Test func itIsSaidInRussian() async throws {
      let server = server(lines: 5_000)
      let url = try server.start()
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["replay", "-", "--api", url.absoluteString, "--today", "2026-06-01", "--lang", "ru"],
        stdin: "expect screen hotel\nexpect text \"заголовок ответа длиннее 1000 строк\"\n")
      await server.stop()
      #expect(result.status == 0, "\(result)")
    }
  }
}

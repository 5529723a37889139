import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `hotel serve`: the fixture API in the foreground.
@Suite struct ServeEndToEndTests {
  func environment(_ hotel: HotelProcess) -> [String: String] {
    [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": hotel.dataDirectory.path, "NO_COLOR": "1", "LANG": "C.UTF-8",
    ]
  }

  @Test func printsItsURLAndStopsCleanlyOnSIGTERM() throws {
    let hotel = try HotelProcess()
    defer { hotel.cleanUp() }
    let errors = hotel.dataDirectory.appendingPathComponent("serve.err").path
    let server = try BackgroundProcess(
      try HotelProcess.binary().path, ["serve", "--port", "0", "--latency-ms", "1"],
      environment: environment(hotel), errorPath: errors)
    let url = try #require(server.readLine())
    #expect(url.hasPrefix("http://127.0.0.1:"), "\(url)")
    let port = try #require(Int(url.dropFirst("http://127.0.0.1:".count)))
    #expect(port > 0)

    let busy = try hotel.run(["serve", "--port", String(port)])
    #expect(busy.status == 1, "\(busy)")
    #expect(
      busy.stderrLines
        == ["hotel: cannot listen on 127.0.0.1:\(port): the port is in use (try --port 0)"])

    #expect(server.stop(SIGTERM) == 0)
    let log = try String(contentsOfFile: errors, encoding: .utf8)
    #expect(log.contains("hotel: serving the fixture API at \(url); Ctrl-C stops it"))
    #expect(log.hasSuffix("hotel: stopped (SIGTERM)\n"), "\(log)")
  }

  @Test func stopsCleanlyOnSIGINT() throws {
    let hotel = try HotelProcess()
    defer { hotel.cleanUp() }
    let errors = hotel.dataDirectory.appendingPathComponent("serve.err").path
    let server = try BackgroundProcess(
      try HotelProcess.binary().path, ["serve", "--port", "0"],
      environment: environment(hotel), errorPath: errors)
    #expect(server.readLine()?.hasPrefix("http://127.0.0.1:") == true)
    #expect(server.stop(SIGINT) == 0)
    #expect(try String(contentsOfFile: errors, encoding: .utf8).hasSuffix("stopped (SIGINT)\n"))
  }
}

import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EndToEnd {
  /// A CI machine sets a proxy for the whole job (`http_proxy`, `ALL_PROXY`, ...), and libcurl,
  /// under URLSession on Linux, reads them for every request.
  ///
  /// A request to a loopback host (the in-process fixture, `hotel serve` on 127.0.0.1) never goes
  /// through one: the proxy here is dead (nothing listens on its port), and the flow still reaches
  /// its server.
  @Suite struct ProxyEndToEndTests {
    static let script = """
      expect screen hotel
      expect text "Excellent"

      """

    /// Every name libcurl reads (and the upper-case `HTTP_PROXY` it does not), at a dead proxy.
    static func proxies(_ address: String) -> [String: String] {
      [
        "http_proxy": address, "HTTP_PROXY": address, "https_proxy": address,
        "HTTPS_PROXY": address, "ALL_PROXY": address, "all_proxy": address,
      ]
    }

    /// A loopback port nothing listens on (bound, then closed, by this process).
    static func deadProxy() throws -> String {
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      try #require(fd >= 0)
      defer { close(fd) }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = 0
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      try #require(bound == 0)
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
      }
      return "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
    }

    @Test(
      "The in-process fixture is reached with a dead proxy in the environment",
      arguments: [nil, "example.com", "*"])
    func theFixtureNeverGoesThroughAProxy(noProxy: String?) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      var environment = Self.proxies(try Self.deadProxy())
      if let noProxy { environment["no_proxy"] = noProxy }
      let result = try await hotel.run(
        ["replay", "-"], stdin: Self.script, environment: environment)
      #expect(result.status == 0, "\(result)")
      #expect(!result.stdout.contains("No connection"), "\(result)")
    }

    @Test("--api on 127.0.0.1 is reached with a dead proxy in the environment")
    func aLoopbackAPINeverGoesThroughAProxy() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let server = try BackgroundProcess(
        try HotelProcess.binary().path, ["serve", "--port", "0"],
        environment: hotel.environment,
        errorPath: hotel.dataDirectory.appendingPathComponent("serve.err").path)
      let url = try #require(await server.readLine())
      let result = try await hotel.run(
        ["replay", "-", "--api", url], stdin: Self.script,
        environment: Self.proxies(try Self.deadProxy()))
      #expect(await server.stop(SIGTERM) == 0)
      #expect(result.status == 0, "\(result)")
    }

    /// An `https://` API on another host goes through `https_proxy`, as curl would send it; when
    /// that proxy is dead, the message names it and the variable that set it, in both languages, so
    /// the server is not taken for down.
    @Test(
      "A dead proxy in front of an https API is named",
      arguments: [
        ("en", "No connection to the server at api.example.com:443 through the proxy"),
        ("ru", "Нет соединения с сервером api.example.com:443 через прокси"),
      ])
    func aDeadProxyIsNamed(language: String, words: String) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let proxy = try Self.deadProxy()
      let result = try await hotel.run(
        ["replay", "-", "--lang", language, "--api", "https://api.example.com"],
        stdin: "expect screen hotel\nshow\n", environment: ["https_proxy": proxy])
      let address = proxy.replacingOccurrences(of: "http://", with: "")
      // The screen wraps the message: its words are compared with the lines joined.
      let shown = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(shown.contains("\(words) \(address) (https_proxy)"), "\(result)")
    }
  }
}

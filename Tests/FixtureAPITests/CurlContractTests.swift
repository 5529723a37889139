import FixtureAPI
import Foundation
import Testing

/// The contract as a third-party HTTP client sees it: curl against the fixture.
@Suite("curl shows the contract", .enabled(if: Curl.path != nil, "curl is not installed"))
struct CurlContractTests {
  @Test("GET /hotel in Russian, with an ETag that revalidates to 304")
  func hotel() async throws {
    try await withFixture { _, port in
      let base = "http://127.0.0.1:\(port)"
      let first = try await Curl.run(["-si", "-H", "Accept-Language: ru", "\(base)/hotel"])
      #expect(first.hasPrefix("HTTP/1.1 200 OK"))
      #expect(first.contains("Превосходно"))
      #expect(first.contains(#""adress":"Madinat Makadi, Safaga Road, Makadi Bay, Египет""#))
      let etag = try #require(
        first.components(separatedBy: "\r\n").first { $0.hasPrefix("ETag: ") }?.dropFirst(6))
      let second = try await Curl.run([
        "-si", "-H", "Accept-Language: ru", "-H", "If-None-Match: \(etag)", "\(base)/hotel",
      ])
      #expect(second.hasPrefix("HTTP/1.1 304 Not Modified"))
    }
  }

  @Test("Keep-alive: curl reuses one connection for two URLs")
  func keepAlive() async throws {
    try await withFixture { server, port in
      let base = "http://127.0.0.1:\(port)"
      let output = try await Curl.run(["-sv", "\(base)/rooms", "\(base)/booking?room=1"])
      #expect(
        output.contains("Re-using existing connection") || output.contains("Reusing existing"))
      #expect(server.receivedRequests.map(\.path) == ["/rooms", "/booking"])
    }
  }

  @Test("POST /orders: 400 without a key, the same number for the same key")
  func orders() async throws {
    try await withFixture { server, port in
      let url = "http://127.0.0.1:\(port)/orders"
      let json = ["-H", "Content-Type: application/json", "-d", #"{"room_id":2}"#]
      let noKey = try await Curl.run(["-si"] + json + [url])
      #expect(noKey.hasPrefix("HTTP/1.1 400"))
      let first = try await Curl.run(["-s", "-H", "Idempotency-Key: abc"] + json + [url])
      let again = try await Curl.run(["-s", "-H", "Idempotency-Key: abc"] + json + [url])
      #expect(
        first == #"{"currency":"RUB","order_number":104893,"status":"accepted","total":300850}"#)
      #expect(again == first)
      #expect(server.createdOrderCount == 1)
    }
  }
}

/// Runs curl off the cooperative pool.
enum Curl {
  /// Where curl is, if installed.
  static let path: String? = ["/usr/bin/curl", "/usr/local/bin/curl", "/bin/curl"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// curl's standard output and standard error, together.
  static func run(_ arguments: [String]) async throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(path))
    process.arguments = ["--max-time", "20"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    return try await withCheckedThrowingContinuation { continuation in
      Thread {
        do {
          try process.run()
          let data = pipe.fileHandleForReading.readDataToEndOfFile()
          process.waitUntilExit()
          continuation.resume(returning: String(decoding: data, as: UTF8.self))
        } catch {
          continuation.resume(throwing: error)
        }
      }.start()
    }
  }
}

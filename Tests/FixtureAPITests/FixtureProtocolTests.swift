import FixtureAPI
import Foundation
import Testing

@Suite("The fixture survives bad clients")
struct FixtureProtocolTests {
  @Test("Keep-alive: several requests on one connection, closed after Connection: close")
  func keepAlive() async throws {
    try await withFixture { server, port in
      let text =
        getRequest("/hotel", close: false) + getRequest("/rooms", close: false)
        + getRequest("/booking?room=1")
      let exchange = await RawHTTPClient.exchange(port: port, text)
      #expect(exchange.statuses == [200, 200, 200])
      #expect(exchange.closedByServer)
      #expect(server.receivedRequests.map(\.path) == ["/hotel", "/rooms", "/booking"])
    }
  }

  @Test("Keep-alive is said to an HTTP/1.0 client only: to HTTP/1.1 it is the default")
  func keepAliveIsSaidOnlyToHTTP10() async throws {
    try await withFixture { _, port in
      let current = await RawHTTPClient.exchange(
        port: port, getRequest("/hotel", close: false) + getRequest("/rooms"))
      #expect(current.statuses == [200, 200])
      #expect(current.header("Connection") == nil)
      let kept = await RawHTTPClient.exchange(
        port: port,
        "GET /hotel HTTP/1.0\r\nConnection: keep-alive\r\n\r\n" + getRequest("/rooms"))
      #expect(kept.statuses == [200, 200])
      #expect(kept.header("Connection") == "keep-alive")
      let old = await RawHTTPClient.exchange(port: port, "GET /hotel HTTP/1.0\r\n\r\n")
      #expect(old.header("Connection") == "close")
      #expect(old.closedByServer)
    }
  }

  @Test("A request sent one byte at a time is still served")
  func byteByByte() async throws {
    try await withFixture { _, port in
      let chunks = Array(getRequest("/hotel").utf8).map { [$0] }
      let exchange = await RawHTTPClient.exchange(port: port, chunks)
      #expect(exchange.statuses == [200])
    }
  }

  @Test(
    "Malformed requests get a clear status and a closed connection",
    arguments: [
      ("garbage\r\n\r\n", 400),
      ("GET /hotel\r\n\r\n", 400),
      ("GET hotel HTTP/1.1\r\n\r\n", 400),
      ("GET /hotel HTTP/2.0\r\n\r\n", 505),
      ("GET /hotel HTTP/1.1\r\nno colon here\r\n\r\n", 400),
      ("GET /hotel HTTP/1.1\r\n folded: header\r\n\r\n", 400),
      ("POST /orders HTTP/1.1\r\nContent-Length: abc\r\n\r\n", 400),
      ("POST /orders HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
      ("POST /orders HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n", 413),
      ("POST /orders HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
    ])
  func malformed(request: String, status: Int) async throws {
    try await withFixture { _, port in
      let exchange = await RawHTTPClient.exchange(port: port, request)
      #expect(exchange.statuses == [status])
      #expect(exchange.closedByServer)
      let after = await RawHTTPClient.exchange(port: port, getRequest("/hotel"))
      #expect(after.statuses == [200])
    }
  }

  @Test("A TLS handshake sent to the plain-HTTP fixture is refused at once, not waited on")
  func tlsHandshake() async throws {
    try await withFixture { _, port in
      // The first bytes of a TLS ClientHello: a handshake record, no CRLF anywhere.
      let hello: [UInt8] = [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03]
      let exchange = await RawHTTPClient.exchange(port: port, [hello])
      #expect(exchange.statuses == [400])
      #expect(exchange.closedByServer)
    }
  }

  @Test("A head over 64 KiB is refused with 431")
  func hugeHead() async throws {
    try await withFixture { _, port in
      let padding = String(repeating: "a", count: 70_000)
      let exchange = await RawHTTPClient.exchange(
        port: port, "GET /hotel HTTP/1.1\r\nX-Padding: \(padding)\r\n\r\n")
      #expect(exchange.statuses == [431])
    }
  }

  @Test("A client that stops sending mid-request is disconnected after the idle timeout")
  func slowClient() async throws {
    var options = FixtureOptions()
    options.idleTimeout = .milliseconds(100)
    try await withFixture(options) { _, port in
      let exchange = await RawHTTPClient.exchange(
        port: port, [Array("GET /hotel HTTP/1.1\r\nHost: x".utf8)], wait: 30)
      #expect(exchange.closedByServer)
      #expect(exchange.statuses.isEmpty)
      let after = await RawHTTPClient.exchange(port: port, getRequest("/hotel"))
      #expect(after.statuses == [200])
    }
  }

  @Test("Clients that disconnect abruptly do not disturb the server")
  func abruptDisconnects() async throws {
    try await withFixture { server, port in
      for _ in 0..<20 {
        _ = await RawHTTPClient.exchange(
          port: port, [Array("POST /orders HTTP/1.1\r\nContent-Length: 100\r\n\r\n{".utf8)],
          abortAfterSending: true)
      }
      let after = await RawHTTPClient.exchange(port: port, getRequest("/rooms"))
      #expect(after.statuses == [200])
      #expect(server.createdOrderCount == 0)
    }
  }

  @Test("Connections over the limit are answered 503 and closed")
  func connectionLimit() async throws {
    var options = FixtureOptions()
    options.maxConnections = 0
    try await withFixture(options) { _, port in
      let exchange = await RawHTTPClient.exchange(port: port, getRequest("/hotel"))
      #expect(exchange.statuses == [503])
      #expect(exchange.closedByServer)
    }
  }
}

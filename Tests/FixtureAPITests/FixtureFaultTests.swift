import FixtureAPI
import Foundation
import TestSupport
import Testing

@Suite("Fault injection")
struct FixtureFaultTests {
  @Test("--fail-first N: the first N requests per path answer 503")
  func failFirst() async throws {
    var options = FixtureOptions()
    options.failFirst = 2
    try await withFixture(options) { _, port in
      var statuses: [Int] = []
      for _ in 0..<3 {
        statuses += await RawHTTPClient.exchange(port: port, getRequest("/rooms")).statuses
      }
      #expect(statuses == [503, 503, 200])
      let otherPath = await RawHTTPClient.exchange(port: port, getRequest("/hotel"))
      #expect(otherPath.statuses == [503])
    }
  }

  @Test("--malformed PATH: the JSON is cut in half, correctly framed")
  func malformed() async throws {
    var options = FixtureOptions()
    options.malformedPaths = ["/rooms"]
    try await withFixture(options) { _, port in
      let full = await RawHTTPClient.exchange(port: port, getRequest("/hotel"))
      let cut = await RawHTTPClient.exchange(port: port, getRequest("/rooms"))
      #expect(full.statuses == [200])
      #expect(cut.statuses == [200])
      #expect(cut.header("Content-Length") == String(cut.body.count))
      #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(cut.body)) }
    }
  }

  @Test("--drop PATH: the connection closes before any response")
  func drop() async throws {
    var options = FixtureOptions()
    options.dropPaths = ["/hotel"]
    try await withFixture(options) { _, port in
      let exchange = await RawHTTPClient.exchange(port: port, getRequest("/hotel"))
      #expect(exchange.received.isEmpty)
      #expect(exchange.closedByServer)
    }
  }

  @Test("A script's faults come first, in order, then normal answers")
  func script() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [
      .status(429, retryAfter: "3"), .content(type: "text/html", body: "<html></html>"),
      .redirect(location: "/rooms"),
    ]
    try await withFixture(options) { _, port in
      let limited = await RawHTTPClient.exchange(port: port, getRequest("/hotel"))
      #expect(limited.statuses == [429])
      #expect(limited.header("Retry-After") == "3")
      let html = await RawHTTPClient.exchange(port: port, getRequest("/hotel"))
      #expect(html.header("Content-Type") == "text/html")
      let redirect = await RawHTTPClient.exchange(port: port, getRequest("/hotel"))
      #expect(redirect.statuses == [302])
      #expect(redirect.header("Location") == "/rooms")
      let normal = await RawHTTPClient.exchange(port: port, getRequest("/hotel"))
      #expect(normal.statuses == [200])
    }
  }

  @Test("Oversized bodies, with and without Content-Length")
  func oversized() async throws {
    var options = FixtureOptions()
    options.script["/rooms"] = [
      .oversized(bytes: 6 * 1_048_576, declaresLength: true),
      .oversized(bytes: 6 * 1_048_576, declaresLength: false),
    ]
    try await withFixture(options) { _, port in
      let declared = await RawHTTPClient.exchange(port: port, getRequest("/rooms"))
      #expect(declared.header("Content-Length") == "6291456")
      #expect(declared.body.count == 6_291_456)
      let undeclared = await RawHTTPClient.exchange(port: port, getRequest("/rooms"))
      #expect(undeclared.header("Content-Length") == nil)
      #expect(undeclared.body.count == 6_291_456)
    }
  }

  @Test("A truncated body declares its full length, sends half and closes")
  func truncated() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.truncateBody]
    try await withFixture(options) { _, port in
      let exchange = await RawHTTPClient.exchange(port: port, getRequest("/hotel"))
      let declared = try #require(exchange.header("Content-Length").flatMap { Int($0) })
      #expect(exchange.body.count == declared / 2)
      #expect(exchange.closedByServer)
    }
  }

  @Test("Latency waits on the injected clock")
  func latency() async throws {
    let clock = TestClock()
    var options = FixtureOptions()
    options.latency = .milliseconds(200)
    options.clock = clock
    try await withFixture(options) { _, port in
      let pending = Task { await RawHTTPClient.exchange(port: port, getRequest("/hotel")) }
      #expect(await clock.waitForSleepers(1))
      await clock.advance(by: .milliseconds(200))
      let exchange = await pending.value
      #expect(exchange.statuses == [200])
    }
  }

  @Test("stop() ends a stalled answer and closes its connection")
  func stopEndsStall() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.stall]
    let server = FixtureServer(options: options)
    try server.start()
    let port = try #require(server.port)
    let pending = Task { await RawHTTPClient.exchange(port: port, getRequest("/hotel")) }
    await server.waitForRequests(1)
    await server.stop()
    let exchange = await pending.value
    #expect(exchange.received.isEmpty)
    #expect(exchange.closedByServer)
    #expect(!RawHTTPClient.canConnect(port: port))
  }
}

@Suite("Options and errors")
struct FixtureOptionTests {
  @Test("Fault paths match without a leading slash or a query")
  func normalisedPaths() async throws {
    var options = FixtureOptions()
    options.dropPaths = ["booking?room=1"]
    try await withFixture(options) { _, port in
      let exchange = await RawHTTPClient.exchange(port: port, getRequest("/booking?room=2"))
      #expect(exchange.received.isEmpty)
    }
  }

  @Test("A port in use is a one-line bind error; a second start is refused")
  func startErrors() async throws {
    try await withFixture { server, port in
      #expect(throws: FixtureServerError.alreadyStarted) { try server.start() }
      let other = FixtureServer()
      do throws(FixtureServerError) {
        try other.start(port: port)
        Issue.record("bound a port already in use")
        await other.stop()
      } catch {
        guard case .socket(let operation, _) = error else {
          Issue.record("unexpected \(error)")
          return
        }
        #expect(operation == "bind")
        #expect(error.description.hasPrefix("bind failed: "))
        #expect(!error.description.contains("\n"))
      }
    }
  }

  @Test("stop() is idempotent, and waitUntilStopped() returns after it")
  func stopTwice() async throws {
    let server = FixtureServer()
    try server.start()
    let waiter = Task { await server.waitUntilStopped() }
    await server.stop()
    await server.stop()
    await waiter.value
    #expect(server.port != nil)
    #expect(throws: FixtureServerError.alreadyStarted) { try server.start() }
  }
}

import Domain
import FixtureAPI
import Foundation
import TestSupport
import Testing
import UseCases

@testable import Networking

@Suite("Every typed error, against the real server")
struct APIErrorTests {
  @Test("Nothing listening: connection refused at host:port, after two retries with backoff")
  func connectionRefused() async throws {
    let refusing = try RefusingPort()
    let port = refusing.port
    let baseURL = try #require(URL(string: "http://127.0.0.1:\(port)"))
    let harness = try makeHarness(FixtureServer(), baseURL)
    let error = await apiError { () async throws(APIError) in
      try await harness.api.hotel(.en, .network)
    }
    #expect(
      error == .connectionFailed(ConnectionFailure(server: "127.0.0.1:\(port)", cause: .refused)))
    #expect(
      harness.clock.recordedSleeps.filter { $0 < NetworkHarness.holdFrom } == [
        .milliseconds(375), .milliseconds(750),
      ])
    withExtendedLifetime(refusing) {}
  }

  @Test("A connection dropped before any response: closed by the server, after 3 attempts")
  func dropped() async throws {
    var options = FixtureOptions()
    options.dropPaths = ["/hotel"]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.hotel(.en, .network)
      }
      #expect(error == .connectionFailed(harness.failure(.closedByServer)))
      #expect(harness.paths == ["/hotel", "/hotel", "/hotel"])
    }
  }

  @Test("A body cut in the middle of the transfer: the answer was cut short, retried")
  func truncatedBody() async throws {
    var options = FixtureOptions()
    options.script["/rooms"] = [.truncateBody, .truncateBody, .truncateBody]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.rooms(.en, .network)
      }
      #expect(error == .connectionFailed(harness.failure(.answerCutShort)))
      #expect(harness.paths.count == 3)
    }
  }

  @Test("A body cut in the middle once, then whole: the retry succeeds")
  func truncatedOnce() async throws {
    var options = FixtureOptions()
    options.script["/rooms"] = [.truncateBody]
    try await withAPI(options) { harness in
      let rooms = try await harness.api.rooms(.en, .network).value
      #expect(rooms.count == 2)
      #expect(harness.paths.count == 2)
    }
  }

  @Test("No answer within the timeout on the injected clock: timeout, not retried")
  func timeout() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.stall]
    try await withAPI(options) { harness in
      let pending = Task {
        await apiError { () async throws(APIError) in try await harness.api.hotel(.en, .network) }
      }
      await harness.server.waitForRequests(1)
      #expect(await harness.clock.waitForSleepers(1))
      await harness.clock.advance(by: NetworkHarness.timeout)
      #expect(await pending.value == .timeout)
      #expect(harness.paths == ["/hotel"])
    }
  }

  @Test("Cancelling the caller: cancelled, without waiting for the server")
  func cancelled() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.stall]
    try await withAPI(options) { harness in
      let pending = Task {
        await apiError { () async throws(APIError) in try await harness.api.hotel(.en, .network) }
      }
      await harness.server.waitForRequests(1)
      pending.cancel()
      #expect(await pending.value == .cancelled)
    }
  }

  @Test("A 4xx is reported at once, not retried")
  func notFound() async throws {
    try await withAPI { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.booking(3, .en, .network)
      }
      guard case .notFound(let url?) = error else {
        Issue.record("expected a 404 naming its address, got \(String(describing: error))")
        return
      }
      #expect(url.hasPrefix("http://127.0.0.1:") && url.contains("/booking"), "\(url)")
      #expect(harness.paths == ["/booking"])
    }
  }

  @Test("503 on every attempt: httpStatus(503) after 3 requests")
  func unavailable() async throws {
    var options = FixtureOptions()
    options.failFirst = 5
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.hotel(.en, .network)
      }
      #expect(error == .httpStatus(503))
      #expect(error?.isConnectivityProblem == true)
      #expect(harness.paths.count == 3)
    }
  }

  @Test("A 6 MiB body is tooLarge, with or without Content-Length", arguments: [true, false])
  func tooLarge(declaresLength: Bool) async throws {
    var options = FixtureOptions()
    options.script["/rooms"] = [.oversized(bytes: 6 * 1_048_576, declaresLength: declaresLength)]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.rooms(.en, .network)
      }
      #expect(error == .tooLarge(limit: 5 * 1_048_576))
      #expect(harness.cache.stores == 0)
    }
  }

  @Test("An endless body without Content-Length is tooLarge, well before the deadline")
  func endless() async throws {
    var options = FixtureOptions()
    options.script["/rooms"] = [.endless]
    try await withAPI(options) { harness in
      let outcome = await ConnectionLossTests.outcome(harness) { () async throws(APIError) in
        _ = try await harness.api.rooms(.en, .network)
      }
      #expect(outcome == .finished(.tooLarge(limit: 5 * 1_048_576)))
      #expect(harness.cache.stores == 0)
    }
  }

  @Test("HTML instead of JSON is wrongContentType, naming the type received")
  func html() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [
      .content(type: "text/html; charset=utf-8", body: "<html><body>Oops</body></html>")
    ]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.hotel(.en, .network)
      }
      #expect(error == .wrongContentType("text/html; charset=utf-8"))
    }
  }

  @Test("JSON cut in half (--malformed) is undecodable and not cached")
  func malformed() async throws {
    var options = FixtureOptions()
    options.malformedPaths = ["/rooms"]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.rooms(.en, .network)
      }
      #expect(error == .undecodable(.notJSON))
      #expect(harness.cache.stores == 0)
    }
  }

  @Test("A redirect to another origin is refused: redirected, naming where to")
  func crossOriginRedirect() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.redirect(location: "http://127.0.0.2:9/hotel")]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.hotel(.en, .network)
      }
      #expect(error == .redirected(status: 302, location: "http://127.0.0.2:9/hotel"))
      #expect(harness.paths == ["/hotel"])
    }
  }

  @Test("A redirect of a GET within the same origin is followed")
  func sameOriginRedirect() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.redirect(location: "/hotel")]
    try await withAPI(options) { harness in
      let hotel = try await harness.api.hotel(.en, .network).value
      #expect(hotel.id == 1)
      #expect(harness.paths == ["/hotel", "/hotel"])
    }
  }

  @Test("A redirect of a POST is never followed (it would become a GET)")
  func postRedirect() async throws {
    var options = FixtureOptions()
    options.script["/orders"] = [.redirect(location: "/orders")]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.submitOrder(try sampleOrderOrFail(), "k", .en)
      }
      let orders = harness.baseURL.appendingPathComponent("orders").absoluteString
      #expect(error == .redirected(status: 302, location: orders))
      #expect(harness.server.createdOrderCount == 0)
    }
  }
}

/// ``sampleOrder()`` for a typed-throws closure.
func sampleOrderOrFail() throws(APIError) -> OrderRequest {
  do {
    return try sampleOrder()
  } catch {
    throw .undecodable(.invalidValue(path: "sample"))
  }
}

import Domain
import FixtureAPI
import Foundation
import TestSupport
import Testing
import UseCases

@testable import Networking

/// A connection the server closes is a connection error at once, also when it was kept alive
/// from an earlier request (libcurl then sends the request again on a new connection, body
/// included, if the request may be repeated).
@Suite("A connection closed by the server")
struct ConnectionLossTests {
  enum Outcome: Equatable {
    case finished(APIError?)
    /// The operation had not ended after the real-time limit (it waited for the deadline, which
    /// holds on the test clock).
    case gaveUp
  }

  /// `operation`'s error (`nil` on success), or `.gaveUp` when it has not ended within
  /// `giveUpAfter` of real time; then the harness's clock is advanced past the deadline, so the
  /// operation ends (as a timeout) and nothing is left running.
  static func outcome(
    _ harness: NetworkHarness, giveUpAfter: Duration = .seconds(20),
    _ operation: @escaping @Sendable () async throws(APIError) -> Void
  ) async -> Outcome {
    let pending = Task { await apiError(operation) }
    return await withTaskGroup(of: Outcome.self) { group in
      group.addTask { .finished(await pending.value) }
      group.addTask {
        try? await Task.sleep(for: giveUpAfter)
        if !Task.isCancelled { await harness.clock.advance(by: NetworkHarness.timeout) }
        return .gaveUp
      }
      let first = await group.next() ?? .gaveUp
      group.cancelAll()
      return first
    }
  }

  @Test("POST /orders dropped on a kept-alive connection: closed by the server, with its key")
  func postDroppedOnWarmConnection() async throws {
    var options = FixtureOptions()
    options.dropPaths = ["/orders"]
    try await withAPI(options) { harness in
      _ = try await harness.api.hotel(.en, .network)  // the connection the POST will reuse
      let order = try sampleOrder()
      let outcome = await Self.outcome(harness) { () async throws(APIError) in
        _ = try await harness.api.submitOrder(order, "key-9", .en)
      }
      #expect(outcome == .finished(.connectionFailed(harness.failure(.closedByServer))))
      let orders = harness.server.receivedRequests.filter { $0.path == "/orders" }
      #expect(orders.count >= 3)
      #expect(orders.allSatisfy { $0.header("Idempotency-Key") == "key-9" })
      #expect(harness.server.createdOrderCount == 0)
    }
  }

  @Test("An order whose answer is lost on a kept-alive connection is placed once")
  func answerLostOnWarmConnection() async throws {
    var options = FixtureOptions()
    options.script["/orders"] = [.handleThenDrop]
    try await withAPI(options) { harness in
      _ = try await harness.api.hotel(.en, .network)
      let order = try sampleOrder()
      let outcome = await Self.outcome(harness) { () async throws(APIError) in
        let confirmation = try await harness.api.submitOrder(order, "key-10", .en)
        #expect(confirmation.orderNumber == 104_893)
      }
      #expect(outcome == .finished(nil))
      #expect(harness.server.createdOrderCount == 1)
      let orders = harness.server.receivedRequests.filter { $0.path == "/orders" }
      #expect(orders.count == 2)
      #expect(orders.allSatisfy { $0.header("Idempotency-Key") == "key-10" })
    }
  }

  @Test("A POST without a key dropped on a kept-alive connection is not sent again")
  func postWithoutKeyNotRepeated() async throws {
    var options = FixtureOptions()
    options.dropPaths = ["/orders"]
    try await withAPI(options) { harness in
      _ = try await harness.api.hotel(.en, .network)
      let order = try sampleOrder()
      let outcome = await Self.outcome(harness) { () async throws(APIError) in
        _ = try await harness.api.submitOrder(order, "", .en)
      }
      #expect(outcome == .finished(.connectionFailed(harness.failure(.closedByServer))))
      #expect(harness.paths.filter { $0 == "/orders" }.count == 1)
    }
  }

  @Test(
    "Each transport failure names its cause",
    arguments: [
      (URLError.Code.cannotConnectToHost, false, ConnectionFailure.Cause.refused),
      (.cannotFindHost, false, .hostNotFound),
      (.dnsLookupFailed, false, .hostNotFound),
      (.badServerResponse, false, .closedByServer),
      (.networkConnectionLost, false, .closedByServer),
      (.networkConnectionLost, true, .answerCutShort),
      (.unknown, true, .answerCutShort),
      (.unknown, false, .other),
      (.notConnectedToInternet, false, .other),
    ])
  func causes(code: URLError.Code, answerBegun: Bool, cause: ConnectionFailure.Cause) throws {
    let url = try #require(URL(string: "https://api.example.com/hotel"))
    let error = SessionDelegate.apiError(for: URLError(code), url: url, answerBegun: answerBegun)
    #expect(
      error == .connectionFailed(ConnectionFailure(server: "api.example.com:443", cause: cause)))
  }

  @Test("Timeouts and cancellation keep their own errors")
  func timeoutAndCancel() {
    let url = URL(string: "http://127.0.0.1:8080/hotel")
    #expect(
      SessionDelegate.apiError(for: URLError(.timedOut), url: url, answerBegun: false) == .timeout)
    #expect(
      SessionDelegate.apiError(for: URLError(.cancelled), url: url, answerBegun: false)
        == .cancelled)
  }

  @Test("The server is named host:port, the scheme's port filled in, IPv6 in brackets")
  func serverNames() {
    let names = ["http://127.0.0.1:8080/x", "http://localhost/x", "http://[::1]:9/x"].map {
      SessionDelegate.failure(.refused, url: URL(string: $0)).server
    }
    #expect(names == ["127.0.0.1:8080", "localhost:80", "[::1]:9"])
  }
}

import Domain
import FixtureAPI
import Foundation
import TestSupport
import Testing
import UseCases

@testable import Networking

@Suite("Retries, backoff and idempotency")
struct RetryTests {
  private func backoffSleeps(_ harness: NetworkHarness) -> [Duration] {
    harness.clock.recordedSleeps.filter { $0 < NetworkHarness.holdFrom }
  }

  @Test("503 twice then 200: success, 3 requests, backoff 375 ms then 750 ms (jitter 0.5)")
  func unavailableTwice() async throws {
    var options = FixtureOptions()
    options.failFirst = 2
    try await withAPI(options) { harness in
      let rooms = try await harness.api.rooms(.en, .network).value
      #expect(rooms.count == 2)
      #expect(harness.paths == ["/rooms", "/rooms", "/rooms"])
      #expect(backoffSleeps(harness) == [.milliseconds(375), .milliseconds(750)])
    }
  }

  @Test("429 with Retry-After: the wait is the server's, then success")
  func retryAfter() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.status(429, retryAfter: "7")]
    try await withAPI(options) { harness in
      let hotel = try await harness.api.hotel(.en, .network).value
      #expect(hotel.id == 1)
      #expect(harness.paths.count == 2)
      #expect(harness.clock.recordedSleeps.contains(.seconds(7)))
      #expect(!backoffSleeps(harness).contains(.milliseconds(375)))
    }
  }

  @Test("A Retry-After beyond the limit is not waited for: httpStatus(429) at once")
  func retryAfterTooLong() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.status(429, retryAfter: "120")]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.hotel(.en, .network)
      }
      #expect(error == .httpStatus(429))
      #expect(harness.paths.count == 1)
    }
  }

  @Test(
    "429 with Retry-After as an RFC 850 or asctime date: the wait is the server's, not the backoff",
    arguments: ["Friday, 15-Jan-27 08:00:25 GMT", "Fri Jan 15 08:00:25 2027"])
  func retryAfterOlderDateForms(value: String) async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.status(429, retryAfter: value)]
    try await withAPI(options) { harness in
      let hotel = try await harness.api.hotel(.en, .network).value
      #expect(hotel.id == 1)
      #expect(harness.paths.count == 2)
      // The harness's `now` starts at 08:00:00 and adds a second per call.
      let sleeps = backoffSleeps(harness)
      #expect(sleeps.count == 1)
      #expect(sleeps.allSatisfy { $0 > .seconds(15) && $0 <= .seconds(25) })
    }
  }

  @Test("maxRetries 0 sends once")
  func noRetries() async throws {
    var options = FixtureOptions()
    options.failFirst = 1
    let once: (inout APIConfiguration) -> Void = { $0.maxRetries = 0 }
    try await withAPI(options, configure: once) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.hotel(.en, .network)
      }
      #expect(error == .httpStatus(503))
      #expect(harness.paths.count == 1)
    }
  }

  @Test("A POST whose answer is lost is retried with the same key, and one order exists")
  func postRetriedWithSameKey() async throws {
    var options = FixtureOptions()
    options.script["/orders"] = [.handleThenDrop, .status(503)]
    try await withAPI(options) { harness in
      let confirmation = try await harness.api.submitOrder(try sampleOrder(), "key-7", .en)
      #expect(confirmation.orderNumber == 104_893)
      let requests = harness.server.receivedRequests
      #expect(requests.count == 3)
      #expect(
        requests.allSatisfy { $0.method == "POST" && $0.header("Idempotency-Key") == "key-7" })
      #expect(harness.server.createdOrderCount == 1)
    }
  }

  @Test("A POST without a key is never repeated", arguments: ["", "   "])
  func postWithoutKey(key: String) async throws {
    var options = FixtureOptions()
    options.script["/orders"] = [.status(503)]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.submitOrder(try sampleOrderOrFail(), key, .en)
      }
      #expect(error == .httpStatus(503))
      #expect(harness.paths == ["/orders"])
    }
  }

  @Test("The server refuses an order without a key: refused(400) with its message")
  func serverRefusesEmptyKey() async throws {
    try await withAPI { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.submitOrder(try sampleOrderOrFail(), "", .en)
      }
      #expect(error == .refused(status: 400, message: "the Idempotency-Key header is required"))
      #expect(harness.server.createdOrderCount == 0)
    }
  }

  @Test("Submitting again with the same key returns the same order number")
  func resubmitSameKey() async throws {
    try await withAPI { harness in
      let order = try sampleOrder()
      let first = try await harness.api.submitOrder(order, "same", .en)
      let second = try await harness.api.submitOrder(order, "same", .en)
      let other = try await harness.api.submitOrder(order, "other", .en)
      #expect(first == second)
      #expect(other.orderNumber == first.orderNumber + 1)
      #expect(harness.server.createdOrderCount == 2)
    }
  }

  @Test(
    "Backoff doubles, is capped, and jitter spans half to all of it",
    arguments: [
      (1, 0.0, Duration.milliseconds(250)), (1, 0.999_999, .milliseconds(500)),
      (2, 0.5, .milliseconds(750)), (3, 0.0, .seconds(1)), (10, 0.0, .seconds(4)),
      (10, 1.0, .seconds(8)),
    ])
  func backoff(retry: Int, random: Double, expected: Duration) {
    let policy = RetryPolicy(
      maxRetries: 2, backoffBase: .milliseconds(500), backoffCap: .seconds(8),
      maxRetryAfter: .seconds(30))
    let delay = policy.backoff(retry: retry, random: random)
    #expect(abs((delay - expected) / .milliseconds(1)) < 1)
  }

  @Test(
    "Retry-After as seconds or an HTTP date; unreadable values are ignored",
    arguments: [
      ("3", Duration?.some(.seconds(3))), ("0", .seconds(0)),
      ("Fri, 15 Jan 2027 10:00:30 GMT", .seconds(30)), ("soon", nil), ("", nil), ("-5", nil),
      // RFC 850 and asctime, which RFC 9110 section 5.6.7 says a recipient must accept too.
      ("Friday, 15-Jan-27 10:00:30 GMT", .seconds(30)), ("Fri Jan 15 10:00:30 2027", .seconds(30)),
      ("Sun Jan 17 10:00:00 2027", .seconds(86_400)),
      ("Sat Jan  2 10:00:00 2027", .seconds(0)), ("Friday, 15-Jan-27 10:00:00 GMT", .seconds(0)),
      // A two-digit year more than 50 years ahead is the previous century's: 1978, long past.
      ("Sunday, 15-Jan-78 10:00:30 GMT", .seconds(0)),
      // 2077 is exactly 50 years ahead, so still this century: capped at a day.
      ("Friday, 15-Jan-77 10:00:30 GMT", .seconds(86_400)),
      // Far ahead in the four-digit forms: capped at a day, no overflow.
      ("Fri, 15 Jan 9999 10:00:30 GMT", .seconds(86_400)),
      ("Fri Jan 15 10:00:30 9999", .seconds(86_400)),
      // Not dates: out of range, wrong names or zone, hostile numbers.
      ("Friday, 30-Feb-27 10:00:30 GMT", nil), ("Fri Jan 15 24:00:00 2027", nil),
      ("Fri Jan 15 10:61:00 2027", nil), ("Fri Foo 15 10:00:30 2027", nil),
      ("Fri, 15 Jan 2027 10:00:30 PST", nil), ("Friday, 15-Jan-2027 10:00:30 GMT", nil),
      ("Fri Jan 99999999999999999999 10:00:30 2027", nil),
      ("Fri, 15 Jan 99999999999999999999 10:00:30 GMT", nil),
      ("Friday, 15-Jan-27 10:00:30:99999999999999999999 GMT", nil),
      ("Fri Jan 1\u{0665} 10:00:30 2027", nil),
    ])
  func retryAfterParsing(value: String, expected: Duration?) {
    let now = Date(timeIntervalSince1970: 1_800_007_200)  // Fri, 15 Jan 2027 10:00:00 GMT
    #expect(RetryPolicy.retryAfter(value, now: now) == expected)
  }
}

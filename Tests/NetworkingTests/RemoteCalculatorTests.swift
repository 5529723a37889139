import Domain
import FixtureAPI
import Foundation
import TestSupport
import Testing
import UseCases

@testable import Networking

@Suite("The live RemoteCalculator against the fixture")
struct RemoteCalculatorTests {
  static func request(
    _ code: String, url: String = "/booking/discount"
  )
    -> RemoteCalculationRequest
  {
    RemoteCalculationRequest(
      path: "price.discount", url: url,
      inputs: [
        "extras.promoCode": code.isEmpty ? .empty : .text(code), "price.tour": .number(289_400),
      ])
  }

  static func outcome(
    _ calculator: RemoteCalculator, _ request: RemoteCalculationRequest, _ language: Language = .en
  ) async -> Result<FormValue, RemoteCalculationError> {
    do throws(RemoteCalculationError) {
      return .success(try await calculator.calculate(request, language))
    } catch {
      return .failure(error)
    }
  }

  @Test("SUMMER10 takes 10% off the tour; an empty code nothing")
  func validCodes() async throws {
    try await withAPI { harness in
      let calculator = RemoteCalculator.live(client: harness.client)
      #expect(
        await Self.outcome(calculator, Self.request("SUMMER10")) == .success(.number(-28_940)))
      #expect(await Self.outcome(calculator, Self.request("")) == .success(.number(0)))
      let sent = try #require(harness.server.receivedRequests.first)
      #expect(sent.method == "POST")
      #expect(sent.path == "/booking/discount")
      #expect(sent.header("Content-Type") == "application/json")
    }
  }

  @Test(
    "An unknown code is refused with the server's message, in the asked language, naming its field")
  func refusal() async throws {
    try await withAPI { harness in
      let calculator = RemoteCalculator.live(client: harness.client)
      #expect(
        await Self.outcome(calculator, Self.request("WINTER"))
          == .failure(.refused("This promo code is not valid", field: "extras.promoCode")))
      #expect(
        await Self.outcome(calculator, Self.request("WINTER"), .ru)
          == .failure(.refused("Этот промокод недействителен", field: "extras.promoCode")))
    }
  }

  /// The backoff waits of `harness`'s clock (its deadlines, held until advanced, left out).
  static func backoffSleeps(_ harness: NetworkHarness) -> [Duration] {
    harness.clock.recordedSleeps.filter { $0 < NetworkHarness.holdFrom }
  }

  /// A calculation has no side effect: a 503 and a dropped connection are tried again as a GET's
  /// are, so the promo code gets past `hotel serve --fail-first 1`.
  @Test("A 503 then a dropped connection: tried again with backoff, then the value")
  func triedAgainLikeAGet() async throws {
    var options = FixtureOptions()
    options.script["/booking/discount"] = [.status(503, retryAfter: nil), .drop]
    try await withAPI(options) { harness in
      let calculator = RemoteCalculator.live(client: harness.client)
      #expect(
        await Self.outcome(calculator, Self.request("SUMMER10")) == .success(.number(-28_940)))
      #expect(harness.paths == ["/booking/discount", "/booking/discount", "/booking/discount"])
      #expect(Self.backoffSleeps(harness) == [.milliseconds(375), .milliseconds(750)])
      #expect(
        harness.server.receivedRequests.allSatisfy {
          $0.method == "POST" && $0.header("Content-Type") == "application/json"
        })
    }
  }

  @Test("A 429 with Retry-After: the server's wait, then the value")
  func retryAfterHonoured() async throws {
    var options = FixtureOptions()
    options.script["/booking/discount"] = [.status(429, retryAfter: "7")]
    try await withAPI(options) { harness in
      let calculator = RemoteCalculator.live(client: harness.client)
      #expect(
        await Self.outcome(calculator, Self.request("SUMMER10")) == .success(.number(-28_940)))
      #expect(harness.paths.count == 2)
      #expect(Self.backoffSleeps(harness) == [.seconds(7)])
    }
  }

  /// The last edit wins however many tries an older request takes: an answer that lands after
  /// its retry (a 429's `Retry-After`, held on the test clock) is dropped once a later edit's
  /// answer was shown.
  @Test("A retried answer to an older edit is dropped: the last edit wins")
  func aRetriedStaleAnswerIsDropped() async throws {
    var options = FixtureOptions()
    options.script["/booking/discount"] = [.status(429, retryAfter: "100")]
    let patient: (inout APIConfiguration) -> Void = { $0.maxRetryAfter = .seconds(200) }
    try await withAPI(options, configure: patient) { harness in
      let coordinator = RemoteFieldCoordinator(
        calculator: .live(client: harness.client), clock: harness.clock, language: .en)
      let older = Task {
        await coordinator.calculate(Self.request("SUMMER10"), debounced: false)
      }
      // The older edit's request was answered 429 and waits 100 s (held) before trying again.
      let deadline = ContinuousClock.now.advanced(by: .seconds(30))
      while !harness.clock.recordedSleeps.contains(.seconds(100)),
        ContinuousClock.now < deadline
      {
        await Task.yield()
      }
      #expect(harness.clock.recordedSleeps.contains(.seconds(100)), "the 429 was waited for")
      let later = await coordinator.calculate(Self.request("WINTER"), debounced: false)
      #expect(
        later == .failure(.refused("This promo code is not valid", field: "extras.promoCode")))
      await harness.clock.advance(by: .seconds(100))
      #expect(await older.value == .superseded, "the retried answer (-28 940) is dropped")
      #expect(harness.paths.count == 3, "the older request was tried again")
    }
  }

  /// A calculation address the server does not have is the same `404` as any other request's,
  /// naming the address asked for: one shape for one fact (never `httpStatus(404)`).
  @Test func aCalculationAtAnAddressTheServerHasNotIsNotFoundNamingIt() async throws {
    var options = FixtureOptions()
    options.script["/booking/discount"] = [.refusal(404, body: "<html>missing</html>")]
    try await withAPI(options) { harness in
      let calculator = RemoteCalculator.live(client: harness.client)
      let outcome = await Self.outcome(calculator, Self.request("SUMMER10"))
      guard case .failure(.failed(.notFound(let url?))) = outcome else {
        Issue.record("not a 404 naming its address: \(outcome)")
        return
      }
      #expect(url.hasSuffix("/booking/discount"), "\(url)")
      #expect(harness.paths.count == 1, "a 4xx is the server's answer: not tried again")
    }
  }

  @Test("Still failing after 2 retries: a failure with a retry; a refusal is not tried again")
  func failures() async throws {
    var options = FixtureOptions()
    options.script["/booking/discount"] = [
      .status(503, retryAfter: nil), .status(503, retryAfter: nil), .status(503, retryAfter: nil),
    ]
    try await withAPI(options) { harness in
      let calculator = RemoteCalculator.live(client: harness.client)
      #expect(
        await Self.outcome(calculator, Self.request("SUMMER10"))
          == .failure(.failed(.httpStatus(503))))
      #expect(harness.paths.count == 3, "sent once and tried again twice")
      #expect(
        await Self.outcome(calculator, Self.request("WINTER"))
          == .failure(.refused("This promo code is not valid", field: "extras.promoCode")))
      #expect(harness.paths.count == 4, "a 4xx is the server's answer: not tried again")
    }
  }

  /// An answer whose `value` is of a kind the contract does not have, or a number no `Double`
  /// holds, is said as what it is.
  @Test(arguments: [
    ("[1, 2]", DecodingProblem.wrongType(path: "value", expected: .scalar)),
    ("{\"a\": 1}", .wrongType(path: "value", expected: .scalar)),
    ("1e400", .outOfRange(path: "value", value: "1e400")),
    ("-1e400", .outOfRange(path: "value", value: "-1e400")),
    ("1.5e-400", .outOfRange(path: "value", value: "1.5e-400")),
  ])
  func aValueOfTheWrongKindIsSaidAsSuch(value: String, problem: DecodingProblem) async throws {
    var options = FixtureOptions()
    options.script["/booking/discount"] = [
      .content(type: "application/json", body: "{\"value\": \(value)}")
    ]
    try await withAPI(options) { harness in
      let calculator = RemoteCalculator.live(client: harness.client)
      #expect(
        await Self.outcome(calculator, Self.request("SUMMER10"))
          == .failure(.failed(.undecodable(problem))))
    }
    #expect(
      problem.description
        == (value.hasPrefix("[") || value.hasPrefix("{")
          ? "value is not a number, text, true or false, or null"
          : "the number \(value) at value is out of range"))
  }

  /// The kinds the contract has still decode: a string that reads as a number stays a text.
  @Test(arguments: [
    ("-28940", FormValue.number(-28_940)), ("\"12\"", .text("12")), ("true", .bool(true)),
    ("null", .empty), ("0.5", .number(0.5)),
  ])
  func everyKindOfTheContractDecodes(value: String, expected: FormValue) async throws {
    var options = FixtureOptions()
    options.script["/booking/discount"] = [
      .content(type: "application/json", body: "{\"value\": \(value)}")
    ]
    try await withAPI(options) { harness in
      let calculator = RemoteCalculator.live(client: harness.client)
      #expect(await Self.outcome(calculator, Self.request("SUMMER10")) == .success(expected))
    }
  }

  @Test(
    "action_url must stay on the API's origin",
    arguments: [
      "https://evil.example.com/booking/discount", "http://127.0.0.1:1/booking/discount",
      "ftp://127.0.0.1/x", "//evil.example.com/x", "",
    ])
  func otherOrigins(url: String) async throws {
    try await withAPI { harness in
      let calculator = RemoteCalculator.live(client: harness.client)
      #expect(
        await Self.outcome(calculator, Self.request("SUMMER10", url: url))
          == .failure(.failed(.insecureURL(url))))
      #expect(harness.server.receivedRequests.isEmpty, "nothing is sent")
    }
  }

  @Test("A relative action_url resolves against the base URL")
  func resolution() throws {
    let base = try #require(URL(string: "http://127.0.0.1:8080/api/"))
    #expect(
      try APIClient.resolve("calc/discount", against: base).absoluteString
        == "http://127.0.0.1:8080/api/calc/discount")
    #expect(
      try APIClient.resolve("/booking/discount", against: base).absoluteString
        == "http://127.0.0.1:8080/booking/discount")
    #expect(
      try APIClient.resolve("http://127.0.0.1:8080/x", against: base).absoluteString
        == "http://127.0.0.1:8080/x")
  }
}

import Domain
import TestSupport
import Testing
import UseCases

/// The debounce and the races of server calculations, driven by the test clock.
@Suite struct RemoteFieldCoordinatorTests {
  let clock = TestClock()
  let server = ControlledCalculator()

  func coordinator() -> RemoteFieldCoordinator {
    RemoteFieldCoordinator(calculator: server.calculator, clock: clock, language: .en)
  }

  static func request(
    _ code: String, path: FieldPath = "price.discount"
  )
    -> RemoteCalculationRequest
  {
    RemoteCalculationRequest(
      path: path, url: "/booking/discount",
      inputs: ["extras.promoCode": .text(code), "price.tour": .number(289_400)])
  }

  @Test func aRequestStarts300MillisecondsAfterTheLastEdit() async {
    let coordinator = coordinator()
    let first = Task { await coordinator.calculate(Self.request("S")) }
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .milliseconds(200))
    let second = Task { await coordinator.calculate(Self.request("SUMMER10")) }
    #expect(await clock.waitForSleepers(2))
    await clock.advance(by: .milliseconds(100))
    #expect(await first.value == .superseded, "overtaken during its debounce")
    #expect(server.requests.isEmpty, "nothing is sent for an edit that was followed by another")
    await clock.advance(by: .milliseconds(199))
    #expect(server.requests.isEmpty, "299 ms after the last edit")
    await clock.advance(by: .milliseconds(1))
    #expect(await server.waitForRequests(1))
    #expect(server.requests == [Self.request("SUMMER10")])
    server.answer("SUMMER10", with: .success(.number(-28_940)))
    #expect(await second.value == .value(.number(-28_940)))
    #expect(await coordinator.sentCount(for: "price.discount") == 1)
  }

  @Test func theLastEditWinsWhenAnswersArriveOutOfOrder() async {
    let coordinator = coordinator()
    let first = Task { await coordinator.calculate(Self.request("OLD"), debounced: false) }
    #expect(await server.waitForRequests(1))
    let second = Task { await coordinator.calculate(Self.request("SUMMER10"), debounced: false) }
    #expect(await server.waitForRequests(2))
    server.answer("SUMMER10", with: .success(.number(-28_940)))
    #expect(await second.value == .value(.number(-28_940)))
    server.answer("OLD", with: .failure(.refused("This promo code is not valid")))
    #expect(await first.value == .superseded, "the stale refusal is dropped")
  }

  @Test func aCancelledRequestInFlightIsDroppedWhenItAnswers() async {
    let coordinator = coordinator()
    let inFlight = Task { await coordinator.calculate(Self.request("SUMMER10")) }
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .milliseconds(300))
    #expect(await server.waitForRequests(1))
    await coordinator.cancel("price.discount")
    server.answer("SUMMER10", with: .success(.number(-28_940)))
    #expect(await inFlight.value == .superseded)
  }

  @Test func theLatestFailureIsReported() async {
    let coordinator = coordinator()
    let call = Task { await coordinator.calculate(Self.request("WINTER"), debounced: false) }
    #expect(await server.waitForRequests(1))
    server.answer("WINTER", with: .failure(.refused("This promo code is not valid")))
    #expect(await call.value == .failure(.refused("This promo code is not valid")))
    let retry = Task { await coordinator.calculate(Self.request("WINTER"), debounced: false) }
    #expect(await server.waitForRequests(2))
    server.answer("WINTER", with: .failure(.failed(.timeout)))
    #expect(await retry.value == .failure(.failed(.timeout)))
  }

  @Test func fieldsDoNotSupersedeEachOther() async {
    let coordinator = RemoteFieldCoordinator(
      calculator: .promoCodes, clock: clock, language: .en, debounce: .zero)
    async let one = coordinator.calculate(Self.request("SUMMER10", path: "price.discount"))
    async let two = coordinator.calculate(Self.request("", path: "other.discount"))
    #expect(await one == .value(.number(-28_940)))
    #expect(await two == .value(.number(0)))
  }
}

import Domain
import FixtureAPI
import Foundation
import Networking
import Presentation
import TestSupport
import Testing
import UseCases

extension EndToEnd {
  /// A promo code cleared while its calculation is in flight, over real HTTP and the real clock (a
  /// scripted replay cannot do it: every script command waits for quiescence, so no request is ever
  /// in flight when the next command starts).
  ///
  /// The live stack the app composes (the API client, the live calculator, the coordinator) talks
  /// to a fixture that answers the first discount request (SUMMER10: -28 940) a second late; the
  /// code is cleared meanwhile, and the last edit's total shows, before and after the stale answer
  /// lands.
  @MainActor @Suite struct FormRaceEndToEndTests {
    @Test func aCodeClearedWhileItsCalculationIsInFlightShowsTheLastEditsTotal() async throws {
      var options = FixtureOptions()
      options.script[FixtureExtras.discountPath] = [.delayed(.seconds(1))]
      let server = FixtureServer(options: options)
      let baseURL = try server.start()
      let dependencies = Dependencies.live(language: .en, today: Samples.today)
      let client = APIClient(
        configuration: try APIConfiguration(baseURL: baseURL, timeout: .seconds(5)),
        dependencies: dependencies, cache: .inMemory())
      let coordinator = AppCoordinator(
        api: .live(client: client), orders: .inMemory(), drafts: .inMemory(),
        dependencies: dependencies, calculator: .live(client: client))
      await coordinator.start(fresh: true)
      await coordinator.settle()
      try await coordinator.send(.tap("hotel.chooseRoom"))
      await coordinator.settle()
      try await coordinator.send(.tap("rooms.room.2.choose"))
      await coordinator.settle()
      #expect(coordinator.snapshot.field("booking.price.total")?.value == "300 850 ₽")

      try await coordinator.send(.type("booking.extras.promoCode", "SUMMER10"))
      #expect(coordinator.snapshot.field("booking.price.total")?.isInProgress == true)
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: .seconds(10))
      while !server.receivedRequests.contains(where: { $0.path == FixtureExtras.discountPath }),
        clock.now < deadline
      {
        try await Task.sleep(for: .milliseconds(10))
      }
      #expect(
        server.receivedRequests.contains { $0.path == FixtureExtras.discountPath },
        "the calculation is in flight")

      try await coordinator.send(.type("booking.extras.promoCode", ""))
      #expect(coordinator.snapshot.field("booking.price.total")?.value == "300 850 ₽")
      #expect(coordinator.snapshot.field("booking.price.total")?.isInProgress == false)
      #expect(coordinator.snapshot.field("booking.price.discount") == nil)

      await coordinator.settle()
      #expect(
        coordinator.snapshot.field("booking.price.total")?.value == "300 850 ₽",
        "the stale answer landed and was dropped")
      #expect(coordinator.snapshot.field("booking.price.discount") == nil)
      await server.stop()
    }
  }
}

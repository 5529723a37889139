import Domain
import FixtureAPI
import Foundation
import Networking
import Persistence
import Presentation
import Testing
import UseCases

/// The live app as a host composes it: a URLSession client, file stores, the coordinator, in a
/// few lines, and one call that writes the draft and the cache before the process exits.
@MainActor @Suite struct LiveCompositionTests {
  @Test func composesTheLiveAppAndFlushesTheDraftAndTheCacheInOneCall() async throws {
    let fixture = FixtureServer()
    let baseURL = try fixture.start()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("host-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }

    let (first, stores) = try Self.compose(baseURL: baseURL, directory: directory)
    await first.start(fresh: true)  // without `fresh`, an unfinished booking is restored
    await first.settle()  // waits until every screen is idle
    let hotel = try #require(first.root?.hotel)
    hotel.perform(hotel.chooseRoomButton.action)
    await first.settle()
    #expect(first.path.map(\.kind) == [.rooms])
    try await first.flush()  // the draft and the cache, before the process exits
    stores.closeSession()  // another window or process may take the booking now
    await fixture.stop()

    // The next start, with the server gone: the draft and the cached answers were on disk.
    let (second, _) = try Self.compose(baseURL: baseURL, directory: directory)
    await second.start()
    await second.settle()
    #expect(second.path.map(\.kind) == [.rooms])
    let rooms = try #require(second.path.last?.rooms)
    #expect(rooms.status.notices.contains(.restoredDraft))
    #expect(rooms.status.notices.contains(.showingSavedData))
    #expect(rooms.cards.count == 2)
    #expect(second.root?.status.notices == [.showingSavedData])
  }

  /// What a host writes: the stores over a data directory (its session opened), the live API,
  /// the coordinator.
  static func compose(
    baseURL: URL, directory: String
  ) throws -> (AppCoordinator, LocalStores) {
    let dependencies = Dependencies.live(language: .en)
    // What a store met and got past (a corrupt file moved aside), in the user's words.
    let strings = Localizer(language: dependencies.language)
    let stores = LocalStores(
      directory: DataDirectory(path: directory), clock: dependencies.clock,
      report: { print(strings.storeReport($0)) })
    // The directory made, and its session lock taken: `.heldElsewhere` when another window or
    // process holds the booking (then `start(draftHeldElsewhere: true)`).
    let session: SessionLock.Outcome = try stores.openSession()
    #expect(session == .acquired)
    let server = try LiveServer(baseURL: baseURL, dependencies: dependencies, cache: stores.cache)
    let coordinator = AppCoordinator(
      api: server.api, orders: stores.orders, drafts: stores.drafts, cache: stores.cache,
      dependencies: dependencies, calculator: server.calculator)
    return (coordinator, stores)
  }
}

import Domain
import Foundation
import Persistence
import Presentation
import Testing
import UseCases

/// Two windows (two iPad scenes, or two flows of a server) over one data directory, composed
/// through the public API: the second is told that the first holds the booking and never
/// overwrites it (SPEC section 5.4), without the host knowing the lock's file or its rules.
@MainActor @Suite struct HostSessionTests {
  let api = HostAPI()
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("host-session-\(UUID().uuidString)").path

  /// One window: the file stores over the directory, its session opened, a coordinator.
  func window() throws -> (AppCoordinator, LocalStores, SessionLock.Outcome) {
    let dependencies = Dependencies.live(language: .en)
    let stores = LocalStores(
      directory: DataDirectory(path: directory), clock: dependencies.clock,
      report: { Issue.record("a store reported \($0)") })
    let session = try stores.openSession()
    let coordinator = AppCoordinator(
      api: api.port, orders: stores.orders, drafts: stores.drafts, cache: stores.cache,
      dependencies: dependencies)
    return (coordinator, stores, session)
  }

  /// Opening the session makes the directory and takes its lock, and nothing more: `orders/` (made
  /// durably, with an fsync) is the first save's or `prepare()`'s, so a host (the `hotel` app is
  /// one) can make it off its start-up's path.
  @Test func openingTheSessionMakesTheDirectoryAndLeavesTheOrdersFolderToTheFirstSave() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (_, stores, session) = try window()
    #expect(session == .acquired)
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory))
    #expect(isDirectory.boolValue)
    let orders = directory + "/orders"
    #expect(!FileManager.default.fileExists(atPath: orders))
    try stores.prepare()
    #expect(FileManager.default.fileExists(atPath: orders))
    stores.closeSession()
  }

  @Test func aSecondWindowIsToldAndDoesNotOverwriteTheFirstWindowsBooking() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (first, firstStores, firstSession) = try window()
    #expect(firstSession == .acquired)
    await first.start(fresh: true)
    await first.settle()
    first.perform(.showRooms)
    await first.settle()
    try await first.flush()

    // The second window: told, and its changes are not saved.
    let (second, secondStores, secondSession) = try window()
    #expect(secondSession == .heldElsewhere)
    await second.start(draftHeldElsewhere: secondSession == .heldElsewhere)
    await second.settle()
    #expect(second.path.map(\.kind) == [.rooms], "it shows the first window's booking")
    #expect(second.current?.status.notices.contains(.draftHeldElsewhere) == true)
    #expect(
      second.strings.notice(.draftHeldElsewhere)
        == "Another session holds this booking: changes here are not saved")
    second.path = []
    await second.settle()
    try await second.flush()
    secondStores.closeSession()

    // The first window's booking is on disk as it left it.
    #expect(try await firstStores.drafts.load()?.stack == [.hotel, .rooms])
    firstStores.closeSession()
    let (third, _, thirdSession) = try window()
    #expect(thirdSession == .acquired, "a closed session gives the directory back")
    await third.start()
    await third.settle()
    #expect(third.path.map(\.kind) == [.rooms])
  }

  @Test func aClosedSessionNoLongerWritesTheDraft() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (first, stores, _) = try window()
    await first.start(fresh: true)
    await first.settle()
    first.perform(.showRooms)
    try await first.flush()
    stores.closeSession()
    first.path = []
    try await first.flush()
    #expect(try await stores.drafts.load()?.stack == [.hotel, .rooms])
  }
}

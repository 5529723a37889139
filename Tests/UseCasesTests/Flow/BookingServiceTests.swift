import Domain
import Foundation
import TestSupport
import Testing
import UseCases

@Suite struct BookingServiceTests {
  let clock = TestClock()
  let server: InMemoryBookingAPI
  let orders = OrderStore.inMemory()
  let drafts = DraftStore.inMemory()
  let service: BookingService

  init() {
    server = InMemoryBookingAPI(clock: clock)
    service = BookingService(
      api: server.api, orders: orders, drafts: drafts, dependencies: .test(clock: clock))
  }

  // MARK: - Loading

  @Test func loadsTheHotelFromTheNetwork() async throws {
    let hotel = try await service.loadHotel()
    #expect(hotel == Loaded(Samples.hotel(), origin: .network))
    #expect(!hotel.isFromCache)
    #expect(hotel.savedAt == nil)
  }

  @Test(arguments: [APIError.noConnection, .timeout, .httpStatus(503), .httpStatus(429)])
  func fallsBackToTheCacheWhenTheServerCannotBeReached(error: APIError) async throws {
    server.seedCache()
    server.fail(.hotel, with: error)
    let hotel = try await service.loadHotel()
    #expect(hotel == Loaded(Samples.hotel(), origin: .cache(savedAt: Samples.now)))
    #expect(hotel.isFromCache)
    #expect(server.calls(to: .hotel).map(\.policy) == [.network, .cacheOnly])
  }

  @Test func throwsTheNetworkErrorWhenNothingIsCached() async {
    server.fail(.hotel, with: .timeout)
    await #expect(throws: APIError.timeout) { try await service.loadHotel() }
  }

  @Test(arguments: [
    APIError.notFound(url: nil), .undecodable(.wrongType(path: "rating", expected: .wholeNumber)),
    .wrongContentType("text/html"), .tooLarge(limit: 5_242_880),
  ])
  func doesNotHideABadAnswerBehindTheCache(error: APIError) async {
    server.seedCache()
    server.fail(.booking, with: error)
    await #expect(throws: error) { try await service.loadOffer(roomID: 2) }
    #expect(server.calls(to: .booking).map(\.policy) == [.network])
  }

  @Test func cachedValuesNeverTouchTheNetwork() async {
    #expect(await service.cachedHotel() == nil)
    server.seedCache()
    #expect(await service.cachedHotel()?.isFromCache == true)
    #expect(await service.cachedRooms()?.value == Samples.rooms())
    #expect(await service.cachedOffer(roomID: 1)?.value == Samples.offer(roomID: 1))
    #expect(server.calls.allSatisfy { $0.policy == .cacheOnly })
  }

  @Test func asksForContentInTheInjectedLanguage() async throws {
    let russian = BookingService(
      api: server.api, orders: orders, drafts: drafts, dependencies: .test(language: .ru))
    let offer = try await russian.loadOffer(roomID: 2)
    #expect(offer.value.room == "Люкс номер с видом на море")
    #expect(server.calls.map(\.language) == [.ru])
  }

  @Test func formSchemaIsNilOnNotFoundAndTheCacheServesWhenOffline() async throws {
    #expect(try await service.loadFormSchema() == nil)
    server.setFormSchema(FormSchema(version: 1))
    #expect(try await service.loadFormSchema() == FormSchema(version: 1))
    server.fail(.bookingForm, with: .httpStatus(500))
    #expect(try await service.loadFormSchema() == FormSchema(version: 1), "the cached copy")
  }

  @Test func aRefusedSchemaIsReportedNotDropped() async {
    server.fail(.bookingForm, with: .undecodable(.missingKey(path: "sections[0].id")))
    await #expect(throws: APIError.undecodable(.missingKey(path: "sections[0].id"))) {
      try await service.loadFormSchema()
    }
  }

  // MARK: - Prefetch

  @Test func prefetchedRoomsAreUsedWithoutASecondRequest() async throws {
    service.prefetchRooms()
    service.prefetchRooms()
    await service.settle()
    #expect(server.networkCalls(to: .rooms).count == 1)
    let rooms = try await service.loadRooms()
    #expect(rooms.value == Samples.rooms())
    #expect(server.networkCalls(to: .rooms).count == 1)
    _ = try await service.loadRooms()
    #expect(server.networkCalls(to: .rooms).count == 2)
  }

  @Test func loadingRoomsWaitsForASlowPrefetchInFlight() async throws {
    server.setLatency(.seconds(1), for: .rooms)
    service.prefetchRooms()
    let load = Task { try await service.loadRooms() }
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .seconds(1))
    #expect(try await load.value.value.count == 2)
    #expect(server.networkCalls(to: .rooms).count == 1)
  }

  @Test func aFailedPrefetchIsRetriedWhenRoomsAreNeeded() async throws {
    server.fail(.rooms, times: 1)
    service.prefetchRooms()
    await service.settle()
    let rooms = try await service.loadRooms()
    #expect(rooms.origin == .network)
    #expect(server.networkCalls(to: .rooms).count == 2)
  }

  @Test func aFailedPrefetchDoesNotStopTheNextOne() async throws {
    server.fail(.rooms, times: 1)
    service.prefetchRooms()
    await service.settle()
    service.prefetchRooms()
    await service.settle()
    #expect(server.networkCalls(to: .rooms).count == 2, "the second prefetch loads again")
    let rooms = try await service.loadRooms()
    #expect(rooms.value == Samples.rooms())
    #expect(server.networkCalls(to: .rooms).count == 2, "the second prefetch is used")
  }

  // MARK: - The restart's loads, started during Pay

  @Test func theHotelAndRoomsLoadedForTheRestartAreUsedOnceWithoutNewRequests() async throws {
    service.prefetchForRestart()
    service.prefetchForRestart()
    await service.settle()
    #expect(server.networkCalls(to: .hotel).count == 1)
    #expect(server.networkCalls(to: .rooms).count == 1)
    #expect(try await service.loadHotel() == Loaded(Samples.hotel(), origin: .network))
    #expect(try await service.loadRooms().value == Samples.rooms())
    #expect(server.networkCalls(to: .hotel).count == 1)
    #expect(server.networkCalls(to: .rooms).count == 1)
    _ = try await service.loadHotel()
    #expect(server.networkCalls(to: .hotel).count == 2, "the answer is used once")
  }

  @Test func aHotelRevalidationInFlightIsWaitedFor() async throws {
    server.setLatency(.seconds(1), for: .hotel)
    service.prefetchForRestart()
    let load = Task { try await service.loadHotel() }
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .seconds(1))
    #expect(try await load.value.origin == .network)
    #expect(server.networkCalls(to: .hotel).count == 1)
  }

  @Test func aHotelRevalidatedTooLongAgoIsLoadedAgain() async throws {
    service.prefetchForRestart()
    await service.settle()
    await clock.advance(by: BookingService.hotelRevalidationMaxAge + .seconds(1))
    _ = try await service.loadHotel()
    #expect(server.networkCalls(to: .hotel).count == 2)
  }

  @Test func aStaleRevalidationIsStartedAgainButAFreshOneIsNot() async throws {
    service.prefetchForRestart()
    await service.settle()
    await clock.advance(by: BookingService.hotelRevalidationMaxAge)
    service.prefetchForRestart()
    await service.settle()
    #expect(server.networkCalls(to: .hotel).count == 1, "still fresh")
    await clock.advance(by: .seconds(1))
    service.prefetchForRestart()
    await service.settle()
    #expect(server.networkCalls(to: .hotel).count == 2)
    #expect(server.networkCalls(to: .rooms).count == 1, "the rooms prefetch waits to be used")
  }

  @Test func anOfflineRevalidationAnswersWithTheCachedHotel() async throws {
    server.seedCache()
    server.fail(.hotel, with: .noConnection)
    service.prefetchForRestart()
    await service.settle()
    let hotel = try await service.loadHotel()
    #expect(hotel.isFromCache)
    #expect(server.calls(to: .hotel).map(\.policy) == [.network, .cacheOnly])
  }

  // MARK: - Orders

  @Test func eachNewOrderGetsANewKey() throws {
    let request = try Self.request()
    let first = service.pendingOrder(for: request)
    #expect(
      first
        == PendingOrder(idempotencyKey: UUID.counting(1).uuidString.lowercased(), request: request))
    #expect(
      service.pendingOrder(for: request).idempotencyKey == UUID.counting(2).uuidString.lowercased())
  }

  /// Which failures of `POST /orders` leave its outcome unknown (ask again with the same key
  /// and order) and which are the server's refusal (the order was not made).
  @Test(arguments: [
    (APIError.timeout, true), (.noConnection, true),
    (.connectionFailed(ConnectionFailure(server: "h:1", cause: .closedByServer)), true),
    (.connectionFailed(ConnectionFailure(server: "h:1", cause: .refused)), true),
    (.httpStatus(503), true), (.undecodable(.invalidValue(path: nil)), true),
    (.emptyAnswer(status: 201), true), (.cancelled, true),
    (.refused(status: 422, message: "Sold out"), false), (.httpStatus(409), false),
    (.notFound(url: nil), false), (.redirected(status: 302, location: nil), false),
    (.insecureURL("http://x"), false),
  ])
  func aFailureLeavesTheOutcomeUnknownUnlessTheServerRefused(error: APIError, unknown: Bool) {
    #expect(error.leavesOutcomeUnknown == unknown)
  }

  @Test func submittingSavesTheAcceptedOrder() async throws {
    let request = try Self.request()
    let order = try await service.submitOrder(
      PendingOrder(idempotencyKey: "key-1", request: request))
    #expect(
      order
        == Order(number: 104_893, idempotencyKey: "key-1", placedAt: Samples.now, request: request))
    #expect(try await orders.all() == [order])
    #expect(server.idempotencyKeys == ["key-1"])
  }

  @Test func aRetryWithTheSameKeyAfterALostAnswerCreatesOneOrder() async throws {
    server.loseOrderResponses(times: 1)
    let request = try Self.request()
    await #expect(throws: OrderSubmissionError.api(.timeout)) {
      try await service.submitOrder(PendingOrder(idempotencyKey: "key-1", request: request))
    }
    let order = try await service.submitOrder(
      PendingOrder(idempotencyKey: "key-1", request: request))
    #expect(order.number == 104_893)
    #expect(server.acceptedOrders.count == 1)
    #expect(server.idempotencyKeys == ["key-1", "key-1"])
    #expect(try await orders.all().map(\.number) == [104_893])
  }

  @Test func anOrderThatCannotBeSavedLocallyIsStillReportedWithItsNumber() async throws {
    let broken = StoreError.io(
      operation: "fsync", path: "/data/orders",
      cause: .other(code: 5, description: "Input/output error"))
    let service = BookingService(
      api: server.api, orders: .throwing(broken), drafts: drafts, dependencies: .test())
    let request = try Self.request()
    let expected = Order(
      number: 104_893, idempotencyKey: "k", placedAt: Samples.now, request: request)
    await #expect(throws: OrderSubmissionError.notSaved(expected, broken)) {
      try await service.submitOrder(PendingOrder(idempotencyKey: "k", request: request))
    }
  }

  // MARK: - Draft

  @Test func draftWritesLandInOrderAndTheNewestWins() async throws {
    for count in 1...5 {
      service.saveDraft(BookingDraft(stack: [.hotel, .rooms], touristCount: count))
    }
    await service.settle()
    #expect(try await drafts.load() == BookingDraft(stack: [.hotel, .rooms], touristCount: 5))
    service.saveDraft(BookingDraft(stack: [.hotel]))
    service.clearDraft()
    #expect(try await service.restoreDraft() == nil)
  }

  @Test func aFailingDraftStoreIsReportedNotFatal() async throws {
    let broken = StoreError.directoryUnavailable(
      path: "/ro", reason: .systemCall(operation: "mkdir", path: "/ro", cause: .readOnlyFileSystem))
    let service = BookingService(
      api: server.api, orders: orders, drafts: .throwing(broken), dependencies: .test())
    service.saveDraft(BookingDraft(stack: [.hotel]))
    await service.settle()
    #expect(service.lastDraftError == broken)
    await #expect(throws: broken) { try await service.restoreDraft() }
    await #expect(throws: broken) { try await service.flushDraft() }
  }

  // MARK: - Helpers

  static func request() throws -> OrderRequest {
    do {
      let tourist = Tourist(
        firstName: try PersonName("Ivan"), lastName: try PersonName("Petrov"),
        birthDate: Samples.date(1985, 3, 15), citizenship: "Russia",
        passportNumber: try PassportNumber("4510123456"), passportExpiry: Samples.date(2030, 1, 1))
      return OrderRequest(
        offer: Samples.offer(roomID: 2),
        buyer: Buyer(
          phone: try PhoneNumber("9161234567"), email: try EmailAddress("ivan@example.com")),
        tourists: [tourist])
    }
  }
}

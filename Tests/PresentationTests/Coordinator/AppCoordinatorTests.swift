import Domain
import Foundation
import Presentation
import TestSupport
import Testing
import UseCases

@MainActor @Suite struct AppCoordinatorTests {
  let flow = FlowHarness()

  func payValidBooking(_ flow: FlowHarness) async throws {
    try await flow.openBooking()
    try await flow.fillValidForm()
    try await flow.tap("booking.pay")
  }

  // MARK: - Stack

  @Test func theStackFollowsTheFlow() async throws {
    await flow.start()
    #expect(flow.coordinator.stack.map(\.kind) == [.hotel])
    try await flow.tap("hotel.chooseRoom")
    try await flow.tap("rooms.room.1.choose")
    #expect(flow.coordinator.stack.map(\.kind) == [.hotel, .rooms, .booking])
    try await flow.send(.back)
    try await flow.send(.back)
    #expect(flow.coordinator.stack.map(\.kind) == [.hotel])
    #expect(flow.snapshot == HotelScreenTests.expectedHotel())
  }

  @Test func thePathIsTheStackAboveHotelAndPoppingItIsBack() async throws {
    try await flow.openBooking()
    let coordinator = flow.coordinator
    #expect(coordinator.root?.kind == .hotel)
    #expect(coordinator.path.map(\.kind) == [.rooms, .booking])
    #expect(coordinator.path.map(\.id) == coordinator.stack.dropFirst().map(\.id))
    #expect(Set(coordinator.path).count == 2, "screens are Hashable by their view models")
    let rooms = coordinator.path[0]
    coordinator.path = [rooms, rooms]
    #expect(coordinator.path.map(\.kind) == [.rooms, .booking], "only the coordinator pushes")
    coordinator.path = []
    #expect(coordinator.path.isEmpty, "popped two screens, Booking then Rooms")
    #expect(!coordinator.canGoBack)
    #expect(throws: ActionError.cannotGoBack(.hotel)) { try coordinator.back() }
  }

  @Test func eachScreenGivesItsOwnViewModelAndNilForTheOthers() async throws {
    try await payValidBooking(flow)
    let stack = flow.coordinator.stack
    #expect(stack.map(\.kind) == [.hotel, .rooms, .booking, .paid])
    #expect(stack.map { $0.hotel != nil } == [true, false, false, false])
    #expect(stack.map { $0.rooms != nil } == [false, true, false, false])
    #expect(stack.map { $0.booking != nil } == [false, false, true, false])
    #expect(stack.map { $0.paid != nil } == [false, false, false, true])
    #expect(stack[2].booking.map(ObjectIdentifier.init) == stack[2].id)
    #expect(flow.coordinator.root?.hotel.map(ObjectIdentifier.init) == stack[0].id)
  }

  @Test func noBackWhileAnOrderIsSubmitted() async throws {
    try await flow.openBooking()
    try await flow.fillValidForm()
    flow.server.setLatency(.seconds(1), for: .submitOrder)
    try await flow.coordinator.send(.tap("booking.pay"))
    #expect(flow.booking?.status.isSubmitting == true)
    #expect(!flow.coordinator.canGoBack)
    flow.coordinator.path = [flow.coordinator.path[0]]
    #expect(flow.coordinator.path.map(\.kind) == [.rooms, .booking], "the pop is refused")
    #expect(throws: ActionError.paymentPending("back")) { try flow.coordinator.back() }
    #expect(!flow.coordinator.isIdle)
    await flow.advance(by: .seconds(1))
    await flow.coordinator.settle()
    #expect(flow.coordinator.isIdle)
    #expect(flow.coordinator.path.map(\.kind) == [.rooms, .booking, .paid])
  }

  // MARK: - Restart

  @Test func doneRestartsAtHotelClearsTheDraftAndTheNextOrderGetsANewKey() async throws {
    try await payValidBooking(flow)
    #expect(flow.snapshot.screen == .paid)
    #expect(try await flow.savedDraft() == nil, "a paid booking is finished: no draft")
    try await flow.tap("paid.done")
    #expect(flow.coordinator.stack.map(\.kind) == [.hotel])
    #expect(flow.snapshot == HotelScreenTests.expectedHotel())
    #expect(try await flow.savedDraft() == nil)
    try await flow.tap("hotel.chooseRoom")
    try await flow.tap("rooms.room.2.choose")
    #expect(flow.value("booking.buyer.email") == "", "the restart starts a new form")
    try await flow.fillValidForm()
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.screen == .paid)
    let keys = flow.server.idempotencyKeys
    #expect(keys.count == 2)
    #expect(Set(keys).count == 2)
    #expect(flow.server.acceptedOrders.map(\.number) == [104_893, 104_894])
  }

  @Test func payLoadsTheRestartsHotelAndRoomsWithTheOrderSoDoneAsksNothing() async throws {
    try await flow.openBooking()
    try await flow.fillValidForm()
    let hotelCalls = flow.server.networkCalls(to: .hotel).count
    let roomsCalls = flow.server.networkCalls(to: .rooms).count
    flow.server.setLatency(.seconds(1))
    try await flow.coordinator.send(.tap("booking.pay"))
    // POST /orders, GET /hotel and GET /rooms are in flight together.
    await flow.advance(by: .seconds(1), sleepers: 3)
    await flow.coordinator.settle()
    #expect(flow.snapshot.screen == .paid)
    #expect(flow.server.networkCalls(to: .hotel).count == hotelCalls + 1)
    #expect(flow.server.networkCalls(to: .rooms).count == roomsCalls + 1)
    flow.server.setLatency(nil)
    let calls = flow.server.calls.count
    try await flow.coordinator.send(.tap("paid.done"))
    #expect(flow.snapshot == HotelScreenTests.expectedHotel(), "no loading state")
    await flow.coordinator.settle()
    #expect(flow.snapshot == HotelScreenTests.expectedHotel())
    try await flow.tap("hotel.chooseRoom")
    #expect(flow.snapshot.screen == .rooms)
    #expect(flow.server.calls.count == calls, "the restart used what Pay loaded")
  }

  @Test func aRestartLongAfterPayShowsTheHotelAtOnceAndRevalidatesBehindIt() async throws {
    try await payValidBooking(flow)
    await flow.clock.advance(by: BookingService.hotelRevalidationMaxAge + .seconds(1))
    flow.server.setLatency(.seconds(1), for: .hotel)
    let hotelCalls = flow.server.networkCalls(to: .hotel).count
    try await flow.coordinator.send(.tap("paid.done"))
    #expect(flow.snapshot == HotelScreenTests.expectedHotel(), "no loading state")
    await flow.advance(by: .seconds(1))
    await flow.coordinator.settle()
    #expect(flow.server.networkCalls(to: .hotel).count == hotelCalls + 1)
    #expect(flow.snapshot == HotelScreenTests.expectedHotel())
  }

  @Test func aRestartAfterAnOfflineRevalidationShowsTheSavedDataNotice() async throws {
    try await flow.openBooking()
    try await flow.fillValidForm()
    flow.server.fail(.hotel)
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.screen == .paid)
    try await flow.tap("paid.done")
    #expect(flow.snapshot == HotelScreenTests.expectedHotel(notice: "Showing saved data"))
  }

  @Test func aRestartOfflineLongAfterPayShowsTheSavedDataNotice() async throws {
    try await payValidBooking(flow)
    await flow.clock.advance(by: BookingService.hotelRevalidationMaxAge + .seconds(1))
    flow.server.fail(.hotel)
    try await flow.tap("paid.done")
    #expect(flow.snapshot == HotelScreenTests.expectedHotel(notice: "Showing saved data"))
  }

  // MARK: - Draft

  @Test func theDraftIsSavedOnEveryChange() async throws {
    try await flow.openBooking()
    #expect(
      try await flow.savedDraft()
        == BookingDraft(stack: [.hotel, .rooms, .booking(roomID: 2)], touristCount: 1))
    try await flow.type("booking.buyer.phone", "9161234567")
    try await flow.tap("booking.addTourist")
    #expect(
      try await flow.savedDraft()
        == BookingDraft(
          stack: [.hotel, .rooms, .booking(roomID: 2)],
          fields: ["buyer.phone": "+7 (916) 123-45-67"], touristCount: 2))
    try await flow.send(.back)
    #expect(try await flow.savedDraft()?.stack == [.hotel, .rooms])
    #expect(try await flow.savedDraft()?.fields == ["buyer.phone": "+7 (916) 123-45-67"])
  }

  @Test func theNextStartRestoresTheBookingInProgressWithANotice() async throws {
    let flow = FlowHarness(
      draft: BookingDraft(
        stack: [.hotel, .rooms, .booking(roomID: 2)],
        fields: ["buyer.email": "ivan@example", "tourist.2.firstName": "Anna"], touristCount: 2))
    await flow.start()
    #expect(flow.coordinator.stack.map(\.kind) == [.hotel, .rooms, .booking])
    #expect(flow.snapshot.notice == "Restored your unfinished booking")
    #expect(flow.value("booking.tourist.2.firstName") == "Anna")
    #expect(
      flow.error("booking.buyer.email") == "Enter a domain such as example.com after the @",
      "restored text shows its check")
    try await flow.send(.back)
    #expect(flow.snapshot.screen == .rooms)
    #expect(flow.snapshot.blocks.count == 2, "the screens below were loaded too")
  }

  /// A draft written before the held order kept its request holds only the key: the next Pay
  /// sends that key (an order the server holds under it is found, not made twice), once.
  @Test func anOldDraftsKeyWithoutItsRequestGoesOutWithTheNextPay() async throws {
    let flow = FlowHarness(
      draft: BookingDraft(
        stack: [.hotel, .rooms, .booking(roomID: 2)], touristCount: 1,
        pendingIdempotencyKey: "key-of-an-old-version"))
    await flow.start()
    #expect(flow.snapshot.screen == .booking)
    #expect(try await flow.savedDraft()?.pendingIdempotencyKey == "key-of-an-old-version")
    try await flow.fillValidForm()
    try await flow.send(.tap("booking.pay"))
    await flow.coordinator.settle()
    #expect(flow.snapshot.screen == .paid)
    #expect(flow.server.idempotencyKeys == ["key-of-an-old-version"])
    #expect(try await flow.savedDraft() == nil, "a paid booking leaves no draft")
  }

  @Test func aRestoredHeldOrderIsAskedAboutAgainAtStartWithItsKeyAndRequest() async throws {
    let request = try Samples.orderRequest()
    let flow = FlowHarness(
      draft: BookingDraft(
        stack: [.hotel, .rooms, .booking(roomID: 2)], touristCount: 1,
        pendingOrder: PendingOrder(idempotencyKey: "key-before-the-crash", request: request)))
    await flow.start()
    #expect(flow.snapshot.screen == .paid)
    #expect(flow.server.idempotencyKeys == ["key-before-the-crash"])
    #expect(flow.server.acceptedOrders.map(\.request) == [request])
    #expect(try await flow.orders.all().map(\.request) == [request])
  }

  @Test func aRestoredHeldOrderStaysHeldWhileTheServerCannotAnswer() async throws {
    let request = try Samples.orderRequest()
    let flow = FlowHarness(
      draft: BookingDraft(
        stack: [.hotel, .rooms, .booking(roomID: 2)], touristCount: 1,
        pendingOrder: PendingOrder(idempotencyKey: "key-before-the-crash", request: request)))
    flow.server.fail(.submitOrder, with: .timeout, times: 1)
    await flow.start()
    #expect(flow.snapshot.screen == .booking)
    #expect(flow.booking?.isPaymentPending == true)
    #expect(flow.snapshot.notice?.contains("Checking your payment…") == true)
    #expect(try await flow.savedDraft()?.pendingOrder?.request == request)
  }

  @Test func freshDiscardsTheDraft() async throws {
    let flow = FlowHarness(
      draft: BookingDraft(stack: [.hotel, .rooms], fields: ["buyer.email": "a@b.cd"]))
    await flow.start(fresh: true)
    #expect(flow.coordinator.stack.map(\.kind) == [.hotel])
    #expect(flow.snapshot.notice == nil)
    #expect(try await flow.savedDraft() == nil)
  }

  @Test func aBareHotelDraftIsNotAnnounced() async {
    let flow = FlowHarness(draft: BookingDraft(stack: [.hotel]))
    await flow.start()
    #expect(flow.snapshot == HotelScreenTests.expectedHotel())
  }

  @Test(arguments: [
    ([FlowStep.booking(roomID: 1)], [ScreenKind.hotel, .rooms, .booking]),
    ([.rooms, .hotel, .rooms], [.hotel, .rooms]),
    ([.rooms, .booking(roomID: 2), .rooms], [.hotel, .rooms, .booking]),
  ])
  func aDamagedDraftStackIsRepaired(steps: [FlowStep], kinds: [ScreenKind]) async {
    let flow = FlowHarness(draft: BookingDraft(stack: steps, fields: ["buyer.email": "x"]))
    await flow.start()
    #expect(flow.coordinator.stack.map(\.kind) == kinds)
  }

  @Test func aPaidBookingIsNeverRestored() async throws {
    try await payValidBooking(flow)
    #expect(flow.snapshot.screen == .paid)
    let restarted = AppCoordinator(
      api: flow.server.api, orders: flow.orders, drafts: flow.drafts,
      dependencies: .test(clock: flow.clock))
    await restarted.start()
    await restarted.settle()
    #expect(restarted.stack.map(\.kind) == [.hotel])
    #expect(restarted.snapshot.notice == nil)
  }

  @Test func aDraftThatReachedPaidIsDiscardedNotRestored() async throws {
    let flow = FlowHarness(
      draft: BookingDraft(
        stack: [.hotel, .rooms, .booking(roomID: 2), .paid(orderNumber: 7)],
        fields: ["buyer.email": "ivan@example.com"]))
    await flow.start()
    #expect(flow.coordinator.stack.map(\.kind) == [.hotel])
    #expect(flow.snapshot.notice == nil)
    #expect(try await flow.savedDraft() == nil)
  }

  /// A draft restored on Booking for a room the server no longer offers (`GET /booking`
  /// answers 404): back to Rooms, which says so, instead of a Booking screen whose retry can
  /// never work; choosing another room keeps what was typed and takes the notice away.
  @Test func aRestoredRoomThatIsNoLongerOfferedGoesBackToRooms() async throws {
    let flow = FlowHarness(
      draft: BookingDraft(
        stack: [.hotel, .rooms, .booking(roomID: 99)], fields: ["buyer.email": "ivan@example.com"]))
    flow.server.fail(.booking, with: .notFound(url: nil), times: 1)
    await flow.start()
    await flow.coordinator.settle()
    #expect(flow.coordinator.stack.map(\.kind) == [.hotel, .rooms])
    guard case .rooms(let rooms)? = flow.coordinator.current else {
      Issue.record("not on Rooms: \(flow.coordinator.stack.map(\.kind))")
      return
    }
    #expect(rooms.status.notices.contains(.roomUnavailable))
    #expect(flow.snapshot.notice == Localizer(language: .en).notice(.roomUnavailable))
    try await flow.send(.tap("rooms.room.2.choose"))
    let booking = try #require(flow.booking)
    #expect(booking.text(of: FieldPath("buyer.email")) == "ivan@example.com")
    #expect(!rooms.status.notices.contains(.roomUnavailable))
  }

  /// A host that calls the typed intents (a SwiftUI view's bindings, the full-screen app)
  /// never goes through `send`: the notice goes with its first intent all the same.
  @Test func theRestoredNoticeGoesWithTheFirstTypedIntentToo() async throws {
    let flow = FlowHarness(
      draft: BookingDraft(
        stack: [.hotel, .rooms, .booking(roomID: 2)], fields: ["buyer.email": "ivan@example.com"]))
    await flow.start()
    let booking = try #require(flow.booking)
    #expect(booking.status.notices == [.restoredDraft])
    booking.focusedField = FieldPath("tourist.1.firstName")
    #expect(booking.status.notices == [.restoredDraft], "moving the focus acts on nothing")
    booking.fieldChanged(FieldPath("tourist.1.firstName"), to: "Anna")
    #expect(booking.status.notices == [])
    #expect(flow.snapshot.notice == nil)

    let rooms = FlowHarness(draft: BookingDraft(stack: [.hotel, .rooms]))
    await rooms.start()
    guard case .rooms(let model)? = rooms.coordinator.current else {
      Issue.record("not on Rooms: \(rooms.coordinator.stack.map(\.kind))")
      return
    }
    #expect(model.status.notices == [.restoredDraft])
    model.perform(.photo(.room(1), .next))
    #expect(model.status.notices == [])
  }

  @Test func theRestoredNoticeGoesWithTheFirstIntent() async throws {
    let flow = FlowHarness(
      draft: BookingDraft(
        stack: [.hotel, .rooms, .booking(roomID: 2)], fields: ["buyer.email": "ivan@example.com"]))
    await flow.start()
    #expect(flow.snapshot.notice == "Restored your unfinished booking")
    #expect(flow.snapshot.notice == "Restored your unfinished booking", "reading is no intent")
    try await flow.type("booking.tourist.1.firstName", "Anna")
    #expect(flow.snapshot.notice == nil)
    try await flow.send(.back)
    try await flow.tap("rooms.room.2.choose")
    #expect(flow.snapshot.notice == nil)
  }

  @Test func anUnreadableDraftStartsAtHotel() async {
    let coordinator = AppCoordinator(
      api: InMemoryBookingAPI().api, orders: .inMemory(),
      drafts: .throwing(.corrupt(path: "draft.json", movedTo: "draft.json.corrupt")),
      dependencies: .test())
    await coordinator.start()
    await coordinator.settle()
    #expect(coordinator.snapshot == HotelScreenTests.expectedHotel())
  }

  /// A draft from a newer version is not restored (the flow starts at Hotel) and the host is told
  /// why, to say it.
  @Test func aDraftFromANewerVersionIsNotRestoredAndSaysWhy() async {
    let newer = StoreError.unsupportedVersion(path: "draft.json", version: 4)
    let coordinator = AppCoordinator(
      api: InMemoryBookingAPI().api, orders: .inMemory(), drafts: .throwing(newer),
      dependencies: .test())
    await coordinator.start()
    await coordinator.settle()
    #expect(coordinator.snapshot == HotelScreenTests.expectedHotel())
    #expect(coordinator.draftNotRestored == newer)
  }

  // MARK: - No connection on every screen

  @Test(arguments: [
    (InMemoryBookingAPI.Endpoint.hotel, "hotel"), (.rooms, "rooms"), (.booking, "booking"),
  ])
  func everyScreenShowsNoConnectionWithRetry(
    endpoint: InMemoryBookingAPI.Endpoint, screen: String
  )
    async throws
  {
    flow.server.fail(endpoint, with: .noConnection)
    await flow.start()
    if screen != "hotel" { try await flow.tap("hotel.chooseRoom") }
    if screen == "booking" { try await flow.tap("rooms.room.2.choose") }
    #expect(flow.snapshot.screen.rawValue == screen)
    #expect(flow.snapshot.failure == "No connection to the server")
    #expect(flow.snapshot.loadError?.isConnectivityProblem == true)
    #expect(flow.snapshot.availableIDs == ["\(screen).retry"])
    try await flow.tap("\(screen).retry")
    #expect(flow.snapshot.failure == "No connection to the server", "still offline")
    flow.server.recover(endpoint)
    try await flow.tap("\(screen).retry")
    #expect(flow.snapshot.failure == nil)
    #expect(!flow.snapshot.blocks.isEmpty)
    #expect(flow.snapshot.availableIDs.contains("\(screen).retry") == false)
  }
}

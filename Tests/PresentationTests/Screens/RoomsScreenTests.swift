import Domain
import Presentation
import TestSupport
import Testing
import UseCases

@MainActor @Suite struct RoomsScreenTests {
  let flow = FlowHarness()

  static func card(_ room: Room, index: Int = 0) -> Block {
    let count = room.imageURLs.count
    return .section(
      SectionModel(
        handle: .room(room.id), title: room.name,
        content: [
          .carousel(
            CarouselModel(
              carousel: .room(room.id), imageURLs: room.imageURLs, index: index,
              position: "\(index + 1) / \(count)",
              previous: ButtonModel(
                action: .photo(.room(room.id), .previous), title: "Previous photo",
                isEnabled: index > 0),
              next: ButtonModel(
                action: .photo(.room(room.id), .next), title: "Next photo",
                isEnabled: index < count - 1))),
          .tags(room.peculiarities),
          .price(
            amount: room.id == 1 ? "186 600 ₽" : "289 400 ₽", caption: "For 7 nights with flight"),
          .button(ButtonModel(action: .chooseRoom(room.id), title: "Choose this room")),
        ]))
  }

  @Test func showsACardPerRoom() async throws {
    await flow.start()
    try await flow.tap("hotel.chooseRoom")
    let rooms = Samples.rooms()
    #expect(
      flow.snapshot
        == ScreenSnapshot(screen: .rooms, title: "Rooms", blocks: rooms.map { Self.card($0) }))
  }

  /// An API that lists no rooms: the screen says so, in both languages, instead of showing nothing
  /// to tap, and back still returns.
  @Test(arguments: [
    (Language.en, "Rooms", "This hotel has no rooms on offer right now"),
    (Language.ru, "Номера", "Сейчас у этого отеля нет номеров для бронирования"),
  ])
  func anEmptyCatalogueSaysSo(language: Language, title: String, text: String) async throws {
    let flow = FlowHarness(language: language)
    flow.server.setRooms([])
    await flow.start()
    try await flow.tap("hotel.chooseRoom")
    #expect(flow.snapshot == ScreenSnapshot(screen: .rooms, title: title, blocks: [.text(text)]))
    try await flow.send(.back)
    #expect(flow.snapshot.screen == .hotel)
  }

  /// The snapshot read while the empty catalogue loads (no rooms yet) must not hide the text once
  /// it has loaded: the full-screen app, which draws while the screen loads, shows it.
  @Test func anEmptyCatalogueThatLoadsSlowlySaysSoOnceLoaded() async throws {
    flow.server.setRooms([])
    flow.server.setLatency(.seconds(1), for: .rooms)
    await flow.coordinator.start()
    await flow.yield { flow.snapshot.button("hotel.chooseRoom") != nil }
    try await flow.coordinator.send(.tap("hotel.chooseRoom"))
    #expect(flow.snapshot.isLoading)
    #expect(flow.snapshot.blocks.isEmpty)
    await flow.advance(by: .seconds(1))
    await flow.coordinator.settle()
    #expect(flow.snapshot.blocks == [.text("This hotel has no rooms on offer right now")])
  }

  @Test func eachCarouselMovesOnItsOwnWithinBounds() async throws {
    await flow.start()
    try await flow.tap("hotel.chooseRoom")
    try await flow.tap("rooms.room.2.photos.next")
    let rooms = Samples.rooms()
    #expect(flow.snapshot.blocks == [Self.card(rooms[0]), Self.card(rooms[1], index: 1)])
    await #expect(throws: ActionError.disabled("rooms.room.2.photos.next")) {
      try await flow.tap("rooms.room.2.photos.next")
    }
    try await flow.tap("rooms.room.2.photos.previous")
    #expect(flow.snapshot.blocks == rooms.map { Self.card($0) })
  }

  @Test func choosingARoomOpensItsBooking() async throws {
    await flow.start()
    try await flow.tap("hotel.chooseRoom")
    try await flow.tap("rooms.room.1.choose")
    #expect(flow.snapshot.screen == .booking)
    #expect(flow.server.networkCalls(to: .booking).map(\.roomID) == [1])
    #expect(flow.snapshot.button("booking.pay")?.title == "Pay 198 050 ₽")
  }

  @Test func backReturnsToHotel() async throws {
    await flow.start()
    try await flow.tap("hotel.chooseRoom")
    try await flow.send(.back)
    #expect(flow.snapshot == HotelScreenTests.expectedHotel())
  }

  @Test func noConnectionShowsRetryAndRetryLoads() async throws {
    flow.server.fail(.rooms, with: .noConnection)
    await flow.start()
    try await flow.tap("hotel.chooseRoom")
    #expect(
      flow.snapshot
        == ScreenSnapshot(
          screen: .rooms, title: "Rooms",
          blocks: [
            .text("No connection to the server"),
            .button(ButtonModel(action: .retry(.rooms), title: "Retry")),
          ],
          failure: "No connection to the server", loadError: .noConnection))
    flow.server.recover(.rooms)
    try await flow.tap("rooms.retry")
    #expect(flow.snapshot.blocks == Samples.rooms().map { Self.card($0) })
  }

  @Test func aSlowPrefetchStillInFlightIsAwaitedNotRepeated() async throws {
    flow.server.setLatency(.seconds(1), for: .rooms)
    await flow.coordinator.start()
    await flow.yield { flow.snapshot.button("hotel.chooseRoom") != nil }
    #expect(flow.server.networkCalls(to: .rooms).count == 1)
    try await flow.coordinator.send(.tap("hotel.chooseRoom"))
    #expect(flow.snapshot.screen == .rooms)
    #expect(flow.snapshot.isLoading)
    await flow.advance(by: .seconds(1))
    await flow.coordinator.settle()
    #expect(!flow.snapshot.isLoading)
    #expect(flow.snapshot.blocks.count == 2)
    #expect(flow.server.networkCalls(to: .rooms).count == 1)
  }
}

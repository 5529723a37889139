import Domain
import Presentation
import TestSupport
import Testing
import UseCases

/// A catalogue longer than a page: the Rooms screen shows ``RoomsViewModel/pageSize`` cards at
/// a time, with the count and the page buttons, and every room stays reachable by its ID.
@MainActor @Suite struct RoomsPagingTests {
  let flow = FlowHarness()

  static func catalogue(_ count: Int, ids: (Int) -> Int = { $0 }) -> [Room] {
    (1...max(count, 1)).prefix(count).map { number in
      Room(
        id: ids(number), name: "Room \(number)", price: Money(100_000 + number),
        pricePer: "For 7 nights", peculiarities: ["Pool"], imageURLs: ["a.jpg", "b.jpg"])
    }
  }

  /// The Rooms screen over `rooms`.
  func open(_ rooms: [Room]) async throws {
    flow.server.setRooms(rooms)
    await flow.start()
    try await flow.tap("hotel.chooseRoom")
  }

  /// The room IDs of the cards the snapshot shows, in order.
  var shownRoomIDs: [Int] {
    flow.snapshot.blocks.compactMap { block in
      if case .section(let section) = block, case .room(let id) = section.handle { id } else { nil }
    }
  }

  @Test func aLongCatalogueShowsOnePageTheCountAndThePageButtons() async throws {
    try await open(Self.catalogue(10_000))
    // Before: a section per room (10 000 of them) on every read of the snapshot.
    #expect(shownRoomIDs == Array(1...50))
    let blocks = flow.snapshot.blocks
    #expect(blocks.count == 53)
    #expect(blocks[50] == .text("Rooms 1–50 of 10 000"))
    #expect(
      blocks[51]
        == .button(
          ButtonModel(action: .roomsPage(.previous), title: "Previous rooms", isEnabled: false)))
    #expect(blocks[52] == .button(ButtonModel(action: .roomsPage(.next), title: "Next rooms")))
    #expect(flow.snapshot.availableIDs.count == 50 * 3 + 2)
  }

  @Test func thePageButtonsWalkTheCatalogueAndStopAtItsEnds() async throws {
    try await open(Self.catalogue(120))
    try await flow.tap("rooms.page.next")
    #expect(shownRoomIDs == Array(51...100))
    #expect(flow.snapshot.blocks.contains(.text("Rooms 51–100 of 120")))
    try await flow.tap("rooms.page.next")
    #expect(shownRoomIDs == Array(101...120))
    #expect(flow.snapshot.button("rooms.page.next")?.isEnabled == false)
    await #expect(throws: ActionError.disabled("rooms.page.next")) {
      try await flow.tap("rooms.page.next")
    }
    try await flow.tap("rooms.page.previous")
    try await flow.tap("rooms.page.previous")
    #expect(shownRoomIDs == Array(1...50))
    #expect(flow.snapshot.button("rooms.page.previous")?.isEnabled == false)
  }

  @Test func aRoomOffThePageIsChosenByItsID() async throws {
    try await open(Self.catalogue(10_000))
    try await flow.tap("rooms.room.9000.photos.next")
    // Its page came into view, as a UI test's query scrolls to the element.
    #expect(shownRoomIDs == Array(8_951...9_000))
    #expect(flow.snapshot.button("rooms.room.9000.photos.previous")?.isEnabled == true)
    try await flow.tap("rooms.room.9999.choose")
    #expect(flow.snapshot.screen == .booking)
    #expect(flow.server.networkCalls(to: .booking).map(\.roomID) == [9_999])
  }

  @Test func aRoomThatIsNotInTheCatalogueIsNamedAsMissing() async throws {
    try await open(Self.catalogue(60))
    await #expect(throws: ActionError.self) { try await flow.tap("rooms.room.61.choose") }
    #expect(shownRoomIDs == Array(1...50))
    #expect(flow.snapshot.screen == .rooms)
  }

  @Test func anIDNoRoomHasIsCloseToRoomsOfTheWholeCatalogue() async throws {
    try await open(Self.catalogue(10_000) { $0 * 10 })
    // One typo from 90001: the last digit dropped, changed, or swapped with the one before.
    #expect(
      flow.coordinator.similarIDs(to: "rooms.room.90001.choose") == [
        "rooms.room.9000.choose", "rooms.room.90000.choose", "rooms.room.90010.choose",
      ])
    #expect(
      flow.coordinator.similarIDs(to: "rooms.room.90001.photos.next") == [
        "rooms.room.9000.photos.next", "rooms.room.90000.photos.next",
        "rooms.room.90010.photos.next",
      ])
    // A room that exists, or an ID that is not a room's, has none.
    #expect(flow.coordinator.similarIDs(to: "rooms.room.90000.choose").isEmpty)
    #expect(flow.coordinator.similarIDs(to: "hotel.chooseRom").isEmpty)
    #expect(shownRoomIDs == Array(stride(from: 10, through: 500, by: 10)))
  }

  @Test func twoTyposAwayWhenNoneIsOneAway() async throws {
    try await open(Self.catalogue(100) { $0 * 1_000 })
    // 5 000 is a room; 5 011 is two changed digits away from it, and no room is one away.
    #expect(flow.coordinator.similarIDs(to: "rooms.room.5011.choose") == ["rooms.room.5000.choose"])
    // Bounded: a 19-digit ID costs a few hundred thousand lookups, not a pass per room.
    #expect(flow.coordinator.similarIDs(to: "rooms.room.\(Int.max).choose").isEmpty)
  }

  @Test(arguments: [0, 1, 50])
  func aCatalogueThatFitsOnePageHasNoPageButtons(count: Int) async throws {
    try await open(Self.catalogue(count))
    #expect(shownRoomIDs == Array((1...max(count, 1)).prefix(count)))
    #expect(flow.snapshot.button("rooms.page.next") == nil)
    // No "Rooms 1–50 of N" (an empty catalogue says only that it has no rooms).
    #expect(
      !flow.snapshot.blocks.contains {
        if case .text(let text) = $0 {
          text != "This hotel has no rooms on offer right now"
        } else {
          false
        }
      })
    let rooms = try #require(
      flow.coordinator.current.flatMap { screen -> RoomsViewModel? in
        if case .rooms(let rooms) = screen { rooms } else { nil }
      })
    #expect(rooms.pageCount == 1)
    #expect(rooms.pageButtons == nil)
  }

  @Test func fiftyOneRoomsTakeTwoPagesTheSecondWithOneCard() async throws {
    try await open(Self.catalogue(51))
    #expect(flow.snapshot.blocks.contains(.text("Rooms 1–50 of 51")))
    try await flow.tap("rooms.page.next")
    #expect(shownRoomIDs == [51])
    #expect(flow.snapshot.blocks.contains(.text("Rooms 51–51 of 51")))
  }

  @Test func repeatedIDsGoToTheFirstRoomWithThatID() async throws {
    // Rooms 1...100, then IDs 1...20 again: a broken catalogue is shown as it is.
    try await open(Self.catalogue(120) { $0 <= 100 ? $0 : $0 - 100 })
    try await flow.tap("rooms.page.next")
    try await flow.tap("rooms.page.next")
    #expect(shownRoomIDs == Array(1...20))
    try await flow.tap("rooms.room.7.photos.next")
    // The first room with ID 7 is on the first page (both cards share the photo position).
    #expect(shownRoomIDs == Array(1...50))
    try await flow.tap("rooms.room.7.choose")
    #expect(flow.server.networkCalls(to: .booking).map(\.roomID) == [7])
  }

  @Test func russianCountsAndButtons() async throws {
    let flow = FlowHarness(language: .ru)
    flow.server.setRooms(Self.catalogue(50_000))
    await flow.start()
    try await flow.tap("hotel.chooseRoom")
    #expect(flow.snapshot.blocks.contains(.text("Номера 1–50 из 50 000")))
    #expect(flow.snapshot.button("rooms.page.next")?.title == "Следующие номера")
    #expect(flow.snapshot.button("rooms.page.previous")?.title == "Предыдущие номера")
  }
}

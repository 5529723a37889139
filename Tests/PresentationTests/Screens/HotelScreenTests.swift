import Domain
import Presentation
import TestSupport
import Testing
import UseCases

@MainActor @Suite struct HotelScreenTests {
  let flow = FlowHarness()

  static func expectedCarousel(index: Int) -> CarouselModel {
    CarouselModel(
      carousel: .hotel, imageURLs: Samples.hotel().imageURLs, index: index,
      position: "\(index + 1) / 3",
      previous: ButtonModel(
        action: .photo(.hotel, .previous), title: "Previous photo", isEnabled: index > 0),
      next: ButtonModel(action: .photo(.hotel, .next), title: "Next photo", isEnabled: index < 2))
  }

  static func expectedHotel(index: Int = 0, notice: String? = nil) -> ScreenSnapshot {
    let hotel = Samples.hotel()
    return ScreenSnapshot(
      screen: .hotel, title: "Hotel",
      blocks: [
        .carousel(expectedCarousel(index: index)),
        .rating("★ 5 Excellent"),
        .heading("The best five-star hotel in Hurghada, Egypt"),
        .text("Madinat Makadi, Safaga Road, Makadi Bay, Egypt"),
        .price(amount: "from 134 268 ₽", caption: "for a tour with flight"),
        .section(
          SectionModel(
            handle: .hotelAbout, title: "About the hotel",
            content: [.tags(hotel.peculiarities), .text(hotel.description)])),
        .button(ButtonModel(action: .showRooms, title: "Choose a room")),
      ],
      notice: notice)
  }

  @Test func showsTheHotelOnceLoaded() async {
    await flow.coordinator.start()
    #expect(
      flow.snapshot == ScreenSnapshot(screen: .hotel, title: "Hotel", blocks: [], isLoading: true))
    await flow.coordinator.settle()
    #expect(flow.snapshot == Self.expectedHotel())
    #expect(
      flow.snapshot.availableIDs == [
        "hotel.photos.previous", "hotel.photos.next", "hotel.chooseRoom",
      ])
  }

  @Test func aSlowLoadShowsLoadingUntilTheAnswerArrives() async {
    flow.server.setLatency(.seconds(2), for: .hotel)
    await flow.coordinator.start()
    await flow.advance(by: .seconds(1))
    #expect(flow.snapshot.isLoading)
    #expect(flow.snapshot.blocks.isEmpty)
    await flow.advance(by: .seconds(1))
    await flow.coordinator.settle()
    #expect(flow.snapshot == Self.expectedHotel())
  }

  @Test func aFailedLoadShowsNoConnectionWithRetry() async throws {
    flow.server.fail(.hotel, with: .noConnection)
    await flow.start()
    #expect(
      flow.snapshot
        == ScreenSnapshot(
          screen: .hotel, title: "Hotel",
          blocks: [
            .text("No connection to the server"),
            .button(ButtonModel(action: .retry(.hotel), title: "Retry")),
          ],
          failure: "No connection to the server", loadError: .noConnection))
    flow.server.recover(.hotel)
    try await flow.tap("hotel.retry")
    #expect(flow.snapshot == Self.expectedHotel())
  }

  @Test func offlineWithACacheShowsSavedDataWithANotice() async {
    flow.server.seedCache()
    flow.server.fail(.hotel, with: .timeout)
    await flow.start()
    #expect(flow.snapshot == Self.expectedHotel(notice: "Showing saved data"))
  }

  @Test func roomsArePrefetchedWhileHotelIsShown() async throws {
    await flow.start()
    #expect(flow.snapshot.screen == .hotel)
    #expect(flow.server.networkCalls(to: .rooms).count == 1)
    try await flow.tap("hotel.chooseRoom")
    #expect(flow.snapshot.screen == .rooms)
    #expect(flow.server.networkCalls(to: .rooms).count == 1, "the prefetched answer is used")
  }

  @Test func theCarouselStopsAtBothEnds() async throws {
    await flow.start()
    await #expect(throws: ActionError.disabled("hotel.photos.previous")) {
      try await flow.tap("hotel.photos.previous")
    }
    try await flow.tap("hotel.photos.next")
    #expect(flow.snapshot == Self.expectedHotel(index: 1))
    try await flow.tap("hotel.photos.next")
    #expect(flow.snapshot == Self.expectedHotel(index: 2))
    await #expect(throws: ActionError.disabled("hotel.photos.next")) {
      try await flow.tap("hotel.photos.next")
    }
    try await flow.tap("hotel.photos.previous")
    #expect(flow.snapshot == Self.expectedHotel(index: 1))
  }

  @Test func unknownIDsNameWhatIsAvailable() async {
    await flow.start()
    await #expect(
      throws: ActionError.unknownElement(
        "hotel.pay",
        available: ["hotel.photos.previous", "hotel.photos.next", "hotel.chooseRoom"])
    ) { try await flow.tap("hotel.pay") }
    await #expect(throws: ActionError.notAField("hotel.chooseRoom")) {
      try await flow.type("hotel.chooseRoom", "x")
    }
    await #expect(throws: ActionError.cannotGoBack(.hotel)) { try await flow.send(.back) }
    #expect(flow.snapshot == Self.expectedHotel())
  }

  @Test func showsRussianContentAndTexts() async {
    let flow = FlowHarness(language: .ru)
    await flow.start()
    #expect(flow.snapshot.title == "Отель")
    #expect(flow.snapshot.button("hotel.chooseRoom")?.title == "К выбору номера")
    #expect(
      flow.snapshot.blocks.contains(.price(amount: "от 134 268 ₽", caption: "За тур с перелётом")))
    #expect(flow.snapshot.blocks.contains(.rating("★ 5 Превосходно")))
  }
}

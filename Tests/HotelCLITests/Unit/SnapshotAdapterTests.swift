import Domain
import Presentation
import Testing
import UseCases

@testable import HotelCLI

@Suite struct SnapshotAdapterTests {
  static let booking = ScreenSnapshot(
    screen: .booking, title: "Booking",
    blocks: [
      .rating("★ 5 Excellent"),
      .rows([InfoRow(label: "Departure", value: "Moscow")]),
      .section(
        SectionModel(
          id: "booking.tourist.2", title: "Second tourist", isCollapsible: true,
          isExpanded: false,
          content: [
            .field(FieldModel(id: "booking.tourist.2.firstName", label: "First name", value: "A"))
          ])),
      .section(
        SectionModel(
          id: "booking.price", title: "Price details", isCollapsible: true, isExpanded: true,
          content: [
            .field(
              FieldModel(
                id: "booking.price.total", label: "Total to pay", value: "300 850 ₽",
                isEnabled: false))
          ])),
      .button(ButtonModel(id: "booking.pay", title: "Pay 300 850 ₽")),
    ],
    focus: "booking.tourist.2.firstName", notice: "Showing saved data")

  @Test func payAndTotalMoveToTheFooter() {
    let model = SnapshotAdapter.model(Self.booking)
    #expect(model.screen == .booking)
    #expect(
      model.footer
        == Footer(
          label: "Total to pay", value: "300 850 ₽",
          button: Button(id: "booking.pay", title: "Pay 300 850 ₽")))
    #expect(!model.content.contains { if case .button = $0 { true } else { false } })
    #expect(model.buttons.map(\.id) == ["booking.tourist.2", "booking.price", "booking.pay"])
    #expect(model.notice == "Showing saved data")
  }

  @Test func collapsedSectionsHideTheirFieldsFromScripts() {
    let model = SnapshotAdapter.model(Self.booking)
    #expect(model.element("booking.tourist.2.firstName")?.isReachable == false)
    #expect(model.field("booking.tourist.2.firstName")?.isFocused == true)
    #expect(model.field("booking.price.total")?.isReadOnly == true)
  }

  @Test(arguments: [
    (APIError.noConnection, true), (.timeout, true), (.httpStatus(503), true),
    (.undecodable(path: "rooms[0].price", reason: "x"), false), (.httpStatus(404), false),
  ])
  func onlyConnectivityProblemsCountAsUnreachable(error: APIError, unreachable: Bool) {
    let snapshot = ScreenSnapshot(
      screen: .hotel, title: "Hotel", blocks: [], failure: "No connection", loadError: error)
    #expect(SnapshotAdapter.model(snapshot).isUnreachable == unreachable)
    #expect(SnapshotAdapter.model(snapshot).loadFailure == "No connection")
  }

  @Test func carouselPositionIsOneBased() {
    let snapshot = ScreenSnapshot(
      screen: .hotel, title: "Hotel",
      blocks: [
        .carousel(
          CarouselModel(
            id: "hotel.photos", imageURLs: ["a", "b", "c"], index: 1, position: "2 / 3",
            previous: ButtonModel(id: "hotel.photos.previous", title: "Previous"),
            next: ButtonModel(id: "hotel.photos.next", title: "Next")))
      ])
    #expect(
      SnapshotAdapter.model(snapshot).content
        == [.carousel(Carousel(id: "hotel.photos", position: 2, count: 3, caption: "b"))])
  }
}

@Suite struct SnapshotAdapterLanguageTests {
  @Test func emptyFieldsAndLoadingAreInTheScreensLanguage() {
    let snapshot = ScreenSnapshot(
      screen: .booking, title: "Бронирование",
      blocks: [
        .field(
          FieldModel(
            id: "booking.tourist.1.citizenship", label: "Гражданство", placeholder: "",
            value: ""))
      ], isLoading: true)
    let model = SnapshotAdapter.model(snapshot, strings: Localizer(language: .ru))
    #expect(model.field("booking.tourist.1.citizenship")?.placeholder == "пусто")
    #expect(model.progress == "Загрузка…")
  }
}

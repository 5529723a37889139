import Domain
import Presentation
import Testing

@testable import HotelCLI

@Suite struct ScreenRendererTests {
  static func tourist(_ index: Int) -> SectionHandle {
    .form(SectionInstance(sectionID: "tourist", index: index))
  }

  static let booking = ScreenSnapshot(
    screen: .booking, title: "Booking",
    blocks: [
      .rating("★ 5 Excellent"),
      .heading("Steigenberger Makadi"),
      .text("Madinat Makadi, Safaga Road, Makadi Bay, Egypt"),
      .section(
        SectionModel(
          handle: .bookingDetails, title: "Booking details",
          content: [
            .rows([
              InfoRow(label: "Departure", value: "Moscow"),
              InfoRow(label: "Dates", value: "19.09.2027 – 27.09.2027"),
              InfoRow(
                label: "Room",
                value:
                  "Deluxe room with a sea view and a very long name that wraps onto the next line"
              ),
            ])
          ])),
      .section(
        SectionModel(
          handle: .form(SectionInstance(sectionID: "buyer")), title: "Buyer",
          content: [
            .field(
              FieldModel(
                path: "buyer.phone", label: "Phone number", value: "+7 (916) 123-45-67",
                isValid: true)),
            .field(
              FieldModel(
                path: "buyer.email", label: "Email", value: "ivan@",
                error: "Enter the part after @ (a domain such as example.com)", isFocused: true)),
          ])),
      .section(
        SectionModel(
          handle: tourist(1), title: "First tourist", isCollapsible: true, isExpanded: true,
          content: [
            .field(
              FieldModel(path: "tourist.1.firstName", label: "First name", placeholder: "Ivan"))
          ])),
      .section(
        SectionModel(
          handle: tourist(2), title: "Second tourist", isCollapsible: true, isExpanded: false,
          content: [.field(FieldModel(path: "tourist.2.firstName", label: "First name"))])),
      .button(ButtonModel(action: .addTourist, title: "Add tourist", isEnabled: false)),
      .section(
        SectionModel(
          handle: .form(SectionInstance(sectionID: "price")), title: "Price",
          isCollapsible: true, isExpanded: false, summary: "Total to pay: 599\u{202F}550\u{00A0}₽",
          content: [
            .field(
              FieldModel(path: "price.tour", label: "Tour", value: "579 100 ₽", isEnabled: false)),
            .field(
              FieldModel(
                path: "price.total", label: "Total to pay", value: "599 550 ₽", isEnabled: false)),
          ])),
      .button(ButtonModel(action: .pay, title: "Pay")),
    ],
    focus: "booking.buyer.email", notice: "Please correct the highlighted fields", toast: "Saved")

  @Test func emptyFieldsAndLoadingUseTheScreensLanguage() {
    let snapshot = ScreenSnapshot(
      screen: .booking, title: "Бронирование",
      blocks: [
        .field(FieldModel(path: "buyer.email", label: "Почта")),
        .button(ButtonModel(action: .addTourist, title: "Добавить туриста", isEnabled: false)),
      ], isLoading: true)
    let text = ScreenRenderer(color: false, strings: Localizer(language: .ru)).render(snapshot)
    #expect(text.contains("(пусто)"))
    #expect(text.contains("… Загрузка…"))
    // Before: "[ Добавить туриста ] (disabled)".
    #expect(text.contains("[ Добавить туриста ] (недоступна)"))
  }

  @Test func plainBookingScreen() {
    Golden.assertMatches(
      ScreenRenderer(color: false).render(Self.booking) + "\n", matches: "renderer-booking")
  }

  @Test func colourMarksInvalidFieldsRed() {
    let text = ScreenRenderer(color: true).render(Self.booking)
    #expect(text.contains("\u{1B}[31mivan@\u{1B}[0m"))
    #expect(text.contains("\u{1B}[31m✗ Enter the part after @"))
    #expect(text.contains("\u{1B}[32m ✓\u{1B}[0m"))
  }

  @Test func noEscapeSequencesWithoutColour() {
    #expect(!ScreenRenderer(color: false).render(Self.booking).contains("\u{1B}"))
  }

  @Test func everyLineFitsTheWidth() {
    for width in [40, 72, 100] {
      let text = ScreenRenderer(color: false, width: width).render(Self.booking)
      for line in text.split(separator: "\n") {
        #expect(TextLayout.width(String(line)) <= width, "\(width): \(line)")
      }
    }
  }

  @Test func hostileTextIsNeutralised() {
    let hostile = ScreenSnapshot(
      screen: .hotel, title: "Hotel\u{1B}]0;pwned\u{07}",
      blocks: [
        .heading("Evil\u{1B}[31m Hotel\u{202E}lanif"),
        .text("Line one\nline two\u{1B}[1A"),
        .tags(["\u{1B}[5mblink"]),
        .field(FieldModel(path: "x.y", label: "\u{1B}[8m", value: "\u{0}")),
        .carousel(
          CarouselModel(
            carousel: .hotel, imageURLs: ["\u{1B}[2Jphoto"], index: 0, position: "1 / 1",
            previous: ButtonModel(action: .photo(.hotel, .previous), title: "\u{1B}[2J"),
            next: ButtonModel(action: .photo(.hotel, .next), title: "\u{1B}[2J"))),
      ], notice: "\u{1B}[2J", toast: "\u{9B}31m")
    let text = ScreenRenderer(color: false).render(hostile)
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(!text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
    #expect(!text.unicodeScalars.contains { $0.value == 0x202E })
    #expect(text.contains("Evil␛[31m Hotel�lanif"))
  }

  @Test func carouselShowsThePosition() {
    let snapshot = ScreenSnapshot(
      screen: .hotel, title: "Hotel",
      blocks: [
        .carousel(
          CarouselModel(
            carousel: .hotel, imageURLs: ["a", "b", "c"], index: 1, position: "2 / 3",
            previous: ButtonModel(action: .photo(.hotel, .previous), title: "Previous photo"),
            next: ButtonModel(action: .photo(.hotel, .next), title: "Next photo")))
      ])
    let text = ScreenRenderer(color: false).render(snapshot)
    #expect(text.contains("◀ 2 / 3 ▶"))
    #expect(text.contains("hotel.photos.previous / .next"))
  }

  /// A carousel without photos says what the model says ("No photos", "Нет фото"), as the
  /// full-screen app does, not "0 / 0".
  @Test(arguments: ["No photos", "Нет фото"])
  func aCarouselWithoutPhotosShowsTheModelsPosition(position: String) {
    let snapshot = ScreenSnapshot(
      screen: .hotel, title: "Hotel",
      blocks: [
        .carousel(
          CarouselModel(
            carousel: .hotel, imageURLs: [], index: 0, position: position,
            previous: ButtonModel(
              action: .photo(.hotel, .previous), title: "Previous photo", isEnabled: false),
            next: ButtonModel(
              action: .photo(.hotel, .next), title: "Next photo", isEnabled: false)))
      ])
    let text = ScreenRenderer(color: false).render(snapshot)
    #expect(text.contains("◀ \(position) ▶"), "\(text)")
    #expect(!text.contains("0 / 0"))
  }

  @Test(arguments: [
    ("Hello world", 5, ["Hello", "world"]),
    ("Hello world", 11, ["Hello world"]),
    ("abcdefgh", 3, ["abc", "def", "gh"]),
    ("a\nb", 10, ["a", "b"]),
  ])
  func wrap(text: String, width: Int, expected: [String]) {
    #expect(TextLayout.wrap(text, to: width) == expected)
  }

  @Test func widthCountsWideCharactersTwice() {
    #expect(TextLayout.width("日本") == 4)
    #expect(TextLayout.width("Люкс") == 4)
    #expect(TextLayout.truncate("abcdef", to: 4) == "abc…")
  }

  // MARK: - Hostile sizes

  static func rooms(_ count: Int, tags: Int = 2) -> ScreenSnapshot {
    ScreenSnapshot(
      screen: .rooms, title: "Rooms",
      blocks: (1...count).map { id in
        .section(
          SectionModel(
            handle: .room(id), title: "Room \(id)",
            content: [
              .tags((0..<tags).map { "Tag \($0)" }),
              .button(ButtonModel(action: .chooseRoom(id), title: "Choose this room")),
            ]))
      })
  }

  @Test func aHugeCatalogueDrawsAScreenfulAndCountsTheRest() {
    let text = ScreenRenderer(color: false).render(Self.rooms(10_000))
    #expect(text.contains("Room 50 "))
    #expect(!text.contains("Room 51 "))
    #expect(text.contains("… and 9950 more"))
    #expect(text.split(separator: "\n").count < 50 * 6)
    let russian = ScreenRenderer(color: false, strings: Localizer(language: .ru))
    #expect(russian.render(Self.rooms(60)).contains("… и ещё 10"))
  }

  @Test func aFewRoomsAreAllDrawn() {
    let text = ScreenRenderer(color: false).render(Self.rooms(50))
    #expect(text.contains("Room 50 "))
    #expect(!text.contains("more"))
  }

  @Test func aThousandTagsShowFortyAndACount() {
    let text = ScreenRenderer(color: false).render(Self.rooms(1, tags: 1_000))
    #expect(text.contains("[Tag 39]"))
    #expect(!text.contains("[Tag 40]"))
    #expect(text.contains("[… and 960 more]"))
  }

  @Test func aMegabyteNameAndDescriptionAreCut() {
    let snapshot = ScreenSnapshot(
      screen: .hotel, title: "Hotel",
      blocks: [
        .heading(String(repeating: "Long ", count: 200_000)),
        .text(String(repeating: "W", count: 1_000_000)),
      ])
    let lines = ScreenRenderer(color: false).render(snapshot).split(separator: "\n")
    #expect(lines.count == 1 + TextLayout.maximumHeadingLines + TextLayout.maximumTextLines)
    #expect(lines[TextLayout.maximumHeadingLines].hasSuffix("…"))
    #expect(lines.last?.hasSuffix("…") == true)
    #expect(lines.allSatisfy { TextLayout.width(String($0)) <= 72 })
  }

  @Test func aShortTextIsNotMarkedAsCut() {
    let snapshot = ScreenSnapshot(
      screen: .hotel, title: "Hotel", blocks: [.heading("Steigenberger"), .text("Nice")])
    #expect(!ScreenRenderer(color: false).render(snapshot).contains("…"))
  }

  @Test func helpListsTwoHundredIDsAndCountsTheRest() {
    let text = ScreenHelp.lines(for: Self.rooms(1_000)).written
    #expect(text.contains("rooms.room.200.choose"))
    #expect(!text.contains("rooms.room.201.choose"))
    #expect(text.contains("… and 800 more"))
    #expect(!ScreenHelp.lines(for: Self.rooms(3)).written.contains("… and"))
  }

  /// Drawing stops at the line the caller stops at, after the lines before it in order.
  @Test func drawingStopsWhereTheCallerStops() {
    let renderer = ScreenRenderer(color: false)
    let lines = renderer.lines(Self.booking)
    for stop in 1...lines.count {
      var drawn: [StyledLine] = []
      renderer.draw(Self.booking) { line in
        drawn.append(line)
        return drawn.count < stop
      }
      #expect(drawn == Array(lines.prefix(stop)))
    }
  }
}

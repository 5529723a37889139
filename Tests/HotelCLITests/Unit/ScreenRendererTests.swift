import Testing

@testable import HotelCLI

@Suite struct ScreenRendererTests {
  static let booking = ScreenModel(
    screen: .booking, title: "Booking", notice: "Please correct the highlighted fields",
    toast: "Saved",
    content: [
      .rating("5 Excellent"),
      .heading("Steigenberger Makadi"),
      .caption("Madinat Makadi, Safaga Road, Makadi Bay, Egypt"),
      .section(
        Section(
          id: nil, title: "Booking details",
          children: [
            .detail(label: "Departure", value: "Moscow"),
            .detail(label: "Dates", value: "19.09.2027 – 27.09.2027"),
            .detail(
              label: "Room",
              value:
                "Deluxe room with a sea view and a very long name that wraps onto the next line"),
          ])),
      .section(
        Section(
          id: nil, title: "Buyer",
          children: [
            .field(
              Field(
                id: "booking.buyer.phone", label: "Phone number", value: "+7 (916) 123-45-67",
                isValid: true)),
            .field(
              Field(
                id: "booking.buyer.email", label: "Email", value: "ivan@",
                error:
                  "Enter the part after @ (a domain such as example.com)", isFocused: true)),
          ])),
      .section(
        Section(
          id: "booking.tourist.1", title: "First tourist", isExpanded: true,
          children: [
            .field(
              Field(
                id: "booking.tourist.1.firstName", label: "First name", value: "",
                placeholder: "Ivan"))
          ])),
      .section(
        Section(
          id: "booking.tourist.2", title: "Second tourist", isExpanded: false,
          children: [
            .field(Field(id: "booking.tourist.2.firstName", label: "First name", value: ""))
          ]
        )),
      .button(Button(id: "booking.addTourist", title: "Add tourist", isEnabled: false)),
      .section(
        Section(
          id: "booking.price", title: "Price", isExpanded: false,
          summary: [.detail(label: "Total to pay", value: "599\u{202F}550\u{00A0}₽")],
          children: [.detail(label: "Tour", value: "579 100 ₽")])),
    ],
    footer: Footer(
      label: "Total to pay", value: "599 550 ₽", button: Button(id: "booking.pay", title: "Pay")))

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
    let hostile = ScreenModel(
      screen: .hotel, title: "Hotel\u{1B}]0;pwned\u{07}",
      notice: "\u{1B}[2J", toast: "\u{9B}31m",
      content: [
        .heading("Evil\u{1B}[31m Hotel\u{202E}lanif"),
        .text("Line one\nline two\u{1B}[1A"),
        .tags(["\u{1B}[5mblink"]),
        .field(Field(id: "x", label: "\u{1B}[8m", value: "\u{0}")),
      ])
    let text = ScreenRenderer(color: false).render(hostile)
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(!text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
    #expect(!text.unicodeScalars.contains { $0.value == 0x202E })
    #expect(text.contains("Evil␛[31m Hotel�lanif"))
  }

  @Test func carouselShowsThePosition() {
    let model = ScreenModel(
      screen: .hotel, title: "Hotel",
      content: [.carousel(Carousel(id: "hotel.photos", position: 2, count: 3, caption: nil))])
    #expect(ScreenRenderer(color: false).render(model).contains("◀ 2 / 3 ▶"))
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
}

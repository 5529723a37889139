import Domain
import Testing

@testable import HotelCLI

@Suite struct LayoutTests {
  private static func field(_ id: String, error: String? = nil) -> ContentItem {
    .field(
      FieldItem(
        id: id, label: id, placeholder: "empty", value: "", error: error, isValid: false,
        kind: .text))
  }

  /// A Booking-like screen: four tourists of six fields each, and Pay in the footer.
  private static func booking(touristCount: Int = 4) -> ScreenContent {
    var items: [ContentItem] = [.heading("Hotel"), .rows([.init(label: "Nights", value: "7")])]
    for tourist in 1...touristCount {
      let fields = ["firstName", "lastName", "birthDate", "citizenship", "number", "expiry"]
        .map { field("booking.tourist.\(tourist).\($0)") }
      items.append(
        .section(
          SectionItem(
            id: "booking.tourist.\(tourist)", title: "Tourist \(tourist)", isCollapsible: true,
            isExpanded: true, summary: nil, hasErrors: false, content: fields)))
    }
    items.append(.button(ButtonItem(id: "booking.addTourist", title: "Add", isEnabled: false)))
    return ScreenContent(
      screen: "booking", title: "Booking", items: items, focus: nil,
      footer: .init(
        label: "Total", value: "1 204 000 ₽",
        button: ButtonItem(id: "booking.pay", title: "Pay", isEnabled: true)))
  }

  private let composer = FrameComposer(
    columns: 120, rows: 40, strings: CLIStrings(language: .en))

  /// The layout cache gives what a fresh layout gives, frame after frame: the focus moving,
  /// a field edited (its text and cursor), a section collapsed, a tourist added, a resize.
  @Test func theLayoutCacheDrawsWhatAFreshLayoutDraws() {
    let cache = BodyLayout.Cache()
    var content = Self.booking()
    let first = "booking.tourist.1.firstName"
    let second = "booking.tourist.2.lastName"
    var editor = LineEditor("Iv")
    func check(_ width: Int, _ focus: String?, _ editing: BodyLayout.Editing?) {
      let cached = BodyLayout(
        items: content.items, width: width, focus: focus, editing: editing, cache: cache)
      let fresh = BodyLayout(items: content.items, width: width, focus: focus, editing: editing)
      #expect(cached.lines == fresh.lines)
      #expect(cached.anchors == fresh.anchors)
    }
    check(120, nil, nil)
    check(120, first, .init(id: first, editor: editor))
    editor.handle(.text("a"))
    check(120, first, .init(id: first, editor: editor))
    editor.handle(.left)
    check(120, first, .init(id: first, editor: editor))
    check(120, second, .init(id: second, editor: LineEditor()))
    check(120, "booking.tourist.2", nil)
    if case .section(var section) = content.items[3] {
      section.isExpanded = false
      content.items[3] = .section(section)
    }
    check(120, "booking.tourist.2", nil)
    content.items.insert(content.items[2], at: 2)
    check(120, "booking.tourist.2", nil)
    if case .section(var section) = content.items[2] {
      section.content[0] = Self.field(first, error: "Use letters")
      section.hasErrors = true
      content.items[2] = .section(section)
    }
    check(120, first, .init(id: first, editor: editor))
    check(80, second, .init(id: second, editor: LineEditor("x")))
  }

  /// Cutting a line by columns: whole runs skipped or kept, a wide character at the edge left
  /// out (prefix) or turned into a space (dropping), styles kept.
  @Test func linesAreCutByColumns() {
    var line = Line("ab", .strong)
    line.add("漢字")
    line.add("cd", .faint)
    #expect(line.prefix(columns: 3).plainText == "ab")
    #expect(line.prefix(columns: 4).plainText == "ab漢")
    #expect(line.prefix(columns: 4).spans.map(\.style) == [.strong, .plain])
    #expect(line.dropping(columns: 3).plainText == " 字cd")
    #expect(line.dropping(columns: 2).plainText == "漢字cd")
    #expect(line.dropping(columns: 6).spans == [Line.Span(text: "cd", style: .faint)])
    #expect(line.dropping(columns: 9).plainText == "")
    #expect(line.overlaid(Line("↑"), at: 6).plainText == "ab漢字↑d")
  }

  /// A status longer than the window is wide (a payment's error) is wrapped onto up to three
  /// rows above the key hints, not cut off at the edge; the body gives them up.
  @Test func aLongStatusIsWrappedNotCut() throws {
    let message =
      "✗ Payment failed: No connection to the server at 127.0.0.1:18717: connection refused."
      + " Tap Pay to try again."
    let composer = FrameComposer(columns: 60, rows: 24, strings: CLIStrings(language: .en))
    var viewport = Viewport()
    let frame = composer.compose(
      Self.booking(), focus: nil, editing: nil, viewport: &viewport, overlay: .none,
      bottom: .hints("keys"), status: Line(" " + message, .colored(.red)))
    let text = frame.lines.map(\.plainText)
    #expect(text.count == 24)
    #expect(text.last == "keys")
    let footer = try #require(text.lastIndex { $0.contains("[ Pay ]") })
    let status = text[(footer + 1)..<(text.count - 1)]
    #expect(status.count == 3)
    #expect(status.joined(separator: " ").split(separator: " ") == message.split(separator: " "))
    #expect(text.allSatisfy { TextLayout.width($0) <= 60 })
    #expect(frame.bodyHeight == 24 - 1 - 2 - 1 - 3)
    let long = Line(" ✗ " + String(repeating: "word ", count: 100))
    let cut = composer.compose(
      Self.booking(), focus: nil, editing: nil, viewport: &viewport, overlay: .none,
      bottom: .hints("keys"), status: long)
    #expect(cut.lines[cut.lines.count - 2].plainText.hasSuffix("…"))
    #expect(cut.lines.count == 24)
  }

  @Test func focusablesAreInScreenOrderWithoutDisabledButtons() {
    var viewport = Viewport()
    let frame = composer.compose(
      Self.booking(), focus: nil, editing: nil, viewport: &viewport, overlay: .none,
      bottom: .hints(""), status: Line())
    let ids = frame.anchors.map(\.id)
    #expect(ids.first == "booking.tourist.1")
    #expect(ids[1] == "booking.tourist.1.firstName")
    #expect(ids.last == "booking.pay")
    #expect(!ids.contains("booking.addTourist"))
    #expect(ids.count == 4 * 7 + 1)
    #expect(frame.lines.count == 40)
  }

  @Test func aBoolFieldShowsTheStateTheViewModelGivesNotItsText() {
    var viewport = Viewport()
    let toggle = { (isOn: Bool, text: String) -> ContentItem in
      .field(
        FieldItem(
          id: "booking.extras.transfer", label: "Transfer", placeholder: "", value: text,
          error: nil, isValid: true, kind: .toggle, isOn: isOn))
    }
    let content = ScreenContent(
      screen: "booking", title: "Booking", items: [toggle(true, "Вкл"), toggle(false, "Yes")],
      focus: nil)
    let frame = composer.compose(
      content, focus: nil, editing: nil, viewport: &viewport, overlay: .none, bottom: .hints(""),
      status: Line())
    let text = frame.lines.map(\.plainText).joined(separator: "\n")
    // Before: the state was read back from the text, so "Вкл" showed off and "Yes" on.
    #expect(text.contains("[x] Вкл"))
    #expect(text.contains("[ ] Yes"))
  }

  @Test func theBodyScrollsToKeepTheFocusInViewAndTheBarsStay() {
    var viewport = Viewport()
    let last = "booking.tourist.4.expiry"
    let short = FrameComposer(columns: 100, rows: 24, strings: CLIStrings(language: .en))
    let frame = short.compose(
      Self.booking(), focus: last, editing: .init(id: last, editor: LineEditor("12")),
      viewport: &viewport, overlay: .none, bottom: .hints("keys"), status: Line("status"))
    #expect(viewport.top > 0)
    let text = frame.lines.map(\.plainText)
    #expect(text[0].hasPrefix(" Booking"))
    #expect(text.contains { $0.contains("› booking.tourist.4.expiry") })
    #expect(text[21].contains("[ Pay ]"))
    #expect(text[22] == "status")
    #expect(text[23] == "keys")
    if let cursor = frame.cursor {
      #expect(text[cursor.row].contains("› booking.tourist.4.expiry"))
    } else {
      Issue.record("no cursor in the edited field")
    }
    // Back to the top element: the view follows.
    _ = short.compose(
      Self.booking(), focus: "booking.tourist.1", editing: nil, viewport: &viewport,
      overlay: .none, bottom: .hints(""), status: Line())
    #expect(viewport.top <= 3)
  }

  @Test func anErrorUnderTheFocusedFieldIsKeptInView() {
    var content = Self.booking(touristCount: 4)
    content.items.append(Self.field("booking.extra", error: "Wrong\u{20}value"))
    var viewport = Viewport()
    let frame = composer.compose(
      content, focus: "booking.extra", editing: nil, viewport: &viewport, overlay: .none,
      bottom: .hints(""), status: Line())
    #expect(frame.lines.contains { $0.plainText.contains("✗ Wrong value") })
  }

  @Test func pagesScrollWithinTheContent() {
    var viewport = Viewport()
    viewport.scroll(pages: 1, height: 10, total: 25)
    #expect(viewport.top == 9)
    viewport.scroll(pages: 5, height: 10, total: 25)
    #expect(viewport.top == 15)
    viewport.scroll(pages: -9, height: 10, total: 25)
    #expect(viewport.top == 0)
  }

  @Test func belowTheSmallestSizeItSaysWhatItNeeds() {
    var viewport = Viewport()
    let small = FrameComposer(columns: 50, rows: 15, strings: CLIStrings(language: .ru))
    let frame = small.compose(
      Self.booking(), focus: nil, editing: nil, viewport: &viewport, overlay: .none,
      bottom: .hints(""), status: Line())
    let text = frame.lines.map(\.plainText).joined(separator: "\n")
    #expect(text.contains("50×15"))
    #expect(text.contains("60×20"))
    #expect(frame.anchors.isEmpty)
  }
}

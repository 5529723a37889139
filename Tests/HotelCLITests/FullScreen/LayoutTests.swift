import Domain
import Foundation
import Presentation
import Testing

@testable import HotelCLI

@Suite struct LayoutTests {
  /// A field at `path` labelled with its accessibility ID (so a test finds it on screen).
  private static func field(_ path: FieldPath, error: String? = nil) -> Block {
    .field(FieldModel(path: path, label: "booking." + path.rawValue, error: error))
  }

  /// A Booking-like screen, Presentation's public models as the flow gives them: four tourists
  /// of six fields each, the total, and Pay (drawn in the footer).
  private static func booking(touristCount: Int = 4) -> ScreenSnapshot {
    var blocks: [Block] = [.heading("Hotel"), .rows([.init(label: "Nights", value: "7")])]
    for tourist in 1...touristCount {
      let fields = ["firstName", "lastName", "birthDate", "citizenship", "number", "expiry"]
        .map { field(FieldPath(section: "tourist", index: tourist, field: $0)) }
      blocks.append(
        .section(
          SectionModel(
            handle: .form(SectionInstance(sectionID: "tourist", index: tourist)),
            title: "Tourist \(tourist)", isCollapsible: true, content: fields)))
    }
    blocks.append(
      .field(
        FieldModel(path: "price.total", label: "Total", value: "1 204 000 ₽", isEnabled: false)))
    blocks.append(.button(ButtonModel(action: .addTourist, title: "Add", isEnabled: false)))
    blocks.append(.button(ButtonModel(action: .pay, title: "Pay")))
    return ScreenSnapshot(screen: .booking, title: "Booking", blocks: blocks)
  }

  private static func shown(_ snapshot: ScreenSnapshot) -> ShownScreen {
    ShownScreen(snapshot, loading: "Loading…")
  }

  private let composer = FrameComposer(
    columns: 120, rows: 40, strings: CLIStrings(language: .en))

  /// The layout cache gives what a fresh layout gives, frame after frame: the focus moving,
  /// a field edited (its text and cursor), a section collapsed, a tourist added, a resize.
  @Test func theLayoutCacheDrawsWhatAFreshLayoutDraws() {
    let cache = BodyLayout.Cache()
    var blocks = Self.shown(Self.booking()).body
    let first = "booking.tourist.1.firstName"
    let second = "booking.tourist.2.lastName"
    var editor = LineEditor("Iv")
    func check(_ width: Int, _ focus: String?, _ editing: BodyLayout.Editing?) {
      let cached = BodyLayout(
        blocks: blocks, width: width, focus: focus, editing: editing, emptyValue: "empty",
        cache: cache)
      let fresh = BodyLayout(
        blocks: blocks, width: width, focus: focus, editing: editing, emptyValue: "empty")
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
    if case .section(var section) = blocks[3] {
      section.isExpanded = false
      blocks[3] = .section(section)
    }
    check(120, "booking.tourist.2", nil)
    blocks.insert(blocks[2], at: 2)
    check(120, "booking.tourist.2", nil)
    if case .section(var section) = blocks[2] {
      section.content[0] = Self.field("tourist.1.firstName", error: "Use letters")
      section.hasErrors = true
      blocks[2] = .section(section)
    }
    check(120, first, .init(id: first, editor: editor))
    // The flow's focus moved onto the field (the model changed, the drawing did not).
    if case .section(var section) = blocks[2], case .field(var field) = section.content[0] {
      field.isFocused = true
      section.content[0] = .field(field)
      blocks[2] = .section(section)
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

  /// Every focusable button carries the typed handle of its model, and a section its handle,
  /// the footer's Pay included: Enter presses through them (SPEC 10), not by parsing the
  /// accessibility ID back, which the anchor keeps only to be named (focus, `tap` lines).
  @Test func anchorsCarryTheTypedHandlesEnterPresses() throws {
    var viewport = Viewport()
    let frame = composer.compose(
      Self.shown(Self.booking()), focus: nil, editing: nil, viewport: &viewport, overlay: .none,
      bottom: .hints(KeyHints(hints: [.init(text: "keys", dropOrder: 0)])), status: Line())
    let pressed = frame.anchors.filter {
      if case .field = $0.kind { false } else { true }
    }
    let sections = (1...4).map { tourist in
      BodyLayout.Anchor.Kind.section(.form(SectionInstance(sectionID: "tourist", index: tourist)))
    }
    #expect(pressed.map(\.kind) == sections + [.button(.pay)])
    #expect(pressed.map(\.id) == (1...4).map { "booking.tourist.\($0)" } + ["booking.pay"])
  }

  /// The keys overlay at the minimum and common sizes, in both languages: every key, every word of
  /// every meaning and every ID is shown at some scroll position, each frame fits the window, and
  /// the box stays above the status and bottom lines.
  @Test(arguments: [(60, 20), (80, 24), (80, 30), (120, 40)])
  func theKeysOverlayShowsEverythingByScrolling(columns: Int, rows: Int) {
    let ids = (1...4).flatMap { tourist in
      ["firstName", "lastName", "birthDate", "citizenship", "passportNumber", "passportExpiry"]
        .map { "booking.tourist.\(tourist).\($0)" }
    }
    for language in [Language.en, .ru] {
      let strings = CLIStrings(language: language)
      let composer = FrameComposer(columns: columns, rows: rows, strings: strings)
      let limit = composer.helpScrollLimit(ids: ids)
      var seen = ""
      for top in 0...limit {
        let box = composer.helpBox(ids: ids, top: top)
        #expect(box.count <= rows - 5, "\(columns)×\(rows) at \(top)")
        #expect(box.allSatisfy { $0.width <= columns }, "\(columns)×\(rows) at \(top)")
        seen += box.map(\.plainText).joined(separator: " ") + " "
        var viewport = Viewport()
        let frame = composer.compose(
          Self.shown(Self.booking()), focus: nil, editing: nil, viewport: &viewport,
          overlay: .box(box), bottom: .hints(KeyHints(hints: [.init(text: "keys", dropOrder: 0)])),
          status: Line(" status"))
        let text = frame.lines.map(\.plainText)
        #expect(text.count == rows)
        #expect(text.suffix(2) == [" status", "keys"], "\(columns)×\(rows) at \(top)")
        #expect(text.contains { $0.contains("└") }, "the whole box: \(columns)×\(rows)")
      }
      let words = seen.split(separator: " ").map {
        $0.trimmingCharacters(in: .init(charactersIn: "│"))
      }
      for id in ids { #expect(words.contains(id), "\(id) at \(columns)×\(rows) \(language)") }
      for (keys, meaning) in strings.keys {
        #expect(seen.contains(keys.trimmingCharacters(in: .whitespaces)))
        for word in meaning.split(separator: " ") {
          #expect(words.contains(String(word)), "'\(word)' at \(columns)×\(rows) \(language)")
        }
      }
      // The last line tells how to scroll only when there is something to scroll.
      let last = composer.helpBox(ids: ids).dropLast().last?.plainText ?? ""
      #expect(last.contains("PgDn") == (limit > 0), "\(last)")
    }
  }

  /// The keys overlay asked for in a window below the minimum (a resize storm down to 1×1 with it
  /// open): there is no box, and the frame says what size it needs.
  @Test(arguments: [(1, 1), (3, 2), (4, 8), (59, 19), (60, 19)])
  func theKeysOverlayInATinyWindowIsNotDrawn(columns: Int, rows: Int) {
    let composer = FrameComposer(columns: columns, rows: rows, strings: CLIStrings(language: .ru))
    let box = composer.helpBox(ids: ["hotel.chooseRoom"], top: 5)
    #expect(box.isEmpty)
    var viewport = Viewport()
    let frame = composer.compose(
      Self.shown(Self.booking()), focus: nil, editing: nil, viewport: &viewport,
      overlay: .box(box), bottom: .hints(KeyHints(hints: [.init(text: "keys", dropOrder: 0)])),
      status: Line())
    #expect(frame.lines.count == max(rows, 1))
    #expect(frame.anchors.isEmpty)
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
      Self.shown(Self.booking()), focus: nil, editing: nil, viewport: &viewport, overlay: .none,
      bottom: .hints(KeyHints(hints: [.init(text: "keys", dropOrder: 0)])),
      status: Line(" " + message, .colored(.red)))
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
      Self.shown(Self.booking()), focus: nil, editing: nil, viewport: &viewport, overlay: .none,
      bottom: .hints(KeyHints(hints: [.init(text: "keys", dropOrder: 0)])), status: long)
    #expect(cut.lines[cut.lines.count - 2].plainText.hasSuffix("…"))
    #expect(cut.lines.count == 24)
  }

  @Test func focusablesAreInScreenOrderWithoutDisabledButtons() {
    var viewport = Viewport()
    let frame = composer.compose(
      Self.shown(Self.booking()), focus: nil, editing: nil, viewport: &viewport, overlay: .none,
      bottom: .hints(KeyHints(hints: [])), status: Line())
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
    let toggle = { (isOn: Bool, text: String) -> Block in
      .field(
        FieldModel(
          path: "extras.transfer", label: "Transfer", value: text, isValid: true,
          keyboard: .toggle, isOn: isOn))
    }
    let snapshot = ScreenSnapshot(
      screen: .booking, title: "Booking", blocks: [toggle(true, "Вкл"), toggle(false, "Yes")])
    let frame = composer.compose(
      Self.shown(snapshot), focus: nil, editing: nil, viewport: &viewport, overlay: .none,
      bottom: .hints(KeyHints(hints: [])), status: Line())
    let text = frame.lines.map(\.plainText).joined(separator: "\n")
    // Before: the state was read back from the text, so "Вкл" showed off and "Yes" on.
    #expect(text.contains("[x] Вкл"))
    #expect(text.contains("[ ] Yes"))
  }

  /// A valid bool field's ✓ is in the column of the other fields', not after the switch's word
  /// ("[x] Yes ✓").
  @Test func aBoolFieldsCheckMarkIsInTheColumnOfTheOthers() throws {
    var viewport = Viewport()
    let snapshot = ScreenSnapshot(
      screen: .booking, title: "Booking",
      blocks: [
        .field(
          FieldModel(path: "extras.promoCode", label: "Promo", value: "SUMMER10", isValid: true)),
        .field(
          FieldModel(
            path: "extras.transfer", label: "Transfer", value: "Yes", isValid: true,
            keyboard: .toggle, isOn: true)),
      ])
    let frame = composer.compose(
      Self.shown(snapshot), focus: nil, editing: nil, viewport: &viewport, overlay: .none,
      bottom: .hints(KeyHints(hints: [])), status: Line())
    let lines = frame.lines.map(\.plainText)
    let promo = try #require(lines.first { $0.contains("SUMMER10") })
    let transfer = try #require(lines.first { $0.contains("[x] Yes") })
    let column = { (line: String) in
      line.firstIndex(of: "✓").map { line.distance(from: line.startIndex, to: $0) }
    }
    #expect(column(promo) != nil)
    #expect(column(transfer) == column(promo), "\(promo)\n\(transfer)")
  }

  /// The public models are drawn as the flow gives them, so every text is neutralised as it
  /// is laid out: no escape or control character of the API's reaches the terminal, in the
  /// header, the body, the footer or an editor.
  @Test func hostileTextInTheModelsIsNeutralisedWhereItIsDrawn() {
    let hostile = "\u{1B}[2J\u{7}x"
    let snapshot = ScreenSnapshot(
      screen: .booking, title: "Booking" + hostile,
      blocks: [
        .heading(hostile), .text(hostile + "\n" + hostile), .rating(hostile),
        .price(amount: hostile, caption: hostile), .tags([hostile]),
        .rows([.init(label: hostile, value: hostile)]),
        .section(
          SectionModel(
            handle: .form(SectionInstance(sectionID: "buyer")), title: hostile,
            isCollapsible: true, isExpanded: false, summary: hostile, content: [])),
        .field(
          FieldModel(
            path: "buyer.email", label: hostile, placeholder: hostile, error: hostile)),
        .field(FieldModel(path: "buyer.phone", label: hostile, value: hostile)),
        .field(FieldModel(path: "price.total", label: hostile, value: hostile, isEnabled: false)),
        .button(ButtonModel(action: .addTourist, title: hostile)),
        .button(ButtonModel(action: .pay, title: hostile)),
      ])
    var viewport = Viewport()
    let phone = "booking.buyer.phone"
    let frame = composer.compose(
      Self.shown(snapshot), focus: phone,
      editing: .init(id: phone, editor: LineEditor(TerminalText.neutralized(hostile))),
      viewport: &viewport, overlay: .none, bottom: .hints(KeyHints(hints: [])), status: Line())
    let text = frame.lines.map(\.plainText).joined(separator: "\n")
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(text)")
    #expect(text.contains("␛[2J␇x"), "shown as inert text:\n\(text)")
    #expect(frame.anchors.last?.id == "booking.pay", "Pay is in the footer, once")
    #expect(frame.anchors.filter { $0.id == "booking.pay" }.count == 1)
  }

  /// A hostile API's wide content at the smallest size: a rating of thirty emoji, a room name of
  /// CJK, emoji, combining marks and RTL text as a section title, a long caption.
  ///
  /// Nothing is drawn past the line (the terminal would wrap it over the next one), a cut title
  /// ends with "…", and the scroll marker does not cover the last letter of a row's value.
  @Test func wideHostileContentStaysInsideItsLinesAtSixtyColumns() {
    let wide = "Hótël Z̵a̶l̷g̸o 東京グランドホテル🏨👨‍👩‍👧‍👦 超長い名前の非常に長いホテル名前 فندق القاهرة"
    var blocks: [Block] = [
      .heading(wide), .rating("★ 5 " + String(repeating: "🌟", count: 30)),
      .price(amount: "186 600 ₽", caption: String(repeating: "За 7 ночей с перелётом ", count: 5)),
      .rows([.init(label: "Питание", value: "Все включено")]),
      .section(
        SectionModel(
          handle: .form(SectionInstance(sectionID: "tourist", index: 1)), title: wide,
          isCollapsible: true, isExpanded: false, summary: wide + wide, content: [])),
    ]
    for index in 1...30 { blocks.append(.text("line \(index)")) }
    let snapshot = ScreenSnapshot(screen: .booking, title: "Бронирование", blocks: blocks)
    let small = FrameComposer(columns: 60, rows: 20, strings: CLIStrings(language: .ru))
    var titleSeen = false
    for top in 0...8 {
      var viewport = Viewport()
      viewport.reveal(first: top, last: top, height: 1, total: 1_000)
      let frame = small.compose(
        Self.shown(snapshot), focus: nil, editing: nil, viewport: &viewport, overlay: .none,
        bottom: .hints(KeyHints(hints: [.init(text: "keys", dropOrder: 0)])), status: Line())
      for line in frame.lines {
        #expect(line.width <= 60, "drawn past the line: \(line.plainText)")
      }
      let text = frame.lines.map(\.plainText)
      if text.contains(where: { $0.contains("▸ Hótël") }) {
        titleSeen = true
        #expect(text.contains { $0.contains("▸ Hótël") && $0.contains("… ─") }, "\(text)")
      }
      if let row = text.first(where: { $0.contains("Питание") }) {
        #expect(row.contains("Все включено"), "\(text)")
      }
    }
    #expect(titleSeen)
  }

  /// Hotel and room names, field text and the status line with emoji sequences, a flag, a
  /// skin tone and a combining accent: each grapheme cluster is measured as the one glyph a
  /// terminal draws, so a right-aligned value ends where an ASCII one does, the focused
  /// field's cursor stands right after its text, and the status line keeps its width. (Counted
  /// per scalar, this name took 26 columns, not 20, and the row's border moved 6 columns.)
  @Test func emojiSequencesAndAccentsTakeTheColumnsTheyAreDrawnIn() throws {
    let name = "Family 👨‍👩‍👧 Cafe\u{301} 🇪🇬 👍🏽"
    let nameColumns = 20
    let first = "booking.tourist.1.firstName"
    let snapshot = ScreenSnapshot(
      screen: .booking, title: "Booking",
      blocks: [
        .heading(name),
        .rows([.init(label: "Hotel", value: name), .init(label: "Nights", value: "7 nights")]),
        .field(FieldModel(path: "tourist.1.firstName", label: first, value: name)),
      ])
    var viewport = Viewport()
    let frame = composer.compose(
      Self.shown(snapshot), focus: first,
      editing: .init(id: first, editor: LineEditor(name)), viewport: &viewport,
      overlay: .none, bottom: .hints(KeyHints(hints: [.init(text: "keys", dropOrder: 0)])),
      status: Line("✓ " + name + " 🏳️‍🌈"))
    let text = frame.lines.map(\.plainText)
    let nights = try #require(text.first { $0.contains("Nights") })
    let hotel = try #require(text.first { $0.contains("Hotel") && $0.hasSuffix(name) })
    #expect(nights.count == hotel.dropLast(name.count).count + nameColumns, "\(text)")
    for line in frame.lines { #expect(line.width <= 120, "\(line.plainText)") }
    let field = try #require(text.firstIndex { $0.contains(first) })
    let cursor = try #require(frame.cursor)
    #expect(cursor.row == field)
    let before = try #require(text[field].range(of: name)).lowerBound
    #expect(cursor.column == text[field][..<before].count + nameColumns, "\(text[field])")
  }

  @Test func theBodyScrollsToKeepTheFocusInViewAndTheBarsStay() {
    var viewport = Viewport()
    let last = "booking.tourist.4.expiry"
    let short = FrameComposer(columns: 100, rows: 24, strings: CLIStrings(language: .en))
    let frame = short.compose(
      Self.shown(Self.booking()), focus: last, editing: .init(id: last, editor: LineEditor("12")),
      viewport: &viewport, overlay: .none,
      bottom: .hints(KeyHints(hints: [.init(text: "keys", dropOrder: 0)])), status: Line("status"))
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
      Self.shown(Self.booking()), focus: "booking.tourist.1", editing: nil, viewport: &viewport,
      overlay: .none, bottom: .hints(KeyHints(hints: [])), status: Line())
    #expect(viewport.top <= 3)
  }

  @Test func anErrorUnderTheFocusedFieldIsKeptInView() {
    var snapshot = Self.booking(touristCount: 4)
    snapshot.blocks.append(Self.field("extra.field", error: "Wrong\u{20}value"))
    var viewport = Viewport()
    let frame = composer.compose(
      Self.shown(snapshot), focus: "booking.extra.field", editing: nil, viewport: &viewport,
      overlay: .none,
      bottom: .hints(KeyHints(hints: [])), status: Line())
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
      Self.shown(Self.booking()), focus: nil, editing: nil, viewport: &viewport, overlay: .none,
      bottom: .hints(KeyHints(hints: [])), status: Line())
    let text = frame.lines.map(\.plainText).joined(separator: "\n")
    #expect(text.contains("50×15"))
    #expect(text.contains("60×20"))
    #expect(frame.anchors.isEmpty)
  }

  /// Below the smallest size, the status line (keys that wait for the window to grow) is on
  /// the last row where it fits under what size is needed; not where it would cover that.
  @Test func belowTheSmallestSizeTheStatusLineStaysWhereItFits() {
    var viewport = Viewport()
    for (columns, rows, shown) in [(40, 12, true), (30, 4, false), (1, 1, false)] {
      let small = FrameComposer(columns: columns, rows: rows, strings: CLIStrings(language: .en))
      let frame = small.compose(
        Self.shown(Self.booking()), focus: nil, editing: nil, viewport: &viewport,
        overlay: .none, bottom: .hints(KeyHints(hints: [])), status: Line(" 2 keys typed ahead"))
      #expect(frame.lines.count == rows)
      #expect(frame.lines.last?.plainText.hasPrefix(" 2 keys") == shown, "\(columns)×\(rows)")
    }
  }

  /// A hostile API's megabyte name and description, and a thousand tags, take a few lines
  /// each, cut with "…" and counted, not thousands of lines to scroll past.
  @Test func hugeTextsAndTagListsAreCut() {
    let blocks: [Block] = [
      .heading(String(repeating: "Long ", count: 200_000)),
      .text(String(repeating: "W", count: 1_000_000)),
      .tags((0..<1_000).map { "Tag \($0)" }),
    ]
    let layout = BodyLayout(
      blocks: blocks, width: 120, focus: nil, editing: nil, emptyValue: "empty")
    let text = layout.lines.map(\.plainText)
    let headingAndText = TextLayout.maximumHeadingLines + TextLayout.maximumTextLines
    #expect(text.count < headingAndText + 20)
    #expect(text[TextLayout.maximumHeadingLines - 1].hasSuffix("…"))
    #expect(text.contains { $0.contains("[… +960]") })
    #expect(!text.contains { $0.contains("[Tag 40]") })
  }
}

/// A price line (a read-only field) drawn with its field's style, as an input is.
@Suite struct PriceLineStyleTests {
  @Test func aPriceLineTakesItsFieldsStyle() throws {
    let red = try #require(RGBColor(hex: "#C62828"))
    let style = FormStyle(font: .bold, foreground: red)
    let blocks: [Block] = [
      .field(
        FieldModel(
          path: "price.total", label: "Total", value: "1 204 000 ₽", isEnabled: false,
          style: style))
    ]
    let layout = BodyLayout(
      blocks: blocks, width: 80, focus: nil, editing: nil, emptyValue: "empty")
    let line = try #require(layout.lines.first { $0.plainText.contains("Total") })
    let value = try #require(line.spans.first { $0.text.contains("1 204 000") })
    #expect(value.style == TextStyle.plain.applying(style))
    let label = try #require(line.spans.first { $0.text.contains("Total") })
    #expect(label.style == TextStyle.faint.applying(style))
  }
}

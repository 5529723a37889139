import Domain
import Presentation

/// Draws Presentation's ``ScreenSnapshot`` for a terminal, from its public component models: a
/// header with the title, boxed sections, the carousel position, collapsible sections (▸/▾), fields
/// with their errors, the sticky footer (Booking's total and Pay), and the notice, progress and
/// toast lines.
///
/// Its lines are ``StyledLine``s: their text is neutralised where they are written.
struct ScreenRenderer: Sendable {
  /// The styles (plain without colour).
  var style: Style
  /// The total width in columns.
  var width: Int
  /// The words the renderer adds ("Loading…", "empty"), in the screen's language.
  var strings: Localizer
  /// Whether the screen is drawn outside the form being filled (a test report), so fields
  /// holding personal data show their masked value (SPEC section 8).
  var masksPersonalData: Bool

  /// Creates a renderer.
  init(
    color: Bool, width: Int = 72, strings: Localizer = Localizer(language: .en),
    masksPersonalData: Bool = false
  ) {
    style = Style(isEnabled: color)
    self.width = min(max(width, 40), 120)
    self.strings = strings
    self.masksPersonalData = masksPersonalData
  }

  /// The screen as text, its lines as the terminal gets them (without a trailing newline).
  func render(_ snapshot: ScreenSnapshot) -> String { lines(snapshot).written }

  /// The screen's lines.
  func lines(_ snapshot: ScreenSnapshot) -> [StyledLine] {
    var lines: [StyledLine] = []
    draw(snapshot) { line in
      lines.append(line)
      return true
    }
    return lines
  }

  /// Passes the screen's lines to `body`, first to last, until it returns `false`: a search
  /// that finds what it looks for near the top has the rest left undrawn.
  func draw(_ snapshot: ScreenSnapshot, to body: (StyledLine) -> Bool) {
    let snapshot = masksPersonalData ? snapshot.maskingPersonalData : snapshot
    func pass(_ lines: [StyledLine]) -> Bool { lines.allSatisfy(body) }
    guard body(header(snapshot)) else { return }
    if let notice = snapshot.notice {
      guard body(StyledLine("! " + notice, style.yellow)) else { return }
    }
    if snapshot.isLoading {
      let progress = snapshot.buttons.first { $0.isInProgress }?.title ?? strings.loading
      guard body(StyledLine("… " + progress, style.cyan)) else { return }
    }
    let footer = Self.footer(of: snapshot)
    var sections = 0
    var hiddenSections = 0
    for block in snapshot.blocks where !(footer?.button.map { block == .button($0) } ?? false) {
      if case .section = block, snapshot.screen == .rooms {
        sections += 1
        if sections > Self.maximumRoomCards {
          hiddenSections += 1
          continue
        }
      }
      guard pass(render(topLevel: block)) else { return }
    }
    if hiddenSections > 0 {
      guard body(StyledLine(" ") + StyledLine(more(hiddenSections), style.dim)) else { return }
    }
    if let footer {
      guard pass(render(footer)) else { return }
    }
    if let toast = snapshot.toast { _ = body(StyledLine(" » " + toast + " ", style.inverse)) }
  }

  // MARK: - Caps

  /// The most room cards the Rooms screen draws; the others are counted ("… and 9 950 more"), still
  /// addressable by their IDs.
  ///
  /// A catalogue of 100 000 rooms prints a screen, not 80 MB.
  static let maximumRoomCards = 50
  /// "… and N more" in the screen's language.
  func more(_ count: Int) -> String {
    strings.language == .ru ? "… и ещё \(count)" : "… and \(count) more"
  }

  // MARK: - Header and footer

  /// The sticky footer: the total to pay and Pay, on Booking (the full-screen app's footer
  /// too).
  struct Footer {
    /// The total to pay (`booking.price.total`), if the form has it.
    var total: FieldModel?
    /// Pay.
    var button: ButtonModel?
  }

  /// The footer of `snapshot`: Booking's top-level Pay and the total, or `nil`.
  static func footer(of snapshot: ScreenSnapshot) -> Footer? {
    guard snapshot.screen == .booking else { return nil }
    var pay: ButtonModel?
    for case .button(let button) in snapshot.blocks where button.action == .pay { pay = button }
    guard let pay else { return nil }
    return Footer(total: snapshot.field(at: "price.total"), button: pay)
  }

  private func header(_ snapshot: ScreenSnapshot) -> StyledLine {
    var left = StyledLine()
    left.add("━━ ")
    left.add(snapshot.title, style.bold)
    left.add(" ")
    var right = StyledLine()
    right.add(" " + snapshot.screen.rawValue, style.dim)
    right.add(" ━━")
    var line = left
    let fill = width - left.width - right.width
    if fill > 0 { line.add(String(repeating: "━", count: fill)) }
    return line + right
  }

  private func render(_ footer: Footer) -> [StyledLine] {
    var lines = [StyledLine(TextLayout.rule(.double, count: width))]
    if let total = footer.total {
      var left = StyledLine()
      left.add("  " + total.label)
      var right = StyledLine()
      let value = total.isInProgress ? total.value + " (" + strings.updating + ")" : total.value
      right.add(value, style.bold)
      lines.append(StyledLine.spread(left, right, columns: width - 2))
    }
    if let button = footer.button {
      lines.append(buttonLine(button, columns: width - 2, indent: "  "))
    }
    return lines
  }

  // MARK: - Components

  private var inner: Int { width - 4 }

  private func render(topLevel block: Block) -> [StyledLine] {
    if case .section(let section) = block { return box(section) }
    return lines(block, columns: width, indent: " ")
  }

  private static func showsContent(_ section: SectionModel) -> Bool {
    section.isExpanded || !section.isCollapsible
  }

  private func box(_ section: SectionModel) -> [StyledLine] {
    var right = StyledLine()
    if section.isCollapsible {
      right.add(" ")
      right.add(section.id, style.dim)
      right.add(" ─┐")
    } else {
      right.add("─┐")
    }
    var top = StyledLine()
    top.add("┌─ ")
    if section.isCollapsible { top.add(section.isExpanded ? "▾ " : "▸ ") }
    let room = width - top.width - right.width - 2
    top.add(TextLayout.truncate(section.title, to: max(room, 1)), style.bold)
    top.add(" ")
    let fill = width - top.width - right.width
    if fill > 0 { top.add(TextLayout.rule(.single, count: fill)) }
    var result = [top + right]
    var body = section.content.flatMap { lines($0, columns: inner, indent: "") }
    if !Self.showsContent(section) {
      body = section.summary.map { caption($0, columns: inner, indent: "") } ?? []
    }
    for line in body {
      var boxed = StyledLine()
      boxed.add("│ ")
      var content = line
      content.pad(to: inner)
      result.append(boxed + content + StyledLine(" │"))
    }
    result.append(StyledLine("└" + TextLayout.rule(.single, count: width - 2) + "┘"))
    return result
  }

  private func caption(_ text: String, columns: Int, indent: String) -> [StyledLine] {
    TextLayout.wrap(text, to: columns - TextLayout.width(indent)).map { part in
      var line = StyledLine()
      line.add(indent)
      line.add(part, style.dim)
      return line
    }
  }

  private func detail(
    label: String, value: String, columns: Int, indent: String
  ) -> [StyledLine] {
    let available = columns - TextLayout.width(indent)
    var left = StyledLine()
    left.add(indent + label, style.dim)
    var right = StyledLine()
    right.add(value)
    if left.width + 2 + right.width <= columns {
      return [StyledLine.spread(left, right, columns: columns)]
    }
    return [left]
      + TextLayout.wrap(value, to: available - 2).map { part in
        var line = StyledLine()
        line.add(indent + "  " + part)
        return line
      }
  }

  private func lines(_ block: Block, columns: Int, indent: String) -> [StyledLine] {
    let available = columns - TextLayout.width(indent)
    func plain(_ text: String, _ style: Style.Code? = nil) -> StyledLine {
      var line = StyledLine()
      line.add(indent)
      line.add(text, style)
      return line
    }
    switch block {
    case .carousel(let carousel):
      var left = StyledLine()
      left.add(indent + "◀ ")
      // The model's words ("2 / 3", "No photos"), as the full-screen app shows them.
      left.add(carousel.position, style.bold)
      left.add(" ▶")
      var right = StyledLine()
      right.add(carousel.id + ".previous / .next", style.dim)
      var result = [StyledLine.spread(left, right, columns: columns)]
      if let caption = carousel.currentImageURL {
        result.append(plain(TextLayout.truncate(caption, to: available), style.dim))
      }
      return result
    case .rating(let text):
      return [plain(text, style.yellow)]
    case .heading(let text):
      return TextLayout.wrap(
        text, to: available, maximumLines: TextLayout.maximumHeadingLines
      )
      .map { plain($0, style.bold) }
    case .text(let text):
      return TextLayout.wrap(
        text.replacing("\r\n", with: "\n"), to: available,
        maximumLines: TextLayout.maximumTextLines
      ).map { plain($0) }
    case .rows(let rows):
      return rows.flatMap {
        detail(label: $0.label, value: $0.value, columns: columns, indent: indent)
      }
    case .price(let amount, let caption):
      var line = StyledLine()
      line.add(indent)
      line.add(amount, style.bold)
      if !caption.isEmpty { line.add("  " + caption, style.dim) }
      return [line]
    case .tags(let tags):
      let shown = TextLayout.cappedTags(tags, more: more)
      return TextLayout.chips(shown, columns: available).map { plain($0) }
    case .section(let section):
      var title = StyledLine()
      title.add(indent + (section.isCollapsible ? section.isExpanded ? "▾ " : "▸ " : ""))
      title.add(section.title, style.bold)
      var right = StyledLine()
      if section.isCollapsible { right.add(section.id, style.dim) }
      let body =
        Self.showsContent(section)
        ? section.content.flatMap { lines($0, columns: columns, indent: indent + "  ") }
        : section.summary.map { caption($0, columns: columns, indent: indent + "  ") } ?? []
      return [StyledLine.spread(title, right, columns: columns)] + body
    case .field(let field):
      return fieldLines(field, columns: columns, indent: indent)
        + (field.retry.map { [buttonLine($0, columns: columns, indent: indent)] } ?? [])
    case .button(let button):
      return [buttonLine(button, columns: columns, indent: indent)]
    }
  }

  private func fieldLines(_ field: FieldModel, columns: Int, indent: String) -> [StyledLine] {
    let progress = field.isInProgress ? strings.updating : nil
    if !field.isEnabled, field.error == nil {
      let value = progress.map { field.value + " ⟳ " + $0 } ?? field.value
      return detail(label: field.label, value: value, columns: columns, indent: indent)
    }
    let invalid = field.error != nil
    let labelStyle = invalid ? style.red : field.isFocused ? style.cyan : nil
    var label = StyledLine()
    label.add(indent)
    label.add(field.isFocused ? "› " : "  ", style.cyan)
    label.add(field.label, labelStyle)
    var id = StyledLine()
    id.add(field.id, style.dim)
    var result = [StyledLine.spread(label, id, columns: columns)]

    let available = columns - TextLayout.width(indent) - 4
    var value = StyledLine()
    value.add(indent + "  ")
    if field.value.isEmpty {
      let placeholder = field.placeholder.isEmpty ? strings.emptyValue : field.placeholder
      value.add("(" + placeholder + ")", style.dim)
    } else {
      let text = TextLayout.truncate(field.value, to: available)
      if invalid { value.add(text, style.red) } else { value.add(text) }
    }
    if field.isValid, !invalid { value.add(" ✓", style.green) }
    if let progress { value.add(" ⟳ " + progress, style.cyan) }
    result.append(value)
    if let error = field.error {
      for (index, part) in TextLayout.wrap(error, to: available - 2).enumerated() {
        var line = StyledLine()
        line.add(indent + "  ")
        line.add((index == 0 ? "✗ " : "  ") + part, style.red)
        result.append(line)
      }
    }
    return result
  }

  private func buttonLine(_ button: ButtonModel, columns: Int, indent: String) -> StyledLine {
    var left = StyledLine()
    left.add(indent)
    let title = "[ " + button.title + " ]"
    if button.isEnabled {
      left.add(title, style.cyan)
    } else {
      left.add(title + CLIStrings(language: strings.language).disabledNote, style.dim)
    }
    var right = StyledLine()
    right.add(button.id, style.dim)
    return StyledLine.spread(left, right, columns: columns)
  }
}

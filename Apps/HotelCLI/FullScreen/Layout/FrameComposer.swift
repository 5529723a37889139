import Presentation

/// Draws a whole frame of the full-screen app from its state: the fixed header, the body scrolled
/// to keep the focus in view, Booking's fixed footer (total and Pay), the status line, the bottom
/// line (key hints or the `:` prompt), and a popup over the body.
///
/// Below the smallest size it draws only what size it needs.
struct FrameComposer {
  /// The smallest window the app draws in.
  static let minimumSize = (columns: 60, rows: 20)

  /// What is drawn over the body.
  enum Overlay {
    /// Nothing.
    case none
    /// The calendar of a date field.
    case calendar(CalendarPopup)
    /// A box of lines (the keys).
    case box([Line])
  }

  /// What the bottom line shows.
  enum Bottom {
    /// Key hints, fitted to the width.
    case hints(KeyHints)
    /// The `:` prompt.
    case prompt(LineEditor)
  }

  /// A drawn frame.
  struct Frame {
    /// One line per row.
    var lines: [Line]
    /// Where the cursor goes, if shown.
    var cursor: ScreenBuffer.Cursor?
    /// The focusable elements in order (the footer's Pay last).
    var anchors: [BodyLayout.Anchor]
    /// The body's lines (all of them, not only those in view).
    var bodyLineCount: Int
    /// How many body lines are in view.
    var bodyHeight: Int
  }

  /// The window's columns.
  var columns: Int
  /// The window's rows.
  var rows: Int
  /// The app's own words.
  var strings: CLIStrings
  /// The body's layout of the last frame, reused where nothing changed (see
  /// ``BodyLayout/Cache``).
  var cache: BodyLayout.Cache?

  /// Draws `screen`, scrolling `viewport` to show `focus`.
  func compose(
    _ screen: ShownScreen, focus: String?, editing: BodyLayout.Editing?,
    viewport: inout Viewport, overlay: Overlay, bottom: Bottom, status: Line
  ) -> Frame {
    guard columns >= Self.minimumSize.columns, rows >= Self.minimumSize.rows else {
      return tooSmall(status: status)
    }
    let footerHeight = screen.footer == nil ? 0 : 2
    let statusRows = wrapped(status)
    let bodyHeight = rows - 1 - footerHeight - 1 - statusRows.count
    let layout = BodyLayout(
      blocks: screen.body, width: columns, focus: focus, editing: editing,
      emptyValue: Localizer(language: strings.language).emptyValue, cache: cache)
    var anchors = layout.anchors
    let body = layout.lines
    if let focused = anchors.first(where: { $0.id == focus }) {
      viewport.reveal(
        first: focused.firstLine, last: focused.headsUpTo ?? focused.lastLine, height: bodyHeight,
        total: body.count)
    } else {
      viewport.clamp(height: bodyHeight, total: body.count)
    }
    var lines = [header(screen.snapshot)]
    for row in 0..<bodyHeight {
      let index = viewport.top + row
      var line = index < body.count ? body[index] : Line()
      if row == 0, viewport.top > 0 { line = marker(line, "↑") }
      if row == bodyHeight - 1, index < body.count - 1 { line = marker(line, "↓") }
      lines.append(line)
    }
    var cursor: ScreenBuffer.Cursor?
    if let focused = anchors.first(where: { $0.id == focus }), let at = focused.cursor,
      viewport.shows(first: at.row, last: at.row, height: bodyHeight)
    {
      cursor = ScreenBuffer.Cursor(row: 1 + at.row - viewport.top, column: at.column)
    }
    if let footer = screen.footer, let button = footer.button {
      lines.append(Line(TextLayout.rule(.double, count: columns), .faint))
      var line = Line(" " + (footer.total?.label ?? "") + "  ")
      line.add(footer.total?.value ?? "", .strong)
      var title = "[ " + button.title + " ]"
      var style = TextStyle.colored(.cyan, bold: true)
      if button.id == focus {
        style.inverse = true
        title = "›" + title
      }
      line.pad(to: max(line.width + 2, columns - 1 - TextLayout.width(title)))
      line.add(title, style)
      lines.append(line.prefix(columns: columns))
      let row = lines.count - 1
      anchors.append(
        .init(id: button.id, kind: .button(button.action), firstLine: row, lastLine: row))
    }
    lines += statusRows
    switch bottom {
    case .hints(let hints):
      lines.append(Line(hints.text(fitting: columns - 1), .faint))
    case .prompt(let editor):
      let room = columns - 2
      let shift = max(0, editor.cursorColumn - room + 1)
      var line = Line(":", .strong)
      line.add(Line(editor.text).dropping(columns: shift).prefix(columns: room))
      lines.append(line)
      cursor = ScreenBuffer.Cursor(row: rows - 1, column: 1 + editor.cursorColumn - shift)
    }
    switch overlay {
    case .none: break
    case .calendar(let calendar):
      cursor = nil
      place(
        calendar.lines(strings: strings), over: &lines, bodyHeight: bodyHeight,
        above: statusRows.count + 1)
    case .box(let box):
      cursor = nil
      place(box, over: &lines, bodyHeight: bodyHeight, above: statusRows.count + 1)
    }
    return Frame(
      lines: lines, cursor: cursor, anchors: anchors, bodyLineCount: body.count,
      bodyHeight: bodyHeight)
  }

  /// The keys popup: every key, the script commands and the IDs on the screen, scrolled to its line
  /// `top` (clamped to ``helpScrollLimit(ids:)``).
  ///
  /// Nothing is cut: a meaning too wide for the window is wrapped, and what does not fit in the
  /// window's height is reached by scrolling (↑ ↓ PgUp PgDn), which the last line then says, with
  /// where it is.
  func helpBox(ids: [String], top: Int = 0) -> [Line] {
    // Below the minimum the frame says what size it needs instead; the box is not drawn (and
    // its rules would have a negative length: a resize to 1×1 with the overlay open trapped).
    guard columns >= Self.minimumSize.columns, rows >= Self.minimumSize.rows else { return [] }
    let inner = helpInnerWidth
    let body = helpLines(ids: ids)
    let room = helpRoom
    var shown = body
    var hint = strings.closeHint
    if body.count > room {
      let first = min(max(0, top), body.count - room)
      shown = Array(body[first..<(first + room)])
      hint = strings.helpScrollHint(first: first + 1, last: first + room, of: body.count)
    }
    shown.append(Line(TextLayout.truncate(hint, to: inner), .faint))
    return box(title: strings.keysTitle, shown, inner: inner)
  }

  /// The highest line the keys popup can be scrolled to (0 when it fits).
  func helpScrollLimit(ids: [String]) -> Int {
    max(0, helpLines(ids: ids).count - helpRoom)
  }

  /// How many lines of the keys popup are shown at once: the window's height less the header,
  /// the status and bottom lines, the box's borders and its hint line.
  var helpRoom: Int { max(1, rows - 8) }

  private var helpInnerWidth: Int { max(1, min(columns - 4, 96)) }

  private func helpLines(ids: [String]) -> [Line] {
    let inner = helpInnerWidth
    let keyWidth = min(26, inner / 3)
    var body: [Line] = []
    for (keys, meaning) in strings.keys {
      // Keys as wide as their column (`Ctrl-U, Ctrl-K, Ctrl-W` in a 60-column window) take a
      // line of their own, the meaning under them: never run into it ("Ctrl-Wdelete").
      let ownLine = TextLayout.width(keys) >= keyWidth
      if ownLine {
        for part in TextLayout.wrap(keys, to: inner) { body.append(Line(part, .colored(.cyan))) }
      }
      let parts = TextLayout.wrap(meaning, to: max(1, inner - keyWidth))
      for (index, part) in parts.enumerated() {
        var line = Line(
          TextLayout.pad(index == 0 && !ownLine ? keys : "", to: keyWidth), .colored(.cyan))
        line.add(part)
        body.append(line)
      }
    }
    body.append(Line())
    for part in TextLayout.wrap(strings.commandsLine, to: inner) {
      body.append(Line(part, .faint))
    }
    if !ids.isEmpty {
      for part in TextLayout.wrap(strings.idsTitle + ":", to: inner) {
        body.append(Line(part, .strong))
      }
      for part in TextLayout.wrap(ids.joined(separator: "  "), to: inner) {
        body.append(Line(part, .faint))
      }
    }
    return body
  }

  // MARK: - Private

  private func header(_ snapshot: ScreenSnapshot) -> Line {
    var line = Line(" " + snapshot.title + " ", TextStyle(bold: true, inverse: true))
    line.pad(to: columns, .reversed)
    return line.prefix(columns: columns)
  }

  private func marker(_ line: Line, _ symbol: String) -> Line {
    line.overlaid(Line(symbol, .faint), at: columns - 2).prefix(columns: columns)
  }

  private func tooSmall(status: Line) -> Frame {
    let (needColumns, needRows) = Self.minimumSize
    let message = strings.tooSmall(columns: columns, rows: rows, needed: (needColumns, needRows))
    var lines = Array(repeating: Line(), count: max(rows, 1))
    let parts = TextLayout.wrap(message, to: max(columns - 2, 1))
    for (index, part) in parts.enumerated() where index + rows / 2 < lines.count {
      let left = max(0, (columns - TextLayout.width(part)) / 2)
      lines[index + rows / 2] = Line(String(repeating: " ", count: left) + part, .strong)
        .prefix(columns: columns)
    }
    if rows / 2 + parts.count < rows - 1 {
      lines[rows - 1] = status.prefix(columns: columns)
    }
    return Frame(lines: lines, cursor: nil, anchors: [], bodyLineCount: 0, bodyHeight: 0)
  }

  private func box(title: String, _ body: [Line], inner: Int) -> [Line] {
    var top = Line("┌─ ")
    top.add(title, .strong)
    top.add(" ")
    top.add(String(repeating: "─", count: max(0, inner + 3 - top.width)))
    top.add("┐")
    var lines = [top]
    for line in body {
      var row = Line("│ ")
      row.add(line.prefix(columns: inner))
      row.pad(to: inner + 2)
      row.add(" │")
      lines.append(row)
    }
    lines.append(Line("└" + String(repeating: "─", count: inner + 2) + "┘"))
    return lines
  }

  /// The status line, wrapped onto up to three rows when it is wider than the window (an
  /// error is read whole, not cut off at the edge); a longer one ends in "…".
  private func wrapped(_ status: Line) -> [Line] {
    guard status.width > columns - 1 else { return [status] }
    let style = status.spans.first?.style ?? .plain
    var parts = TextLayout.wrap(status.plainText, to: columns - 4)
    if parts.count > 3 {
      parts = Array(parts.prefix(3))
      parts[2] = TextLayout.truncate(parts[2] + " …", to: columns - 4)
    }
    return parts.enumerated().map { index, part in
      Line((index == 0 ? " " : "   ") + part, style).prefix(columns: columns)
    }
  }

  private func place(_ popup: [Line], over lines: inout [Line], bodyHeight: Int, above: Int) {
    let width = popup.map(\.width).max() ?? 0
    let left = max(0, (columns - width) / 2)
    let top = 1 + max(0, (bodyHeight - popup.count) / 2)
    for (index, line) in popup.enumerated() where top + index < lines.count - above {
      lines[top + index] = lines[top + index].overlaid(line, at: left).prefix(columns: columns)
    }
  }
}

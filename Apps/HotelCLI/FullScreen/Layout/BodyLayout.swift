import Domain
import Presentation

/// The scrolling part of a screen laid out as lines from Presentation's public component models
/// (``Block`` and what it holds), with where each focusable element is: fields (editable ones),
/// enabled buttons and section toggles, in screen order.
///
/// Every text is neutralised for the terminal as it is laid out.
struct BodyLayout: Sendable {
  /// A focusable element and the lines it takes.
  struct Anchor: Equatable, Sendable {
    /// What it is.
    enum Kind: Equatable, Sendable {
      /// A field, as the flow showed it.
      case field(FieldModel)
      /// A button, with the typed handle its press performs (``ButtonModel/action``).
      case button(ButtonAction)
      /// A collapsible section's title, with the section's typed handle (Enter toggles it).
      case section(SectionHandle)
    }

    /// The accessibility ID.
    var id: String
    /// What it is.
    var kind: Kind
    /// Its first line.
    var firstLine: Int
    /// Its last line (its error included).
    var lastLine: Int
    /// The last line of what it heads (an open section's content), shown with it when it takes the
    /// focus as far as the body's height allows (Tab onto "▾ Price" shows the price lines, which
    /// hold nothing to focus).
    ///
    /// `nil`: the element alone.
    var headsUpTo: Int?
    /// Where the cursor goes while it is edited (line and column), for editable fields.
    var cursor: ScreenBuffer.Cursor?

    /// The same anchor `lines` further down.
    func moved(by lines: Int) -> Anchor {
      var moved = self
      moved.firstLine += lines
      moved.lastLine += lines
      moved.headsUpTo? += lines
      moved.cursor?.row += lines
      return moved
    }
  }

  /// The lines.
  private(set) var lines: [Line] = []
  /// The focusable elements in screen order.
  private(set) var anchors: [Anchor] = []

  /// The field being edited and its editor, if any.
  struct Editing: Equatable, Sendable {
    /// The field's ID.
    var id: String
    /// Its editor.
    var editor: LineEditor
  }

  /// What each top-level block was laid out to in the last frame, kept by the app between
  /// frames: a block equal to the one then (its component models are `Equatable` values), in
  /// the same width and with the same focus and editing inside it, takes its lines again
  /// instead of being laid out anew (a keystroke changes one field of one section, not the
  /// other sections).
  final class Cache {
    fileprivate struct Entry: Sendable {
      var block: Block
      var width: Int
      var indent = 1
      /// The focus, when it was on one of the block's elements.
      var focus: String?
      /// The editor, when it was on one of the block's fields.
      var editing: LineEditor?
      var lines: [Line]
      /// The block's anchors, their lines counted from the block's first.
      var anchors: [Anchor]
    }

    fileprivate var entries: [Entry] = []
    /// The fields by their handle, at any depth (an edited section lays out only the edited
    /// field).
    fileprivate var fields: [FieldPath: Entry] = [:]

    /// An empty cache.
    init() {}
  }

  /// Lays out `blocks` in `width` columns with `focus` highlighted and `editing` shown in place,
  /// an empty field showing its placeholder or else `emptyValue` ("empty"), taking what did
  /// not change from `cache` (and leaving this layout in it).
  init(
    blocks: [Block], width: Int, focus: String?, editing: Editing?, emptyValue: String,
    cache: Cache? = nil
  ) {
    self.width = max(width, 20)
    self.focus = focus
    self.editing = editing
    self.emptyValue = emptyValue
    oldFields = cache?.fields ?? [:]
    isCaching = cache != nil
    newFields.reserveCapacity(oldFields.count)
    var entries: [Cache.Entry] = []
    if cache != nil { entries.reserveCapacity(blocks.count) }
    for (index, block) in blocks.enumerated() {
      if index > 0, Self.startsAGroup(block) { lines.append(Line()) }
      guard let cache else {
        add(block, indent: 1)
        continue
      }
      let start = lines.count
      let anchorStart = anchors.count
      if index < cache.entries.count, isUnchanged(cache.entries[index], block) {
        let entry = cache.entries[index]
        lines += entry.lines
        for anchor in entry.anchors { anchors.append(anchor.moved(by: start)) }
        entries.append(entry)
        continue
      }
      add(block, indent: 1)
      entries.append(entry(block, indent: 1, start: start, anchorStart: anchorStart))
    }
    cache?.entries = entries
    cache?.fields = newFields
  }

  /// The anchor with `id`, if focusable.
  func anchor(_ id: String) -> Anchor? { anchors.first { $0.id == id } }

  // MARK: - Private

  private let oldFields: [FieldPath: Cache.Entry]
  private var newFields: [FieldPath: Cache.Entry] = [:]
  private let isCaching: Bool

  private func entry(
    _ block: Block, indent: Int, start: Int, anchorStart: Int
  ) -> Cache.Entry {
    let own = anchors[anchorStart...].map { $0.moved(by: -start) }
    let focused = own.contains { $0.id == focus }
    let edited = editing.flatMap { editing in
      own.contains { $0.id == editing.id } ? editing.editor : nil
    }
    return Cache.Entry(
      block: block, width: width, indent: indent, focus: focused ? focus : nil, editing: edited,
      lines: Array(lines[start...]), anchors: own)
  }

  private func isUnchanged(_ entry: Cache.Entry, _ block: Block) -> Bool {
    guard entry.width == width else { return false }
    let focusHere = entry.anchors.contains { $0.id == focus } ? focus : nil
    guard entry.focus == focusHere else { return false }
    let editingHere = editing.flatMap { editing in
      entry.anchors.contains { $0.id == editing.id } ? editing.editor : nil
    }
    return entry.editing == editingHere && entry.block == block
  }

  private let width: Int
  private let focus: String?
  private let editing: Editing?
  private let emptyValue: String

  private static func startsAGroup(_ block: Block) -> Bool {
    switch block {
    case .section, .button, .heading, .price: true
    default: false
    }
  }

  private mutating func add(_ block: Block, indent: Int) {
    let margin = String(repeating: " ", count: indent)
    let available = max(width - indent - 1, 8)
    switch block {
    case .heading(let text):
      let cap = TextLayout.maximumHeadingLines
      for part in TextLayout.wrap(text, to: available, maximumLines: cap) {
        lines.append(Line(margin + part, .strong))
      }
    case .text(let text):
      // Its paragraphs as `\n`: wrapping keeps them.
      let shown = text.replacing("\r\n", with: "\n")
      let cap = TextLayout.maximumTextLines
      for part in TextLayout.wrap(shown, to: available, maximumLines: cap) {
        lines.append(Line(margin + part))
      }
    case .rating(let text):
      // Wrapped like text: a long rating name (a hostile API's) is not drawn past the edge.
      for part in TextLayout.wrap(text, to: available) {
        lines.append(Line(margin + part, .colored(.yellow)))
      }
    case .price(let amount, let caption):
      var line = Line(margin)
      line.add(amount, .strong)
      if !caption.isEmpty {
        let room = width - 1 - line.width - 2
        if room > 0 { line.add("  " + TextLayout.truncate(caption, to: room), .faint) }
      }
      lines.append(line.prefix(columns: width))
    case .tags(let tags):
      let shown = TextLayout.cappedTags(tags) { "… +\($0)" }
      for part in TextLayout.chips(shown, columns: available) {
        lines.append(Line(margin + part))
      }
    case .rows(let rows):
      for row in rows { addRow(row.label, row.value, indent: indent) }
    case .carousel(let carousel):
      var line = Line(margin)
      let first = lines.count
      line.add(buttonLine(carousel.previous, title: "◀ " + carousel.previous.title))
      line.add("  " + carousel.position + "  ", .strong)
      line.add(buttonLine(carousel.next, title: carousel.next.title + " ▶"))
      lines.append(line.prefix(columns: width))
      for button in [carousel.previous, carousel.next] where button.isEnabled {
        anchors.append(
          Anchor(id: button.id, kind: .button(button.action), firstLine: first, lastLine: first))
      }
      if let caption = carousel.currentImageURL {
        lines.append(Line(margin + TextLayout.truncate(caption, to: available), .faint))
      }
    case .field(let field):
      addField(field, indent: indent)
    case .button(let button):
      let first = lines.count
      lines.append(
        Line(margin).adding(buttonLine(button, title: button.title)).prefix(
          columns: width))
      if button.isEnabled {
        anchors.append(
          Anchor(id: button.id, kind: .button(button.action), firstLine: first, lastLine: first))
      }
    case .section(let section):
      addSection(section, indent: indent)
    }
  }

  private mutating func addSection(_ section: SectionModel, indent: Int) {
    let margin = String(repeating: " ", count: indent)
    let focused = section.isCollapsible && section.id == focus
    let isExpanded = section.isExpanded || !section.isCollapsible
    var title = Line(margin)
    var titleStyle = (section.hasErrors ? TextStyle.colored(.red, bold: true) : .strong)
      .applying(section.style)
    if focused { titleStyle.inverse = true }
    // A title too long for the line (a hostile API's room name) ends with "…", not at the edge.
    let room = width - 1 - indent - (section.isCollapsible ? 4 : 0) - 2
    let shownTitle = TextLayout.truncate(section.title, to: max(room, 1))
    if section.isCollapsible {
      title.add(focused ? "› " : "", .colored(.cyan, bold: true))
      title.add((isExpanded ? "▾ " : "▸ ") + shownTitle, titleStyle)
    } else {
      title.add(shownTitle, titleStyle)
    }
    title.add(" ")
    let rule = TextLayout.rule(.single, count: width - 1 - title.width)
    title.add(rule, .faint)
    let first = lines.count
    lines.append(title.prefix(columns: width))
    let anchor = anchors.count
    if section.isCollapsible {
      anchors.append(
        Anchor(id: section.id, kind: .section(section.handle), firstLine: first, lastLine: first))
    }
    if isExpanded {
      for block in section.content { add(block, indent: indent + 2) }
    } else if let summary = section.summary {
      let shown = TextLayout.truncate(summary, to: max(width - indent - 3, 1))
      lines.append(Line(margin + "  " + shown, .faint))
    }
    // Its content (or, folded, its summary) comes into view with it.
    if section.isCollapsible, lines.count - 1 > first {
      anchors[anchor].headsUpTo = lines.count - 1
    }
  }

  private mutating func addRow(
    _ label: String, _ value: String, indent: Int, style: FormStyle = .plain
  ) {
    var left = Line(String(repeating: " ", count: indent))
    left.add(label, TextStyle.faint.applying(style))
    let valueStyle = TextStyle.plain.applying(style)
    // The value ends a column before the line's last one: the scroll markers (↑ ↓) are drawn
    // there, and would cover its last letter.
    let room = width - 2 - left.width - 2
    if TextLayout.width(value) <= room {
      left.pad(to: width - 2 - TextLayout.width(value))
      left.add(value, valueStyle)
      lines.append(left)
    } else {
      lines.append(left.prefix(columns: width))
      for part in TextLayout.wrap(value, to: max(width - indent - 3, 8)) {
        var line = Line(String(repeating: " ", count: indent + 2))
        line.add(part, valueStyle)
        lines.append(line)
      }
    }
  }

  private mutating func addField(_ field: FieldModel, indent: Int) {
    guard isCaching else { return layOutField(field, indent: indent) }
    let start = lines.count
    if let entry = oldFields[field.path], entry.indent == indent,
      isUnchanged(entry, .field(field))
    {
      lines += entry.lines
      for anchor in entry.anchors { anchors.append(anchor.moved(by: start)) }
      newFields[field.path] = entry
      return
    }
    let anchorStart = anchors.count
    layOutField(field, indent: indent)
    newFields[field.path] = entry(
      .field(field), indent: indent, start: start, anchorStart: anchorStart)
  }

  private mutating func layOutField(_ field: FieldModel, indent: Int) {
    let kind = field.editing
    let value = field.shownValue
    let error = field.error
    if kind == .readOnly, error == nil {
      return addRow(field.label, value, indent: indent, style: field.style)
    }
    let placeholder = field.placeholder.isEmpty ? emptyValue : field.placeholder
    let focused = field.id == focus
    let first = lines.count
    let labelWidth = min(28, max(12, (width - indent) / 3))
    var line = Line(String(repeating: " ", count: indent))
    line.add(focused ? "› " : "  ", .colored(.cyan, bold: true))
    let baseLabelStyle: TextStyle =
      error != nil ? .colored(.red, bold: focused) : focused ? .strong : .plain
    let labelStyle = baseLabelStyle.applying(field.style)
    // A label wider than its column goes on under itself, in its column, rather than being
    // cut ("Срок действия загранпаспор…" at any width, "Passport expiry d…" at 60 columns).
    let labelLines = TextLayout.wrap(
      field.label, to: labelWidth - 1, maximumLines: TextLayout.maximumHeadingLines)
    line.add(labelLines.first ?? "", labelStyle)
    line.pad(to: indent + 2 + labelWidth)
    let valueColumn = line.width
    // After the value come " ✓" and, on a focused date field, " F4": they end before the
    // line's last two columns, where the scroll markers (↑ ↓) are drawn (at 60 columns the
    // marker covered the hint's "4").
    let area = max(8, min(40, width - valueColumn - 7))
    var cursor: ScreenBuffer.Cursor?
    /// The rows of a text of several lines after its first, shown under it.
    var moreRows: [Line] = []
    switch kind {
    case .multiline:
      var valueStyle = TextStyle(underline: true)
      if error != nil { valueStyle.color = .red }
      valueStyle = valueStyle.applying(field.style)
      let edited = focused ? editing.flatMap { $0.id == field.id ? $0.editor : nil } : nil
      let characters = edited?.characters ?? Array(value)
      if characters.isEmpty {
        var shown = Line(
          TextLayout.truncate(placeholder, to: area), TextStyle(dim: true, underline: true))
        shown.pad(to: area, TextStyle(underline: true))
        line.add(shown)
        if edited != nil { cursor = ScreenBuffer.Cursor(row: first, column: valueColumn) }
      } else {
        let box = TextBox(characters, cursor: edited?.cursor, width: area)
        var boxLines: [Line] = box.rows.map { row in
          var shown = Line(row, valueStyle)
          shown.pad(to: area, TextStyle(underline: true))
          return shown
        }
        if box.hidesAbove { boxLines[0].add(" ↑", .faint) }
        if box.hidesBelow { boxLines[boxLines.count - 1].add(" ↓", .faint) }
        line.add(boxLines[0])
        moreRows = Array(boxLines.dropFirst())
        if let at = box.cursor {
          cursor = ScreenBuffer.Cursor(row: first + at.row, column: valueColumn + at.column)
        }
      }
    case .toggle:
      line.add(field.isOn ? "[x]" : "[ ]", focused ? .reversed : .plain)
      line.add(" " + value, .faint)
      // Its ✓ in the column of the other fields'.
      line.pad(to: valueColumn + area)
    default:
      var valueStyle = TextStyle(underline: true)
      if error != nil { valueStyle.color = .red }
      valueStyle = valueStyle.applying(field.style)
      if focused, let editing, editing.id == field.id {
        let text = editing.editor.text
        let column = editing.editor.cursorColumn
        let shift = max(0, column - area + 1)
        var shown = Line(text, valueStyle).dropping(columns: shift).prefix(columns: area)
        if text.isEmpty {
          shown = Line(
            TextLayout.truncate(placeholder, to: area), TextStyle(dim: true, underline: true))
        }
        shown.pad(to: area, TextStyle(underline: true))
        line.add(shown)
        cursor = ScreenBuffer.Cursor(row: first, column: valueColumn + column - shift)
      } else if value.isEmpty {
        var shown = Line(
          TextLayout.truncate(placeholder, to: area), TextStyle(dim: true, underline: true))
        shown.pad(to: area, TextStyle(underline: true))
        line.add(shown)
      } else {
        var shown = Line(TextLayout.truncate(value, to: area), valueStyle)
        shown.pad(to: area, TextStyle(underline: true))
        line.add(shown)
      }
    }
    if field.isValid, error == nil { line.add(" ✓", .colored(.green)) }
    if kind == .date, focused { line.add(" F4", .faint) }
    lines.append(line.prefix(columns: width))
    let labelRest = Array(labelLines.dropFirst())
    for index in 0..<max(labelRest.count, moreRows.count) {
      var rest = Line(String(repeating: " ", count: indent + 2))
      if index < labelRest.count { rest.add(labelRest[index], labelStyle) }
      if index < moreRows.count {
        rest.pad(to: valueColumn)
        rest.add(moreRows[index])
      }
      lines.append(rest.prefix(columns: width))
    }
    if let error {
      for (index, part) in TextLayout.wrap(error, to: max(width - valueColumn - 3, 10)).enumerated()
      {
        lines.append(
          Line(
            String(repeating: " ", count: valueColumn) + (index == 0 ? "✗ " : "  ") + part,
            .colored(.red)))
      }
    }
    if kind != .readOnly {
      anchors.append(
        Anchor(
          id: field.id, kind: .field(field), firstLine: first, lastLine: lines.count - 1,
          cursor: cursor))
    }
  }

  /// The button's line with `title` (already safe for the terminal).
  private func buttonLine(_ button: ButtonModel, title: String) -> Line {
    var line = Line()
    guard button.isEnabled else {
      line.add("[ " + title + " ]", .faint)
      return line
    }
    if button.id == focus {
      line.add("›[ " + title + " ]", TextStyle(color: .cyan, bold: true, inverse: true))
    } else {
      line.add("[ " + title + " ]", .colored(.cyan))
    }
    return line
  }

}

extension Line {
  /// This line followed by `line`.
  func adding(_ line: Line) -> Line {
    var result = self
    result.add(line)
    return result
  }
}

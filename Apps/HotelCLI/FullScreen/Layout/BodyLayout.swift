/// The scrolling part of a screen laid out as lines, with where each focusable element is:
/// fields (editable ones), enabled buttons and section toggles, in screen order.
struct BodyLayout: Sendable {
  /// A focusable element and the lines it takes.
  struct Anchor: Equatable, Sendable {
    /// What it is.
    enum Kind: Equatable, Sendable {
      /// A field.
      case field(FieldItem)
      /// A button.
      case button
      /// A collapsible section's title.
      case section
    }

    /// The accessibility ID.
    var id: String
    /// What it is.
    var kind: Kind
    /// Its first line.
    var firstLine: Int
    /// Its last line (its error included).
    var lastLine: Int
    /// Where the cursor goes while it is edited (line and column), for editable fields.
    var cursor: ScreenBuffer.Cursor?

    /// The same anchor `lines` further down.
    func moved(by lines: Int) -> Anchor {
      var moved = self
      moved.firstLine += lines
      moved.lastLine += lines
      moved.cursor?.row += lines
      return moved
    }
  }

  /// The lines.
  private(set) var lines: [Line] = []
  /// The focusable elements in screen order.
  private(set) var anchors: [Anchor] = []

  /// The field being edited and its editor, if any.
  struct Editing: Sendable {
    /// The field's ID.
    var id: String
    /// Its editor.
    var editor: LineEditor
  }

  /// What each top-level item was laid out to in the last frame, kept by the app between
  /// frames: an item that is the same as then, in the same width and with the same focus and
  /// editing inside it, takes its lines again instead of being laid out anew (a keystroke
  /// changes one field of one section, not the other sections).
  final class Cache {
    fileprivate struct Entry: Sendable {
      var item: ContentItem
      var width: Int
      var indent = 1
      /// The focus, when it was on one of the item's elements.
      var focus: String?
      /// The editor, when it was on one of the item's fields.
      var editing: LineEditor?
      var lines: [Line]
      /// The item's anchors, their lines counted from the item's first.
      var anchors: [Anchor]
    }

    fileprivate var entries: [Entry] = []
    /// The fields by ID, at any depth (an edited section lays out only the edited field).
    fileprivate var fields: [String: Entry] = [:]

    /// An empty cache.
    init() {}
  }

  /// Lays out `items` in `width` columns with `focus` highlighted and `editing` shown in place,
  /// taking what did not change from `cache` (and leaving this layout in it).
  init(
    items: [ContentItem], width: Int, focus: String?, editing: Editing?, cache: Cache? = nil
  ) {
    self.width = max(width, 20)
    self.focus = focus
    self.editing = editing
    oldFields = cache?.fields ?? [:]
    isCaching = cache != nil
    newFields.reserveCapacity(oldFields.count)
    var entries: [Cache.Entry] = []
    if cache != nil { entries.reserveCapacity(items.count) }
    for (index, item) in items.enumerated() {
      if index > 0, Self.startsAGroup(item) { lines.append(Line()) }
      guard let cache else {
        add(item, indent: 1)
        continue
      }
      let start = lines.count
      let anchorStart = anchors.count
      if index < cache.entries.count, isUnchanged(cache.entries[index], item) {
        let entry = cache.entries[index]
        lines += entry.lines
        for anchor in entry.anchors { anchors.append(anchor.moved(by: start)) }
        entries.append(entry)
        continue
      }
      add(item, indent: 1)
      entries.append(entry(item, indent: 1, start: start, anchorStart: anchorStart))
    }
    cache?.entries = entries
    cache?.fields = newFields
  }

  /// The anchor with `id`, if focusable.
  func anchor(_ id: String) -> Anchor? { anchors.first { $0.id == id } }

  // MARK: - Private

  /// The fields of the last layout by ID, and those of this one (when caching).
  private let oldFields: [String: Cache.Entry]
  private var newFields: [String: Cache.Entry] = [:]
  private let isCaching: Bool

  /// What `item`, laid out from line `start` and anchor `anchorStart` on, came to.
  private func entry(
    _ item: ContentItem, indent: Int, start: Int, anchorStart: Int
  ) -> Cache.Entry {
    let own = anchors[anchorStart...].map { $0.moved(by: -start) }
    let focused = own.contains { $0.id == focus }
    let edited = editing.flatMap { editing in
      own.contains { $0.id == editing.id } ? editing.editor : nil
    }
    return Cache.Entry(
      item: item, width: width, indent: indent, focus: focused ? focus : nil, editing: edited,
      lines: Array(lines[start...]), anchors: own)
  }

  /// Whether `entry` draws `item` as it would be drawn now.
  private func isUnchanged(_ entry: Cache.Entry, _ item: ContentItem) -> Bool {
    guard entry.width == width else { return false }
    let focusHere = entry.anchors.contains { $0.id == focus } ? focus : nil
    guard entry.focus == focusHere else { return false }
    let editingHere = editing.flatMap { editing in
      entry.anchors.contains { $0.id == editing.id } ? editing.editor : nil
    }
    return entry.editing == editingHere && entry.item == item
  }

  private let width: Int
  private let focus: String?
  private let editing: Editing?

  private static func startsAGroup(_ item: ContentItem) -> Bool {
    switch item {
    case .section, .button, .heading, .price: true
    default: false
    }
  }

  private mutating func add(_ item: ContentItem, indent: Int) {
    let margin = String(repeating: " ", count: indent)
    let available = max(width - indent - 1, 8)
    switch item {
    case .heading(let text):
      for part in TextLayout.wrap(text, to: available) {
        lines.append(Line(margin + part, .strong))
      }
    case .text(let text):
      for part in TextLayout.wrap(text, to: available) { lines.append(Line(margin + part)) }
    case .rating(let text):
      lines.append(Line(margin + (text.hasPrefix("★") ? text : "★ " + text), .colored(.yellow)))
    case .price(let amount, let caption):
      var line = Line(margin)
      line.add(amount, .strong)
      if !caption.isEmpty { line.add("  " + caption, .faint) }
      lines.append(line.prefix(columns: width))
    case .tags(let tags):
      for part in TextLayout.chips(tags, columns: available) { lines.append(Line(margin + part)) }
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
        anchors.append(Anchor(id: button.id, kind: .button, firstLine: first, lastLine: first))
      }
      if let caption = carousel.caption {
        lines.append(Line(margin + TextLayout.truncate(caption, to: available), .faint))
      }
    case .field(let field):
      addField(field, indent: indent)
    case .button(let button):
      let first = lines.count
      lines.append(
        Line(margin).adding(buttonLine(button, title: button.title)).prefix(columns: width))
      if button.isEnabled {
        anchors.append(Anchor(id: button.id, kind: .button, firstLine: first, lastLine: first))
      }
    case .section(let section):
      addSection(section, indent: indent)
    }
  }

  private mutating func addSection(_ section: SectionItem, indent: Int) {
    let margin = String(repeating: " ", count: indent)
    let focused = section.isCollapsible && section.id == focus
    var title = Line(margin)
    var titleStyle = section.hasErrors ? TextStyle.colored(.red, bold: true) : .strong
    if focused { titleStyle.inverse = true }
    if section.isCollapsible {
      title.add(focused ? "› " : "", .colored(.cyan, bold: true))
      title.add((section.isExpanded ? "▾ " : "▸ ") + section.title, titleStyle)
    } else {
      title.add(section.title, titleStyle)
    }
    title.add(" ")
    let rule = TextLayout.rule(.single, count: width - 1 - title.width)
    title.add(rule, .faint)
    let first = lines.count
    lines.append(title.prefix(columns: width))
    if section.isCollapsible {
      anchors.append(Anchor(id: section.id, kind: .section, firstLine: first, lastLine: first))
    }
    if section.isExpanded {
      for item in section.content { add(item, indent: indent + 2) }
    } else if let summary = section.summary {
      lines.append(Line(margin + "  " + summary, .faint))
    }
  }

  private mutating func addRow(_ label: String, _ value: String, indent: Int) {
    var left = Line(String(repeating: " ", count: indent))
    left.add(label, .faint)
    let room = width - 1 - left.width - 2
    if TextLayout.width(value) <= room {
      left.pad(to: width - 1 - TextLayout.width(value))
      left.add(value)
      lines.append(left)
    } else {
      lines.append(left.prefix(columns: width))
      for part in TextLayout.wrap(value, to: max(width - indent - 3, 8)) {
        lines.append(Line(String(repeating: " ", count: indent + 2) + part))
      }
    }
  }

  private mutating func addField(_ field: FieldItem, indent: Int) {
    guard isCaching else { return layOutField(field, indent: indent) }
    let start = lines.count
    if let entry = oldFields[field.id], entry.indent == indent,
      isUnchanged(entry, .field(field))
    {
      lines += entry.lines
      for anchor in entry.anchors { anchors.append(anchor.moved(by: start)) }
      newFields[field.id] = entry
      return
    }
    let anchorStart = anchors.count
    layOutField(field, indent: indent)
    newFields[field.id] = entry(
      .field(field), indent: indent, start: start, anchorStart: anchorStart)
  }

  private mutating func layOutField(_ field: FieldItem, indent: Int) {
    if field.kind == .readOnly, field.error == nil {
      return addRow(field.label, field.value, indent: indent)
    }
    let focused = field.id == focus
    let first = lines.count
    let labelWidth = min(28, max(12, (width - indent) / 3))
    var line = Line(String(repeating: " ", count: indent))
    line.add(focused ? "› " : "  ", .colored(.cyan, bold: true))
    let labelStyle: TextStyle =
      field.error != nil ? .colored(.red, bold: focused) : focused ? .strong : .plain
    line.add(TextLayout.truncate(field.label, to: labelWidth - 1), labelStyle)
    line.pad(to: indent + 2 + labelWidth)
    let valueColumn = line.width
    let area = max(8, min(40, width - valueColumn - 6))
    var cursor: ScreenBuffer.Cursor?
    switch field.kind {
    case .toggle:
      line.add(field.isOn ? "[x]" : "[ ]", focused ? .reversed : .plain)
      line.add(" " + field.value, .faint)
    default:
      var valueStyle = TextStyle(underline: true)
      if field.error != nil { valueStyle.color = .red }
      if focused, let editing, editing.id == field.id {
        let text = editing.editor.text
        let column = editing.editor.cursorColumn
        let shift = max(0, column - area + 1)
        var shown = Line(text, valueStyle).dropping(columns: shift).prefix(columns: area)
        if text.isEmpty {
          shown = Line(
            TextLayout.truncate(field.placeholder, to: area), TextStyle(dim: true, underline: true))
        }
        shown.pad(to: area, TextStyle(underline: true))
        line.add(shown)
        cursor = ScreenBuffer.Cursor(row: first, column: valueColumn + column - shift)
      } else if field.value.isEmpty {
        var shown = Line(
          TextLayout.truncate(field.placeholder, to: area), TextStyle(dim: true, underline: true))
        shown.pad(to: area, TextStyle(underline: true))
        line.add(shown)
      } else {
        var shown = Line(TextLayout.truncate(field.value, to: area), valueStyle)
        shown.pad(to: area, TextStyle(underline: true))
        line.add(shown)
      }
    }
    if field.isValid, field.error == nil { line.add(" ✓", .colored(.green)) }
    if field.kind == .date, focused { line.add(" F4", .faint) }
    lines.append(line.prefix(columns: width))
    if let error = field.error {
      for (index, part) in TextLayout.wrap(error, to: max(width - valueColumn - 3, 10)).enumerated()
      {
        lines.append(
          Line(
            String(repeating: " ", count: valueColumn) + (index == 0 ? "✗ " : "  ") + part,
            .colored(.red)))
      }
    }
    if field.kind != .readOnly {
      anchors.append(
        Anchor(
          id: field.id, kind: .field(field), firstLine: first, lastLine: lines.count - 1,
          cursor: cursor))
    }
  }

  private func buttonLine(_ button: ButtonItem, title: String) -> Line {
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

  /// Whether a bool field's text means on.
}

extension Line {
  /// This line followed by `line`.
  func adding(_ line: Line) -> Line {
    var result = self
    result.add(line)
    return result
  }
}

/// Draws a ``ScreenModel`` for a terminal: a header with the title, boxed sections, the
/// carousel position, collapsible sections (▸/▾), fields with their errors, the sticky footer,
/// and the notice, progress and toast lines. Every text is neutralised before it is drawn.
struct ScreenRenderer: Sendable {
  /// The styles (plain without colour).
  var style: Style
  /// The total width in columns.
  var width: Int

  /// Creates a renderer.
  init(color: Bool, width: Int = 72) {
    style = Style(isEnabled: color)
    self.width = min(max(width, 40), 120)
  }

  /// The screen as lines of text (without a trailing newline).
  func render(_ model: ScreenModel) -> String {
    var lines: [String] = []
    lines.append(header(model))
    if let notice = model.notice { lines.append(style.yellow("! " + safe(notice))) }
    if let progress = model.progress { lines.append(style.cyan("… " + safe(progress))) }
    for component in model.content {
      lines += render(topLevel: component)
    }
    if let footer = model.footer { lines += render(footer) }
    if let toast = model.toast { lines.append(style.inverse(" » " + safe(toast) + " ")) }
    return lines.joined(separator: "\n")
  }

  // MARK: - Header and footer

  private func header(_ model: ScreenModel) -> String {
    var left = StyledLine()
    left.add("━━ ")
    left.add(safe(model.title), style.bold)
    left.add(" ")
    var right = StyledLine()
    right.add(" " + model.screen.rawValue, style.dim)
    right.add(" ━━")
    var line = left
    let fill = width - left.width - right.width
    if fill > 0 { line.add(String(repeating: "━", count: fill)) }
    return line.styled + right.styled
  }

  private func render(_ footer: Footer) -> [String] {
    var lines = [String(repeating: "═", count: width)]
    if let label = footer.label {
      var left = StyledLine()
      left.add("  " + safe(label))
      var right = StyledLine()
      right.add(safe(footer.value ?? ""), style.bold)
      lines.append(StyledLine.spread(left, right, columns: width - 2).styled)
    }
    if let button = footer.button {
      lines.append(buttonLine(button, columns: width - 2, indent: "  ").styled)
    }
    return lines
  }

  // MARK: - Components

  private var inner: Int { width - 4 }

  private func render(topLevel component: Component) -> [String] {
    switch component {
    case .section(let section):
      return box(section)
    case .problem(let title, let message):
      return box(
        Section(id: nil, title: title, children: [.text(message)]), titleStyle: style.red)
    default:
      return lines(component, columns: width, indent: " ").map(\.styled)
    }
  }

  private func box(_ section: Section, titleStyle: ((String) -> String)? = nil) -> [String] {
    var right = StyledLine()
    if let id = section.id {
      right.add(" ")
      right.add(id, style.dim)
      right.add(" ─┐")
    } else {
      right.add("─┐")
    }
    var top = StyledLine()
    top.add("┌─ ")
    if section.id != nil { top.add(section.isExpanded ? "▾ " : "▸ ") }
    let room = width - top.width - right.width - 2
    top.add(TextLayout.truncate(safe(section.title), to: max(room, 1)), titleStyle ?? style.bold)
    top.add(" ")
    let fill = width - top.width - right.width
    if fill > 0 { top.add(String(repeating: "─", count: fill)) }
    var result = [top.styled + right.styled]
    let body = section.isExpanded ? section.children : section.summary
    for component in body {
      for line in lines(component, columns: inner, indent: "") {
        var boxed = StyledLine()
        boxed.add("│ ")
        var content = line
        content.pad(to: inner)
        result.append(boxed.styled + content.styled + " │")
      }
    }
    result.append("└" + String(repeating: "─", count: width - 2) + "┘")
    return result
  }

  private func lines(_ component: Component, columns: Int, indent: String) -> [StyledLine] {
    let available = columns - TextLayout.width(indent)
    func plain(_ text: String, _ apply: (String) -> String = { $0 }) -> StyledLine {
      var line = StyledLine()
      line.add(indent)
      line.add(text, apply)
      return line
    }
    switch component {
    case .carousel(let carousel):
      var left = StyledLine()
      left.add(indent + "◀ ")
      left.add("\(carousel.position) / \(carousel.count)", style.bold)
      left.add(" ▶")
      var right = StyledLine()
      right.add(carousel.id + ".previous / .next", style.dim)
      var result = [StyledLine.spread(left, right, columns: columns)]
      if let caption = carousel.caption {
        result.append(plain(TextLayout.truncate(safe(caption), to: available), style.dim))
      }
      return result
    case .rating(let text):
      let rating = safe(text)
      return [plain(rating.hasPrefix("★") ? rating : "★ " + rating, style.yellow)]
    case .heading(let text):
      return TextLayout.wrap(safe(text), to: available).map { plain($0, style.bold) }
    case .text(let text):
      return TextLayout.wrap(TerminalText.neutralized(text, keepingNewlines: true), to: available)
        .map { plain($0) }
    case .caption(let text):
      return TextLayout.wrap(safe(text), to: available).map { plain($0, style.dim) }
    case .detail(let label, let value):
      var left = StyledLine()
      left.add(indent + safe(label), style.dim)
      var right = StyledLine()
      right.add(safe(value))
      if left.width + 2 + right.width <= columns {
        return [StyledLine.spread(left, right, columns: columns)]
      }
      return [left] + TextLayout.wrap(safe(value), to: available - 2).map { plain("  " + $0) }
    case .price(let amount, let caption):
      var line = StyledLine()
      line.add(indent)
      line.add(safe(amount), style.bold)
      if !caption.isEmpty { line.add("  " + safe(caption), style.dim) }
      return [line]
    case .tags(let tags):
      return tagLines(tags.map(safe), columns: available).map { plain($0) }
    case .section(let section):
      var title = StyledLine()
      title.add(indent + (section.id == nil ? "" : section.isExpanded ? "▾ " : "▸ "))
      title.add(safe(section.title), style.bold)
      var right = StyledLine()
      if let id = section.id { right.add(id, style.dim) }
      let body = section.isExpanded ? section.children : section.summary
      return [StyledLine.spread(title, right, columns: columns)]
        + body.flatMap { lines($0, columns: columns, indent: indent + "  ") }
    case .field(let field):
      return fieldLines(field, columns: columns, indent: indent)
    case .button(let button):
      return [buttonLine(button, columns: columns, indent: indent)]
    case .problem(let title, let message):
      return [plain("✗ " + safe(title), style.red)]
        + TextLayout.wrap(safe(message), to: available - 2).map { plain("  " + $0) }
    }
  }

  private func fieldLines(_ field: Field, columns: Int, indent: String) -> [StyledLine] {
    if field.isReadOnly, field.error == nil {
      let value = field.progress.map { field.value + " ⟳ " + $0 } ?? field.value
      return lines(.detail(label: field.label, value: value), columns: columns, indent: indent)
    }
    let invalid = field.error != nil
    let style = self.style
    let labelStyle: (String) -> String
    if invalid {
      labelStyle = { style.red($0) }
    } else if field.isFocused {
      labelStyle = { style.cyan($0) }
    } else {
      labelStyle = { $0 }
    }
    var label = StyledLine()
    label.add(indent)
    label.add(field.isFocused ? "› " : "  ", style.cyan)
    label.add(safe(field.label), labelStyle)
    var id = StyledLine()
    id.add(field.id, style.dim)
    var result = [StyledLine.spread(label, id, columns: columns)]

    let available = columns - TextLayout.width(indent) - 4
    var value = StyledLine()
    value.add(indent + "  ")
    if field.value.isEmpty {
      value.add(field.placeholder.map { "(" + safe($0) + ")" } ?? "(empty)", style.dim)
    } else {
      let text = TextLayout.truncate(safe(field.value), to: available)
      if invalid { value.add(text, style.red) } else { value.add(text) }
    }
    if field.isValid, !invalid { value.add(" ✓", style.green) }
    if let progress = field.progress { value.add(" ⟳ " + safe(progress), style.cyan) }
    result.append(value)
    if let error = field.error {
      for (index, part) in TextLayout.wrap(safe(error), to: available - 2).enumerated() {
        var line = StyledLine()
        line.add(indent + "  ")
        line.add((index == 0 ? "✗ " : "  ") + part, style.red)
        result.append(line)
      }
    }
    return result
  }

  private func buttonLine(_ button: Button, columns: Int, indent: String) -> StyledLine {
    var left = StyledLine()
    left.add(indent)
    let title = "[ " + safe(button.title) + " ]"
    if button.isEnabled {
      left.add(title, style.cyan)
    } else {
      left.add(title + " (disabled)", style.dim)
    }
    var right = StyledLine()
    right.add(button.id, style.dim)
    return StyledLine.spread(left, right, columns: columns)
  }

  private func tagLines(_ tags: [String], columns: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for tag in tags {
      let chip = "[" + TextLayout.truncate(tag, to: columns - 2) + "]"
      if line.isEmpty {
        line = chip
      } else if TextLayout.width(line) + 1 + TextLayout.width(chip) <= columns {
        line += " " + chip
      } else {
        lines.append(line)
        line = chip
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  private func safe(_ text: String) -> String { TerminalText.neutralized(text) }
}

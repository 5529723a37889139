/// What `help` prints: the commands, then every ID on the current screen with what it is.
enum ScreenHelp {
  /// The help for `model`.
  static func text(for model: ScreenModel) -> String {
    var lines = [
      "Commands: tap ID | type ID TEXT | next | back | show | help | quit",
      "          expect screen NAME | error ID | valid ID | value ID TEXT | enabled ID |"
        + " disabled ID | text TEXT",
      "On the \(model.screen.rawValue) screen:",
    ]
    let elements = model.reachableElements
    if elements.isEmpty { lines.append("  (nothing to tap or type; back goes back)") }
    let width = (elements.map { $0.id.count }.max() ?? 0) + 2
    for element in elements {
      switch element {
      case .field(let field):
        let note = field.isReadOnly ? " (read-only)" : field.isSwitch ? " (on/off)" : ""
        lines.append(
          (field.isSwitch ? "  tap  " : "  type ") + TextLayout.pad(field.id, to: width)
            + TerminalText.neutralized(field.label) + note)
      case .button(let id, let title, let isEnabled):
        lines.append(
          "  tap  " + TextLayout.pad(id, to: width) + TerminalText.neutralized(title)
            + (isEnabled ? "" : " (disabled)"))
      }
    }
    return lines.joined(separator: "\n")
  }
}

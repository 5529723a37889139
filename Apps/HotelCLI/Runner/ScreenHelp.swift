/// What `help` prints: the commands, then every ID on the current screen with what it is.
enum ScreenHelp {
  /// The help for `model`.
  static func text(for model: ScreenModel, strings: CLIStrings = .english) -> String {
    var lines = strings.helpCommands + [strings.onScreen(model.screen.rawValue)]
    let elements = model.reachableElements
    if elements.isEmpty { lines.append(strings.nothingToAddress) }
    let width = (elements.map { $0.id.count }.max() ?? 0) + 2
    for element in elements {
      switch element {
      case .field(let field):
        let note =
          field.isReadOnly ? strings.readOnlyNote : field.isSwitch ? strings.switchNote : ""
        lines.append(
          (field.isSwitch ? "  tap  " : "  type ") + TextLayout.pad(field.id, to: width)
            + TerminalText.neutralized(field.label) + note)
      case .button(let id, let title, let isEnabled):
        lines.append(
          "  tap  " + TextLayout.pad(id, to: width) + TerminalText.neutralized(title)
            + (isEnabled ? "" : strings.disabledNote))
      }
    }
    return lines.joined(separator: "\n")
  }
}

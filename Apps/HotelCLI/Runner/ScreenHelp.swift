import Presentation

/// What `help` prints: the commands, then every ID on the current screen with what it is — the
/// elements Presentation says a person can reach now, with their titles and labels in the
/// screen's language.
enum ScreenHelp {
  /// The most IDs `help` lists; the others are counted (a catalogue of 100 000 rooms lists
  /// a screenful, not 300 000 lines).
  static let maximumListed = 200

  /// The lines of the help for `snapshot`.
  static func lines(for snapshot: ScreenSnapshot, strings: CLIStrings = .english) -> [StyledLine] {
    var lines = (strings.helpCommands + [strings.onScreen(snapshot.screen.rawValue)]).map {
      StyledLine($0)
    }
    let all = snapshot.reachableElements
    let elements = all.prefix(maximumListed)
    if elements.isEmpty { lines.append(StyledLine(strings.nothingToAddress)) }
    let width = min(elements.map { $0.id.count }.max() ?? 0, 60) + 2
    for element in elements {
      switch element {
      case .field(let field):
        let isSwitch = field.keyboard == .toggle
        let note = !field.isEnabled ? strings.readOnlyNote : isSwitch ? strings.switchNote : ""
        lines.append(
          StyledLine(
            (isSwitch ? "  tap  " : "  type ") + TextLayout.pad(field.id, to: width) + field.label
              + note))
      case .button(let button):
        lines.append(
          StyledLine(
            "  tap  " + TextLayout.pad(button.id, to: width) + button.title
              + (button.isEnabled ? "" : strings.disabledNote)))
      }
    }
    if all.count > elements.count {
      lines.append(StyledLine(strings.moreIDs(all.count - elements.count)))
    }
    return lines
  }
}

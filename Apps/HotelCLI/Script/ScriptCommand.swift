import Presentation

/// One command of the script language (SPEC section 5).
enum ScriptCommand: Equatable, Sendable {
  /// Press a button or toggle a section.
  case tap(String)
  /// Focus a field and replace its text (`""` clears it).
  case type(String, String)
  /// Return: focus the next field.
  case next
  /// Go back one screen.
  case back
  /// Check something; a failure ends the replay (unless `--keep-going`).
  case expect(Expectation)
  /// Print the current screen.
  case show
  /// List the commands and the IDs available on the current screen.
  case help
  /// End (the draft is kept).
  case quit

  /// Whether the command prints the screen, or what is on it (`show`, `help`).
  var printsTheScreen: Bool {
    switch self {
    case .show, .help: true
    default: false
    }
  }
}

/// What an `expect` line checks.
enum Expectation: Equatable, Sendable {
  /// The current screen.
  case screen(ScreenKind)
  /// The field shows an error.
  case error(String)
  /// The field shows no error.
  case valid(String)
  /// The field displays this text (after formatting; spaces of any kind are equal).
  case value(String, String)
  /// The button is enabled.
  case enabled(String)
  /// The button is disabled.
  case disabled(String)
  /// The rendered screen contains this text (spaces of any kind are equal).
  case text(String)
}

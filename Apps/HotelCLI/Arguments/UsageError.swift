/// A problem with the command line, shown as one line on stderr; the process exits with 2.
struct UsageError: Error, Equatable, Sendable {
  /// What is wrong, without the `hotel:` prefix (`unknown option '--colour'`).
  var message: String
  /// The language of the line's ending (`--lang`).
  var strings: CLIStrings

  /// Creates an error with its message, in the language of `strings`.
  init(_ message: String, strings: CLIStrings = .english) {
    self.message = message
    self.strings = strings
  }

  /// The full stderr line: `hotel: <problem> (see 'hotel --help')`, one line whatever the
  /// arguments it quotes hold (neutralised and cut: ``TerminalText/messageLine(_:)``).
  var line: String { "hotel: \(TerminalText.messageLine(message))\(strings.seeHelp)" }
}

/// A problem with the command line, shown as one line on stderr; the process exits with 2.
struct UsageError: Error, Equatable, Sendable {
  /// What is wrong, without the `hotel:` prefix (`unknown option '--colour'`).
  var message: String

  /// Creates an error with its message.
  init(_ message: String) { self.message = message }

  /// The full stderr line: `hotel: <problem> (see 'hotel --help')`, one line whatever the
  /// arguments it quotes hold (neutralised and cut: ``TerminalText/messageLine(_:)``).
  var line: String { "hotel: \(TerminalText.messageLine(message)) (see 'hotel --help')" }
}

/// A parsed script line: its number (from 1), its text as written, and its command.
struct ScriptLine: Equatable, Sendable {
  /// The line number in the script, from 1.
  var number: Int
  /// The line as written (without the newline).
  var text: String
  /// What it does.
  var command: ScriptCommand
}

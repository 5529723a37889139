/// A parsed script line: its number (from 1) in its file, its text as written, and its command.
struct ScriptLine: Equatable, Sendable {
  /// The line number in the script, from 1.
  var number: Int
  /// The line as written (without the newline).
  var text: String
  /// What it does.
  var command: ScriptCommand
  /// The file the line is written in when it came from an `include`d file (as messages name
  /// it); `nil` for a line of the script itself.
  var source: String? = nil
}

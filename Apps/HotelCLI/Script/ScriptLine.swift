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
  /// The `include` lines that reached it, outermost first (`a.hotel:5`); empty for a line of the
  /// script itself.
  ///
  /// A file included twice names which `include` a failure came through.
  var includedAt: [String] = []

  /// Where the line is, as messages name it: `flow.hotel:3`, or for an included line
  /// `_login.hotel:2 (included at flow.hotel:5)`; `script` names the script itself.
  func place(inScript script: String, strings: CLIStrings) -> String {
    let here = "\(source ?? script):\(number)"
    guard !includedAt.isEmpty else { return here }
    return here + " (" + strings.includedAt(includedAt) + ")"
  }
}

/// One parsed line of a script file: a command to run, or a directive that ``ScriptLoader``
/// handles before anything runs.
enum ScriptEntry: Equatable, Sendable {
  /// A command of the script language.
  case command(ScriptCommand)
  /// `include FILE`: the lines of another script, here (the path is relative to this file).
  case include(String)
  /// `tags NAME...`: the journey's tags, for `hotel test --tags`.
  case tags([String])
}

/// A script line that does not parse: its number and the problem (exit code 2).
struct ScriptError: Error, Equatable, Sendable {
  /// The line number, from 1.
  var line: Int
  /// What is wrong (`unknown command 'tapp'; did you mean 'tap'?`).
  var problem: String

  /// The message, naming where: `flow.hotel:3: unknown command 'tapp'`.
  func message(in source: String) -> String { "\(source):\(line): \(problem)" }
}

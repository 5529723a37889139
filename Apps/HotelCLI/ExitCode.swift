/// The process exit codes of SPEC section 5.
enum ExitCode: Int32, Sendable {
  /// Everything held.
  case success = 0
  /// An expectation or a step failed (or the program could not do what was asked).
  case failure = 1
  /// Bad usage: a bad flag or value, or a script line that does not parse.
  case usage = 2
  /// The API could not be reached and no saved data could serve.
  case unreachable = 3
  /// The environment cannot be used: the data directory (cannot be made, written or locked),
  /// a temporary directory, a report file, or a port that is in use.
  case environment = 4
}

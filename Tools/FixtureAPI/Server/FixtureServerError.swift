/// Why the fixture server could not start.
public enum FixtureServerError: Error, Hashable, Sendable {
  /// A socket call failed: `operation` names it, `code` is `errno` (`bind` with `EADDRINUSE`
  /// when the port is taken).
  case socket(operation: String, code: Int32)
  /// ``FixtureServer/start(port:)`` was called on a server that has already started.
  case alreadyStarted
}

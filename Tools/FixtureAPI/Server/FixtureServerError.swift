/// Why the fixture server could not start.
public enum FixtureServerError: Error, Hashable, Sendable {
  /// A socket call failed: `operation` names it, `code` is `errno` (`bind` with `EADDRINUSE`
  /// when the port is taken).
  case socket(operation: String, code: Int32)
  /// ``FixtureServer/start(port:)`` was called on a server that has already started.
  case alreadyStarted
}

extension FixtureServerError: CustomStringConvertible {
  /// One line for a command line: `bind failed: Address already in use`.
  public var description: String {
    switch self {
    case .socket(let operation, let code): "\(operation) failed: \(Socket.errorMessage(code))"
    case .alreadyStarted: "the fixture server has already been started"
    }
  }
}

import Synchronization

/// A server's open scopes by number, each a router of its own, and which router answers a path.
final class FixtureScopeTable: Sendable {
  /// The most scopes open at once by default; opening one more closes the oldest open one.
  static let maxOpenScopes = 100_000

  /// The first segment of a scoped path: `/scopes/N/hotel` is `/hotel` in scope `N`.
  static let prefix = "/scopes"

  /// Who answers a request's path.
  enum Resolution {
    /// The server's own router, with the path as it is.
    case root
    /// An open scope's router, with the path that follows `/scopes/N`.
    case scope(FixtureRouter, path: String)
    /// Nobody: the path names no open scope, or names one badly.
    case refused(HTTPResponse)
  }

  private struct State {
    var lastNumber = 0
    var oldestCandidate = 1
    var open: [Int: FixtureRouter] = [:]
  }

  private let state = Mutex(State())
  private let maxOpen: Int

  /// A table of at most `maxOpen` open scopes.
  init(maxOpen: Int = maxOpenScopes) {
    self.maxOpen = maxOpen
  }

  /// Opens a scope answered by `router` and returns its number (counting from 1).
  func open(_ router: FixtureRouter) -> Int {
    state.withLock { state in
      state.lastNumber += 1
      state.open[state.lastNumber] = router
      if state.open.count > maxOpen {
        while state.open[state.oldestCandidate] == nil { state.oldestCandidate += 1 }
        state.open[state.oldestCandidate] = nil
      }
      return state.lastNumber
    }
  }

  /// Forgets scope `number`, whose paths answer `404` from now on.
  ///
  /// Closing it again does nothing.
  func close(_ number: Int) {
    _ = state.withLock { $0.open.removeValue(forKey: number) }
  }

  /// How many scopes are open.
  var openCount: Int { state.withLock { $0.open.count } }

  /// Who answers `path`: the root for any path outside `/scopes/`, else the open scope it names.
  func resolve(_ path: String) -> Resolution {
    let prefix = Self.prefix.utf8
    let bytes = path.utf8
    guard bytes.starts(with: prefix) else { return .root }
    let rest = bytes.dropFirst(prefix.count)
    guard rest.first == UInt8(ascii: "/") else { return .root }
    let numberText = rest.dropFirst().prefix { $0 != UInt8(ascii: "/") }
    let scopedPath = rest.dropFirst(1 + numberText.count)
    guard !numberText.isEmpty, numberText.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return .refused(
        .error(400, "a scoped path is /scopes/N/PATH, where N is the number of an open scope"))
    }
    let router = Int(Substring(numberText)).flatMap { number in state.withLock { $0.open[number] } }
    guard let router else {
      let named = numberText.count <= 20 ? " " + String(Substring(numberText)) : ""
      return .refused(.error(404, "no open scope\(named): it was closed or never opened"))
    }
    return .scope(router, path: scopedPath.isEmpty ? "/" : String(Substring(scopedPath)))
  }
}

/// A request the fixture server received, as tests inspect it.
public struct FixtureRequestRecord: Hashable, Sendable {
  /// `GET`, `POST`, ...
  public var method: String
  /// The path without the query.
  public var path: String
  /// The query's parameters.
  public var query: [String: String]
  /// The headers by lowercased name (the last one wins when a name repeats).
  public var headers: [String: String]

  /// Creates a record.
  public init(method: String, path: String, query: [String: String], headers: [String: String]) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
  }

  /// The header named `name` (case-insensitive).
  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A parsed HTTP/1.1 request.
struct HTTPRequest: Sendable {
  /// `GET`, `POST`, ...
  var method: String
  /// The path without the query (`/booking`).
  var path: String
  /// The query's parameters, percent-decoded (`room` -> `2`).
  var query: [String: String]
  /// The headers in order; names as sent.
  var headers: [(name: String, value: String)]
  /// The body (empty without `Content-Length`).
  var body: [UInt8]
  /// Whether the connection stays open after the answer.
  var keepAlive: Bool
  /// Whether the request is HTTP/1.0, whose connection stays open only when the answer says
  /// `Connection: keep-alive` (HTTP/1.1 keeps it open unless told otherwise).
  var isHTTP10 = false

  /// The first header named `name` (case-insensitive).
  func header(_ name: String) -> String? {
    let lowered = name.lowercased()
    return headers.first { $0.name.lowercased() == lowered }?.value
  }
}

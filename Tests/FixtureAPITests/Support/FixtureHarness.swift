import FixtureAPI
import Foundation
import Testing

/// Runs `body` against a fixture server started on an ephemeral port, and stops the server
/// afterwards whatever happens.
func withFixture<T>(
  _ options: FixtureOptions = FixtureOptions(),
  _ body: (FixtureServer, UInt16) async throws -> T
) async throws -> T {
  let server = FixtureServer(options: options)
  try server.start()
  let port = try #require(server.port)
  do {
    let result = try await body(server, port)
    await server.stop()
    return result
  } catch {
    await server.stop()
    throw error
  }
}

/// A `GET` request's text.
func getRequest(_ target: String, headers: [String: String] = [:], close: Bool = true) -> String {
  var text = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
  for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
  if close { text += "Connection: close\r\n" }
  return text + "\r\n"
}

/// A `POST /orders` request's text (to `path`, a scope's `/scopes/N/orders` for one).
func orderRequest(key: String?, body: String, path: String = "/orders") -> String {
  var text = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
  if let key { text += "Idempotency-Key: \(key)\r\n" }
  text += "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
  return text
}

/// The body parsed as a JSON object.
func jsonObject(_ exchange: RawExchange) throws -> [String: Any] {
  let object = try JSONSerialization.jsonObject(with: Data(exchange.body))
  return try #require(object as? [String: Any])
}

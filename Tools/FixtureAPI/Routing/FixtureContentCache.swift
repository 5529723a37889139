import Domain
import Synchronization

/// The content a server's routers share: the encoded bodies of the `GET` routes with their
/// `ETag`s, and the pricing engines of `POST /orders`.
///
/// The content never changes for a server's options, so each entry is made once per server
/// however many scopes (``FixtureScope``) answer from it.
final class FixtureContentCache: Sendable {
  private let bodies = Mutex<[String: (body: [UInt8], etag: String)]>([:])
  private let pricingEngines = Mutex<[String: FormEngine]>([:])

  /// The body of `route` in `language` with its `ETag`: the one encoded ahead of time
  /// (``FixtureBodies``), else encoded the first time it is asked for; `nil` when there is no
  /// such content, which is not remembered.
  func body(_ route: String, _ language: Language) -> (body: [UInt8], etag: String)? {
    let key = route + " " + language.rawValue
    if let known = bodies.withLock({ $0[key] }) { return known }
    guard
      let body = FixtureBodies.body(route, language).map({ Array($0.utf8) })
        ?? FixtureEncoding.body(route, language)
    else { return nil }
    let made = Self.withETag(body)
    bodies.withLock { $0[key] = made }
    return made
  }

  /// The pricing engine stored under `key`, made by `make` the first time; `nil` (not
  /// remembered) when `make` gives none.
  func engine(_ key: String, make: () -> FormEngine?) -> FormEngine? {
    if let known = pricingEngines.withLock({ $0[key] }) { return known }
    guard let made = make() else { return nil }
    pricingEngines.withLock { $0[key] = made }
    return made
  }

  /// `body` with its `ETag`, a digest of its bytes.
  static func withETag(_ body: [UInt8]) -> (body: [UInt8], etag: String) {
    (body, "\"\(String(FixtureRouter.digest(body), radix: 16))\"")
  }
}

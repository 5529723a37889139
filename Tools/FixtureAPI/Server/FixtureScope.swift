import Foundation

/// A part of a running ``FixtureServer`` with state of its own, reached under
/// `http://127.0.0.1:PORT/scopes/N`: what a separate server would be, without a socket or a
/// thread of its own.
///
/// A request to `/scopes/N/PATH` is answered as a new ``FixtureServer`` with the same options
/// would answer `PATH`: its own order numbers, idempotency keys, request counts,
/// ``FixtureOptions/failFirst`` and scripted faults. The content (bodies, `ETag`s) is the
/// server's, encoded once for every scope.
///
/// A path the client resolves from the server's root, as the fixture form's `action_url`
/// (`/booking/discount`), reaches the root, not the scope: its answer is the same, but the
/// root's request counts and faults apply to it.
///
/// ```swift
/// let scope = server.openScope()
/// // ... a client with base URL scope.baseURL ...
/// scope.close()
/// ```
public final class FixtureScope: Sendable {
  /// Where the scope answers: `http://127.0.0.1:PORT/scopes/N`.
  public let baseURL: URL
  /// `N` in ``baseURL``: scopes of a server are numbered from 1 in the order they open.
  public let number: Int
  private let router: FixtureRouter
  private let table: FixtureScopeTable

  init(baseURL: URL, number: Int, router: FixtureRouter, table: FixtureScopeTable) {
    self.baseURL = baseURL
    self.number = number
    self.router = router
    self.table = table
  }

  /// How many orders `POST /orders` has created in this scope; replays of an idempotency key
  /// do not count.
  public var createdOrderCount: Int { router.createdOrderCount }

  /// Closes the scope: the server forgets its state, and its paths answer `404` from now on.
  ///
  /// A request being answered still gets its answer. Closing twice does nothing.
  public func close() { table.close(number) }
}

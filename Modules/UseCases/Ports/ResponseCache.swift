import Foundation
import Synchronization

/// A saved HTTP response body with its validator, for `If-None-Match` and offline use.
public struct CachedResponse: Hashable, Sendable, Codable {
  /// The response's `ETag`, if it had one.
  public var etag: String?
  /// The body as received.
  public var body: Data
  /// When the response was received or last revalidated (a client may leave a fresh entry as
  /// it is on a revalidation, so this can lag by the client's refresh interval).
  public var storedAt: Date

  /// Creates an entry.
  public init(etag: String?, body: Data, storedAt: Date) {
    self.etag = etag
    self.body = body
    self.storedAt = storedAt
  }
}

/// The HTTP response cache port: Networking uses it, Persistence implements it.
///
/// Keys are opaque strings chosen by Networking (method, path, query and language).
public struct ResponseCache: Sendable {
  /// The entry for `key`, or `nil`.
  ///
  /// A cache that cannot read answers `nil` (a miss). An entry just stored is answered even while
  /// it is still being written.
  public var entry: @Sendable (_ key: String) async -> CachedResponse?
  /// Saves `response` under `key`.
  ///
  /// A cache may write in the background and return at once (``flush`` waits for such writes); its
  /// write failures are then not reported here.
  public var store: @Sendable (_ key: String, _ response: CachedResponse) async throws -> Void
  /// Returns once every entry stored so far has been written (call before the process exits).
  public var flush: @Sendable () async -> Void
  /// Drops the entry for `key` (one whose body no longer decodes), so it is not read again.
  public var remove: @Sendable (_ key: String) async -> Void

  /// Creates a cache from its operations; `flush` does nothing unless given (a cache that
  /// writes before `store` returns has nothing to wait for), nor does `remove`.
  public init(
    entry: @escaping @Sendable (String) async -> CachedResponse?,
    store: @escaping @Sendable (String, CachedResponse) async throws -> Void,
    flush: @escaping @Sendable () async -> Void = {},
    remove: @escaping @Sendable (String) async -> Void = { _ in }
  ) {
    self.entry = entry
    self.store = store
    self.flush = flush
    self.remove = remove
  }
}

extension ResponseCache {
  /// A cache that keeps entries in memory, starting with `entries`.
  public static func inMemory(_ entries: [String: CachedResponse] = [:]) -> ResponseCache {
    let saved = Mutex(entries)
    return ResponseCache(
      entry: { key in saved.withLock { $0[key] } },
      store: { key, response in saved.withLock { $0[key] = response } },
      remove: { key in saved.withLock { $0[key] = nil } }
    )
  }
}

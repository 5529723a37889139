import Foundation
import Synchronization
import UseCases

/// A response cache in memory that records what it was asked to store.
final class InMemoryResponseCache: Sendable {
  private let entries = Mutex<[String: CachedResponse]>([:])
  private let storeCount = Mutex(0)
  private let removedKeys = Mutex<[String]>([])

  init(_ initial: [String: CachedResponse] = [:]) {
    entries.withLock { $0 = initial }
  }

  /// The port over this cache.
  var port: ResponseCache {
    ResponseCache(
      entry: { [self] key in entries.withLock { $0[key] } },
      store: { [self] key, response in
        entries.withLock { $0[key] = response }
        storeCount.withLock { $0 += 1 }
      },
      remove: { [self] key in
        entries.withLock { $0[key] = nil }
        removedKeys.withLock { $0.append(key) }
      })
  }

  /// The keys `remove` was called with, in order.
  var removals: [String] { removedKeys.withLock { $0 } }

  /// Every entry by key.
  var all: [String: CachedResponse] { entries.withLock { $0 } }

  /// How many times `store` was called.
  var stores: Int { storeCount.withLock { $0 } }

  /// Replaces the entry for `key`.
  func set(_ key: String, _ response: CachedResponse) { entries.withLock { $0[key] = response } }
}

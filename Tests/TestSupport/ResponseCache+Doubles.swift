import Synchronization
import Testing
import UseCases

/// An error the throwing cache double throws.
public struct CacheWriteFailed: Error, Hashable, Sendable {
  /// The key that could not be stored.
  public var key: String
}

extension ResponseCache {
  /// A cache whose every operation records a test issue (reads miss, writes throw).
  public static var failing: ResponseCache {
    ResponseCache(
      entry: { key in
        Issue.record("ResponseCache.entry(\(key)) was called unexpectedly")
        return nil
      },
      store: { key, _ in
        Issue.record("ResponseCache.store(\(key)) was called unexpectedly")
        throw CacheWriteFailed(key: key)
      }
    )
  }

  /// A cache that never has an entry and cannot store one, silently (a broken disk).
  public static var broken: ResponseCache {
    ResponseCache(
      entry: { _ in nil },
      store: { key, _ in throw CacheWriteFailed(key: key) }
    )
  }
}

import Synchronization
import UseCases

/// The response cache of one hermetic journey of `hotel test`: kept in memory, as its data
/// directory is removed when the journey ends and no later run reads it.
///
/// Within the journey it answers as the file cache does (Hotel again after Paid shows the cached
/// hotel at once and revalidates it), without a file, a lock or a writer thread per response.
enum JourneyCache {
  /// An empty cache.
  static func make() -> ResponseCache {
    let saved = Mutex<[String: CachedResponse]>([:])
    return ResponseCache(
      entry: { key in saved.withLock { $0[key] } },
      store: { key, response in saved.withLock { $0[key] = response } })
  }
}

import Foundation
import UseCases

extension ResponseCache {
  /// The HTTP response cache kept as one JSON file per key in `cache/` of the data directory (the
  /// body, its `ETag` and when it was stored).
  ///
  /// Keys may be any text: file names are hashes of them. An unreadable entry is a miss (a corrupt
  /// file is also moved aside and reported).
  ///
  /// `store` returns at once: entries are written in the background, in batches, and `entry`
  /// answers an entry stored but not yet written. `flush` waits for every write (call it before
  /// the process exits; an entry not flushed is simply fetched again next time). Write failures
  /// are not reported: the cache is best effort, as a failed save must not fail a good answer.
  ///
  /// Entries are written atomically (a temporary file renamed over the entry, under the data
  /// directory's lock), so a reader never sees a torn file, but not durably: unlike orders and
  /// the draft (SPEC section 7's full recipe), no `fsync` of the file or of `cache/`. A cache
  /// entry is a copy of what the server holds, so losing the latest ones to a power loss costs
  /// one request, while the two `fsync`s cost more than the request itself on every `GET`.
  /// After a power loss an entry may read as the previous one (an older `ETag`: revalidation
  /// fetches the new body), as missing, or as empty (treated as corrupt: moved aside, a miss).
  public static func files(_ store: FileStore) -> ResponseCache {
    let writer = CacheWriter(files: CacheFiles(store: store))
    return ResponseCache(
      entry: { key in writer.entry(key) },
      store: { key, response in writer.store(key, response) },
      flush: { await writer.flush() },
      remove: { key in writer.remove(key) }
    )
  }
}

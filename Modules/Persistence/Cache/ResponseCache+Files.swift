import Foundation
import UseCases

extension ResponseCache {
  /// The HTTP response cache kept as one JSON file per key in `cache/` of the data directory
  /// (the body, its `ETag` and when it was stored). Keys may be any text: file names are hashes
  /// of them. An unreadable entry is a miss (a corrupt file is also moved aside and reported).
  public static func files(_ store: FileStore) -> ResponseCache {
    let cache = CacheFiles(store: store)
    return ResponseCache(
      entry: { key in cache.entry(key) },
      store: { key, response in try cache.store(key, response) }
    )
  }
}

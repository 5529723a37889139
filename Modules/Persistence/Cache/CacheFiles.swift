import Foundation
import UseCases

/// Cached HTTP responses as one JSON file per key in `cache/`.
struct CacheFiles: Sendable {
  let store: FileStore

  var folder: String { store.path("cache") }

  /// The entry for `key`; a miss when there is none, it is unreadable (moved aside if corrupt),
  /// from a newer version, or stored under another key with the same hash.
  func entry(_ key: String) -> CachedResponse? {
    guard let path = try? path(for: key),
      case .value(let entry) = try? store.read(CacheFormat.self, at: path), entry.key == key
    else { return nil }
    return entry.response
  }

  /// Saves `response` under `key`, atomically and durably.
  /// - Throws: ``StoreError/unsupportedVersion(path:version:)`` when a newer version wrote the
  ///   file, which is left as it is; other ``StoreError``s when the write fails.
  func store(_ key: String, _ response: CachedResponse) throws(StoreError) {
    let path = try path(for: key)
    let data: Data
    do {
      data = try CacheFormat.encode(CacheFormat.Entry(key: key, response: response))
    } catch {
      throw .invalidIdentifier("the response for \(key) cannot be encoded: \(error)")
    }
    try store.prepare(subdirectory: "cache")
    try store.withLock { () throws(StoreError) in
      store.removeStaleTemporaries(in: folder)
      if case .newerVersion(let version) = try store.read(
        CacheFormat.self, at: path, locked: true)
      {
        throw .unsupportedVersion(path: path, version: version)
      }
      try store.writeAtomically(data, to: path)
    }
  }

  private func path(for key: String) throws(StoreError) -> String {
    folder + "/" + (try SafeFileName.validate(CacheFormat.fileName(for: key)))
  }
}

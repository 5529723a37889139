import Foundation
import UseCases

/// Cached HTTP responses as one JSON file per key in `cache/`.
///
/// Entries are written atomically (temporary file, `rename`) but not durably (no `fsync`): see
/// ``ResponseCache/files(_:)`` for why.
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

  /// Saves `response` under `key`, atomically.
  /// - Throws: ``StoreError/unsupportedVersion(path:version:)`` when a newer version wrote the
  ///   file, which is left as it is; other ``StoreError``s when the write fails.
  func store(_ key: String, _ response: CachedResponse) throws(StoreError) {
    if let (_, error) = store([(key, response)]).first { throw error }
  }

  /// Saves every entry of `entries` atomically, holding the lock once for all of them.
  ///
  /// Returns the entries that could not be saved, with why (the others are saved whatever happens
  /// to those); a file from a newer version is left as it is.
  func store(
    _ entries: [(key: String, response: CachedResponse)]
  ) -> [(key: String, error: StoreError)] {
    var encoded: [(key: String, path: String, data: Data)] = []
    var failures: [(key: String, error: StoreError)] = []
    for (key, response) in entries {
      do throws(StoreError) {
        let path = try path(for: key)
        let data: Data
        do {
          data = try CacheFormat.encode(CacheFormat.Entry(key: key, response: response))
        } catch {
          throw .cannotSave("the response for \(key) cannot be encoded: \(error)")
        }
        encoded.append((key, path, data))
      } catch {
        failures.append((key, error))
      }
    }
    guard !encoded.isEmpty else { return failures }
    do throws(StoreError) {
      try store.prepare(subdirectory: "cache", durably: false)
      try store.withLock { () throws(StoreError) in
        store.removeStaleTemporaries(in: folder)
        for (key, path, data) in encoded {
          do throws(StoreError) {
            if case .newerVersion(let version) = try store.read(
              CacheFormat.self, at: path, locked: true)
            {
              throw .unsupportedVersion(path: path, version: version)
            }
            try store.writeAtomically(data, to: path, durable: false)
          } catch {
            failures.append((key, error))
          }
        }
      }
    } catch {
      failures += encoded.map { ($0.key, error) }
    }
    return failures
  }

  /// Removes the file for `key` under the lock, if there is one (best effort, as every cache
  /// write: a file left behind is dropped again the next time it is read).
  func remove(_ key: String) {
    guard let path = try? path(for: key) else { return }
    try? store.withLock { () throws(StoreError) in try store.fileSystem.remove(path) }
  }

  private func path(for key: String) throws(StoreError) -> String {
    folder + "/" + (try SafeFileName.validate(CacheFormat.fileName(for: key)))
  }
}

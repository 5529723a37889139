import Foundation
import UseCases

/// The draft as one file, `draft.json`, read and written at once (no coalescing here).
///
/// A draft file from a newer version is refused (``StoreError/unsupportedVersion(path:version:)``)
/// by every operation, never overwritten or removed; a corrupt one is moved aside and reported,
/// then treated as absent.
struct DraftFiles: Sendable {
  let store: FileStore

  var path: String { store.path("draft.json") }

  /// The saved draft, or `nil` when there is none (or it was corrupt and moved aside).
  func load() throws(StoreError) -> BookingDraft? {
    switch try store.read(DraftFormat.self, at: path) {
    case .value(let draft): return draft
    case .missing, .movedAside, .leftInPlace: return nil
    case .newerVersion(let version): throw .unsupportedVersion(path: path, version: version)
    }
  }

  /// Replaces the saved draft with `draft`, atomically and durably.
  func write(_ draft: BookingDraft) throws(StoreError) {
    let data: Data
    do {
      data = try DraftFormat.encode(draft)
    } catch {
      throw .cannotSave("the draft cannot be encoded: \(error)")
    }
    try store.withLock { () throws(StoreError) in
      store.removeStaleTemporaries(in: store.directory.path)
      try checkReplaceable()
      try store.writeAtomically(data, to: path)
    }
  }

  /// Removes the saved draft, if any.
  func clear() throws(StoreError) {
    guard try store.fileSystem.read(path, FileStore.maximumFileSize) != nil else { return }
    try store.withLock { () throws(StoreError) in
      try checkReplaceable()
      try store.removeFile(at: path)
    }
  }

  /// Refuses to touch a draft from a newer version; moves a corrupt one aside. Call locked.
  private func checkReplaceable() throws(StoreError) {
    if case .newerVersion(let version) = try store.read(DraftFormat.self, at: path, locked: true) {
      throw .unsupportedVersion(path: path, version: version)
    }
  }
}

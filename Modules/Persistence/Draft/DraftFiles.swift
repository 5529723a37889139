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
  ///
  /// A field's text that a field cannot hold (``fieldCannotHold(_:)``: a hand-edited draft, or one
  /// from an older version) is left out of it and reported
  /// (``UseCases/StoreReport/draftTextsLeftOut(path:fields:)``); the rest of the draft is kept.
  func load() throws(StoreError) -> BookingDraft? {
    try loadNotingRepairs()?.draft
  }

  /// ``load()``, with whether texts were left out (`repaired`): the file then still holds
  /// them, and the draft returned is what should replace it.
  func loadNotingRepairs() throws(StoreError) -> (draft: BookingDraft, repaired: Bool)? {
    switch try store.read(DraftFormat.self, at: path) {
    case .value(var draft):
      let refused = draft.fields.keys.filter { id in
        Self.fieldCannotHold(id) || Self.fieldCannotHold(draft.fields[id] ?? "")
      }.sorted()
      guard !refused.isEmpty else { return (draft, false) }
      for id in refused { draft.fields[id] = nil }
      store.report(.draftTextsLeftOut(path: path, fields: refused))
      return (draft, true)
    case .missing, .movedAside, .leftInPlace: return nil
    case .newerVersion(let version): throw .unsupportedVersion(path: path, version: version)
    }
  }

  /// Whether `text` holds what no form field can (a field is one line, typed or set by a script
  /// line, which cannot hold a line break): a line break (`\n`, `\r`, U+0085, U+2028, U+2029) or
  /// another control character (C0, DEL, C1: a tab, an escape).
  ///
  /// Such a text, restored into a field, would be written by `--record` as a line its replay cannot
  /// read; the app itself never puts one in a field (a paste's line breaks and tabs become spaces).
  static func fieldCannotHold(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      switch scalar.properties.generalCategory {
      case .control, .lineSeparator, .paragraphSeparator: true
      default: false
      }
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

  /// Refuses to touch a draft from a newer version; moves a corrupt one aside.
  ///
  /// Call locked.
  private func checkReplaceable() throws(StoreError) {
    if case .newerVersion(let version) = try store.read(DraftFormat.self, at: path, locked: true) {
      throw .unsupportedVersion(path: path, version: version)
    }
  }
}

import Foundation
import UseCases

extension DraftStore {
  /// The booking draft kept as `draft.json` in the data directory, with saves coalesced.
  ///
  /// `save` returns at once; the first unsaved change is written `debounce` later on `clock`,
  /// with whatever the latest state is by then (50 saves while typing make one write). `flush`
  /// writes the latest state at once: call it before the process exits. `load` answers the
  /// pending state if there is one. A corrupt draft file is moved aside, reported, and loads as
  /// `nil`; a draft from a newer version makes every operation throw
  /// ``StoreError/unsupportedVersion(path:version:)`` and is left as it is.
  public static func files(
    _ store: FileStore, clock: any Clock<Duration>, debounce: Duration = .milliseconds(200)
  ) -> DraftStore {
    files(writer: DraftWriter(files: DraftFiles(store: store), clock: clock, delay: debounce))
  }

  /// The store around an existing writer (tests keep the writer to wait for its writes).
  static func files(writer: DraftWriter) -> DraftStore {
    DraftStore(
      load: { () throws(StoreError) in try await writer.load() },
      save: { draft in await writer.save(draft) },
      clear: { () throws(StoreError) in try await writer.clear() },
      flush: { () throws(StoreError) in try await writer.flush() }
    )
  }
}

import Synchronization
import Testing
import UseCases

extension DraftStore {
  /// A store whose every operation records a test issue and throws: for tests that must not
  /// touch the draft.
  public static var failing: DraftStore {
    DraftStore(
      load: { () throws(StoreError) in
        Issue.record("DraftStore.load was called unexpectedly")
        throw .io(
          operation: "load", path: "failing",
          cause: .other(code: 5, description: "Input/output error"))
      },
      save: { _ throws(StoreError) in
        Issue.record("DraftStore.save was called unexpectedly")
        throw .io(
          operation: "save", path: "failing",
          cause: .other(code: 5, description: "Input/output error"))
      },
      clear: { () throws(StoreError) in
        Issue.record("DraftStore.clear was called unexpectedly")
        throw .io(
          operation: "clear", path: "failing",
          cause: .other(code: 5, description: "Input/output error"))
      },
      flush: { () throws(StoreError) in
        Issue.record("DraftStore.flush was called unexpectedly")
        throw .io(
          operation: "flush", path: "failing",
          cause: .other(code: 5, description: "Input/output error"))
      }
    )
  }

  /// A store whose every operation throws `error`, silently (a broken disk).
  public static func throwing(_ error: StoreError) -> DraftStore {
    DraftStore(
      load: { () throws(StoreError) in throw error },
      save: { _ throws(StoreError) in throw error },
      clear: { () throws(StoreError) in throw error },
      flush: { () throws(StoreError) in throw error }
    )
  }
}

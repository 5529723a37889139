import Synchronization

/// Writes the draft in the background, in order, keeping only the newest pending write.
///
/// ``record(_:)`` returns at once, so a keystroke never waits for the disk; writes happen one
/// at a time on a worker task in the order they were recorded, and a write recorded while
/// another is in flight replaces any older one still waiting (the newest draft wins, a
/// `clear` after a save wins over it). ``idle()`` waits until every recorded write is done.
final class DraftAutosaver: Sendable {
  /// One write.
  enum Command: Sendable {
    /// Save this draft.
    case save(BookingDraft)
    /// Remove the draft.
    case clear
  }

  private struct State {
    var pending: Command?
    var worker: Task<Void, Never>?
    var lastError: StoreError?
  }

  private let store: DraftStore
  private let state = Mutex(State())

  /// Creates an autosaver writing to `store`.
  init(store: DraftStore) { self.store = store }

  /// The error of the most recent write, or `nil` when it succeeded.
  var lastError: StoreError? { state.withLock { $0.lastError } }

  /// Queues `command`, replacing any command still waiting.
  func record(_ command: Command) {
    state.withLock { state in
      state.pending = command
      if state.worker == nil {
        state.worker = Task { await self.drain() }
      }
    }
  }

  /// Returns once every recorded command has been written (or has failed).
  func idle() async {
    while let worker = state.withLock({ $0.worker }) {
      await worker.value
    }
  }

  private func drain() async {
    while true {
      let next = state.withLock { state -> Command? in
        guard let command = state.pending else {
          state.worker = nil
          return nil
        }
        state.pending = nil
        return command
      }
      guard let next else { return }
      do throws(StoreError) {
        switch next {
        case .save(let draft): try await store.save(draft)
        case .clear: try await store.clear()
        }
        state.withLock { $0.lastError = nil }
      } catch {
        state.withLock { $0.lastError = error }
      }
    }
  }
}

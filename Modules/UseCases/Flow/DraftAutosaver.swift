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
    /// Whether a worker task is writing (or about to).
    var isWriting = false
    /// The callers of ``idle()`` waiting for the worker to end.
    var idleWaiters: [CheckedContinuation<Void, Never>] = []
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
    let startsWorker = state.withLock { state -> Bool in
      state.pending = command
      defer { state.isWriting = true }
      return !state.isWriting
    }
    // Started outside the lock: starting a task wakes a thread, which would find it held.
    if startsWorker { Task { await self.drain() } }
  }

  /// Returns once every recorded command has been written (or has failed).
  func idle() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isIdle = state.withLock { state -> Bool in
        guard state.isWriting else { return true }
        state.idleWaiters.append(continuation)
        return false
      }
      if isIdle { continuation.resume() }
    }
  }

  private func drain() async {
    while true {
      let (next, waiters) = state.withLock {
        state -> (Command?, [CheckedContinuation<Void, Never>]) in
        guard let command = state.pending else {
          state.isWriting = false
          defer { state.idleWaiters = [] }
          return (nil, state.idleWaiters)
        }
        state.pending = nil
        return (command, [])
      }
      guard let next else {
        for waiter in waiters { waiter.resume() }
        return
      }
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

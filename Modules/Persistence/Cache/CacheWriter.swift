import Dispatch
import Foundation
import Synchronization
import UseCases

/// Writes cache entries behind the answers they come from: ``store(_:_:)`` records the entry
/// and returns at once, a serial queue writes whatever is recorded in one batch (one lock for
/// the batch, the newest entry per key), ``entry(_:)`` answers recorded entries until they are
/// on disk, and ``flush()`` returns once everything recorded before it is written.
///
/// The queue runs on Dispatch's own threads, so the blocking file calls never hold a thread of
/// the cooperative pool.
final class CacheWriter: Sendable {
  private struct State {
    /// Recorded and not yet taken by a batch, by key.
    var pending: [String: CachedResponse] = [:]
    /// Taken by the batch being written (still answered by `entry` until it is done).
    var writing: [String: CachedResponse] = [:]
    /// Whether a batch is queued that has not yet taken `pending`.
    var scheduled = false
    /// The entries the latest batches could not save, with why (oldest dropped beyond 100).
    var failures: [(key: String, error: StoreError)] = []
  }

  private let files: CacheFiles
  private let queue = DispatchQueue(label: "Persistence.CacheWriter")
  private let state = Mutex(State())

  init(files: CacheFiles) {
    self.files = files
  }

  /// The entry for `key`: the one recorded last if it is not on disk yet, else the file's.
  func entry(_ key: String) -> CachedResponse? {
    let recorded = state.withLock { $0.pending[key] ?? $0.writing[key] }
    return recorded ?? files.entry(key)
  }

  /// Records `response` under `key` and makes sure a batch will write it; returns at once.
  func store(_ key: String, _ response: CachedResponse) {
    let schedules = state.withLock { state -> Bool in
      state.pending[key] = response
      defer { state.scheduled = true }
      return !state.scheduled
    }
    if schedules { queue.async { self.writeBatch() } }
  }

  /// Forgets `key`: what was recorded for it and, once the writes already queued end, its file.
  func remove(_ key: String) {
    state.withLock { $0.pending[key] = nil }
    queue.async { self.files.remove(key) }
  }

  /// Returns once every entry recorded before the call is written (or has failed).
  func flush() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      queue.async { continuation.resume() }
    }
  }

  /// The entries that could not be saved lately, with why (write failures are not reported
  /// anywhere else: the cache is best effort).
  var failures: [(key: String, error: StoreError)] { state.withLock { $0.failures } }

  // MARK: - Private

  private func writeBatch() {
    let batch = state.withLock { state -> [String: CachedResponse] in
      state.scheduled = false
      state.writing = state.pending
      state.pending = [:]
      return state.writing
    }
    let failed = files.store(batch.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    state.withLock { state in
      state.writing = [:]
      state.failures += failed
      if state.failures.count > 100 { state.failures.removeFirst(state.failures.count - 100) }
    }
  }
}

import Foundation
import UseCases

/// Coalesces draft saves: the first unsaved change schedules one write `delay` later on the
/// injected clock, and every save until then only replaces the state that write will store. So
/// typing fast costs one `fsync` per `delay`, not one per keystroke, and a change is on disk at
/// most `delay` after it was made. ``flush()`` writes at once (call it before the process exits).
actor DraftWriter {
  private let files: DraftFiles
  private let clock: any Clock<Duration>
  private let delay: Duration
  private var pending: BookingDraft?
  private var scheduled: Task<Void, Never>?
  /// The draft as ``load()`` last restored it when the file held texts it left out, to be written
  /// in the file's place by the next ``flush()`` unless a save or a clear comes first: so the
  /// notice of texts left out is told once, not at every start.
  ///
  /// Not written by a timer, only through ``flush()``, which a session that does not hold the
  /// booking never calls (`DraftStore.guarded(by:)`); and not answered by ``load()``, which reads
  /// the file again.
  private var repaired: BookingDraft?

  init(files: DraftFiles, clock: any Clock<Duration>, delay: Duration) {
    self.files = files
    self.clock = clock
    self.delay = delay
  }

  /// The latest draft: the one waiting to be written, else the one on disk.
  func load() throws(StoreError) -> BookingDraft? {
    if let pending { return pending }
    guard let loaded = try files.loadNotingRepairs() else { return nil }
    repaired = loaded.repaired ? loaded.draft : nil
    return loaded.draft
  }

  /// Records `draft` and makes sure a write is scheduled.
  func save(_ draft: BookingDraft) {
    pending = draft
    repaired = nil
    guard scheduled == nil else { return }
    scheduled = Task { [clock, delay] in
      do {
        try await clock.sleep(for: delay)
      } catch {
        return  // Cancelled by flush or clear, which took care of the pending state.
      }
      guard !Task.isCancelled else { return }
      self.scheduledWriteDue()
    }
  }

  /// Writes the pending draft now, if there is one (else the repaired one, if any).
  func flush() throws(StoreError) {
    cancelScheduledWrite()
    try writePending()
  }

  /// Forgets any pending draft and removes the saved one.
  func clear() throws(StoreError) {
    cancelScheduledWrite()
    pending = nil
    repaired = nil
    try files.clear()
  }

  /// Waits until the scheduled write, if any, has run (for tests that advance the clock).
  func waitForScheduledWrite() async {
    await scheduled?.value
  }

  // MARK: - Private

  private func scheduledWriteDue() {
    scheduled = nil
    do {
      try writePending()
    } catch {
      // Kept pending: the next save schedules another try and flush reports the error.
      files.store.report(.draftNotSaved(error))
    }
  }

  private func writePending() throws(StoreError) {
    guard let draft = pending ?? repaired else { return }
    try files.write(draft)
    pending = nil
    repaired = nil
  }

  private func cancelScheduledWrite() {
    scheduled?.cancel()
    scheduled = nil
  }
}

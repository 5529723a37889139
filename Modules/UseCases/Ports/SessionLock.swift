/// Which session holds the booking of a data directory (SPEC section 5.4): one session at a time
/// writes the draft, so two windows never overwrite each other's booking silently.
///
/// A second session is told that another holds the booking, and can continue read-only (its changes
/// are not saved as the draft) or start a fresh booking (not saved either).
///
/// Persistence implements it with `flock` on a lock file (`SessionLock.files`); the lock is held
/// until ``release`` or the process ends, so a session that crashed never blocks the next.
///
/// ```swift
/// let held = try lock.acquire() == .heldElsewhere
/// let drafts = fileDrafts.guarded { !held }
/// await coordinator.start(fresh: fresh, draftHeldElsewhere: held)
/// ```
public struct SessionLock: Sendable {
  /// What ``acquire`` found.
  public enum Outcome: Hashable, Sendable {
    /// This session holds the booking: it may write the draft.
    case acquired
    /// Another session holds it: this one must not write the draft.
    case heldElsewhere
  }

  /// Takes the lock without waiting.
  /// - Throws: a ``StoreError`` when the lock file cannot be used.
  public var acquire: @Sendable () throws(StoreError) -> Outcome
  /// Gives the lock back (nothing when it is not held).
  public var release: @Sendable () -> Void

  /// Creates a lock from its operations.
  public init(
    acquire: @escaping @Sendable () throws(StoreError) -> Outcome,
    release: @escaping @Sendable () -> Void
  ) {
    self.acquire = acquire
    self.release = release
  }

  /// A lock that always answers `outcome` (tests, and hosts with one session per data store).
  public static func constant(_ outcome: Outcome) -> SessionLock {
    SessionLock(acquire: { outcome }, release: {})
  }
}

extension DraftStore {
  /// This store, writing only while `mayWrite()` says so (this session holds the ``SessionLock``);
  /// otherwise saves, clears and flushes do nothing, so another session's draft is left as it is.
  ///
  /// Loads always read.
  public func guarded(by mayWrite: @escaping @Sendable () async -> Bool) -> DraftStore {
    let store = self
    return DraftStore(
      load: { () throws(StoreError) in try await store.load() },
      save: { draft throws(StoreError) in
        guard await mayWrite() else { return }
        try await store.save(draft)
      },
      clear: { () throws(StoreError) in
        guard await mayWrite() else { return }
        try await store.clear()
      },
      flush: { () throws(StoreError) in
        guard await mayWrite() else { return }
        try await store.flush()
      })
  }
}

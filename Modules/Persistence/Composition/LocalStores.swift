import Domain
import Foundation
import Synchronization
import UseCases

/// The app's three stores over one data directory, made as the app uses them: what a host
/// composes (SPEC section 10) without knowing the files' layout.
///
/// ```swift
/// let strings = Localizer(language: dependencies.language)  // Presentation's words
/// let stores = LocalStores(
///   directory: try DataDirectory.resolve(), clock: dependencies.clock,
///   report: { print(strings.storeReport($0)) })
/// // Makes the directory (an unusable one is told now, not at the first save) and takes its
/// // session lock: another window or process on the same directory is told, never overwritten.
/// let session: SessionLock.Outcome = try stores.openSession()
/// let server = try LiveServer(baseURL: baseURL, dependencies: dependencies, cache: stores.cache)
/// let coordinator = AppCoordinator(
///   api: server.api, orders: stores.orders, drafts: stores.drafts, cache: stores.cache,
///   dependencies: dependencies, calculator: server.calculator)
/// await coordinator.start(draftHeldElsewhere: session == .heldElsewhere)
/// // ...
/// try await coordinator.flush()   // the draft and the cache, before the process exits
/// stores.closeSession()
/// ```
public struct LocalStores: Sendable {
  /// The data directory.
  public let directory: DataDirectory
  /// The file store under the three.
  public let files: FileStore
  /// Saved orders (`OrderStore.files`).
  public let orders: OrderStore
  /// The booking draft, with saves coalesced (`DraftStore.files`).
  ///
  /// While another session holds the directory (``openSession()`` answered `.heldElsewhere`, or
  /// ``closeSession()`` was called) it reads but never writes: saves, clears and flushes do
  /// nothing.
  public let drafts: DraftStore
  /// The data directory's session lock (SPEC section 5.4; `SessionLock.files`), which
  /// ``openSession()`` takes and ``closeSession()`` gives back.
  public let sessionLock: SessionLock
  /// The HTTP response cache, written behind the answers (`ResponseCache.files`).
  public let cache: ResponseCache

  /// The stores in `directory` (nothing is touched until the first read or write).
  /// - Parameters:
  ///   - clock: the clock the draft's saves are coalesced on.
  ///   - report: receives each problem that does not stop a store (a corrupt file moved
  ///     aside) as a ``StoreReport``, for the host to say in its language (Presentation's
  ///     `Localizer.storeReport(_:)`, the only words there are for it).
  public init(
    directory: DataDirectory, clock: any Clock<Duration>,
    draftDebounce: Duration = .milliseconds(200),
    report: @escaping @Sendable (StoreReport) -> Void
  ) {
    self.init(
      files: FileStore(directory: directory, report: report), clock: clock,
      draftDebounce: draftDebounce)
  }

  /// The stores over `files`; `cache` replaces the files' response cache (tests watch its
  /// writes).
  public init(
    files: FileStore, clock: any Clock<Duration>, draftDebounce: Duration = .milliseconds(200),
    cache: ResponseCache? = nil
  ) {
    self.directory = files.directory
    self.files = files
    orders = .files(files)
    let session = SessionState()
    self.session = session
    drafts = DraftStore.files(files, clock: clock, debounce: draftDebounce)
      .guarded { session.mayWriteDraft }
    sessionLock = .files(files)
    self.cache = cache ?? .files(files)
  }

  /// Makes the data directory and its `orders/` folder now.
  /// - Throws: ``UseCases/StoreError/directoryUnavailable(path:reason:)``.
  public func prepare() throws(StoreError) {
    try files.prepare(subdirectory: OrderFiles.folderName)
  }

  // MARK: - Session

  private let session: SessionState

  /// Makes the data directory (not yet its `orders/` folder, which the first order's save or
  /// ``prepare()`` makes, so a host can make it off its start-up's path) and takes its session lock
  /// without waiting (SPEC section 5.4): one session at a time writes a directory's booking draft,
  /// so two windows, two processes or two coordinators of one server on the same directory never
  /// overwrite each other's booking silently.
  ///
  /// Call it once, before the coordinator starts. - Returns: `.acquired` when this session holds
  /// the booking (``drafts`` writes); `.heldElsewhere` when another does: ``drafts`` then reads but
  /// never writes, and the host starts with `coordinator.start(draftHeldElsewhere: true)`, which
  /// tells the person that changes here are not saved (or `start(fresh: true, draftHeldElsewhere:
  /// true)` for a new booking, unsaved too, the other session's draft left as it is). - Throws:
  /// ``UseCases/StoreError/directoryUnavailable(path:reason:)`` when the directory or its `orders/`
  /// folder cannot be used: something not a folder in their place (a file, a FIFO, a device, a
  /// symbolic link to one or to nothing), or a folder that cannot be written; another
  /// ``UseCases/StoreError`` when its lock file cannot be used.
  public func openSession() throws(StoreError) -> SessionLock.Outcome {
    try files.prepare()
    try files.checkWritable(directory.path)
    // Something not a folder, or a folder that cannot be written, where `orders/` goes would
    // keep no order: told now, not after a server has accepted one (one `lstat`; a missing
    // folder is still made off the start-up's path).
    let orders = files.path(OrderFiles.folderName)
    switch try? files.fileSystem.entry(orders) {
    case .linkToNothing(let target):
      throw .directoryUnavailable(
        path: directory.path, reason: .linkToNothing(path: orders, target: target))
    case .notAFolder(let kind, let linkTarget):
      throw .directoryUnavailable(
        path: directory.path,
        reason: .notAFolder(path: orders, kind: kind, linkTarget: linkTarget))
    case .folder: try files.checkWritable(orders)
    case .missing, nil: break
    }
    let outcome = try sessionLock.acquire()
    session.opened(outcome)
    return outcome
  }

  /// Gives the session lock back, for another window or process to take; ``drafts`` stops writing.
  ///
  /// Call it after the coordinator's last `flush()`. (When the process ends, the kernel drops the
  /// lock by itself.)
  public func closeSession() {
    session.closed()
    sessionLock.release()
  }
}

/// Whether a ``LocalStores``' draft store may write: until ``LocalStores/openSession()`` it
/// writes (a host that composes without a session lock keeps its draft); after it, only while
/// this session holds the lock.
private final class SessionState: Sendable {
  private let mayWrite = Mutex(true)

  /// Whether the draft store may write now.
  var mayWriteDraft: Bool { mayWrite.withLock { $0 } }

  /// The session lock answered `outcome`.
  func opened(_ outcome: SessionLock.Outcome) {
    mayWrite.withLock { $0 = outcome == .acquired }
  }

  /// The session gave the lock back.
  func closed() { mayWrite.withLock { $0 = false } }
}

import Domain
import Foundation
import UseCases

/// The app's three stores over one data directory, made as the app uses them: what a host
/// composes (SPEC section 10) without knowing the files' layout.
///
/// ```swift
/// let stores = try LocalStores(directory: DataDirectory.resolve(), clock: dependencies.clock)
/// try stores.prepare()        // an unusable directory is told now, not at the first save
/// let coordinator = AppCoordinator(
///   api: api, orders: stores.orders, drafts: stores.drafts, cache: stores.cache,
///   dependencies: dependencies)
/// // ...
/// try await coordinator.flush()   // the draft and the cache, before the process exits
/// ```
public struct LocalStores: Sendable {
  /// The data directory.
  public let directory: DataDirectory
  /// The file store under the three.
  public let files: FileStore
  /// Saved orders (`OrderStore.files`).
  public let orders: OrderStore
  /// The booking draft, with saves coalesced (`DraftStore.files`).
  public let drafts: DraftStore
  /// The HTTP response cache, written behind the answers (`ResponseCache.files`).
  public let cache: ResponseCache

  /// The stores in `directory` (nothing is touched until the first read or write).
  /// - Parameters:
  ///   - clock: the clock the draft's saves are coalesced on.
  ///   - report: receives each problem that does not stop a store (a corrupt file moved
  ///     aside) as a ``StoreReport``, for the host to say in its own words; by default its plain
  ///     English description is written to standard error.
  public init(
    directory: DataDirectory, clock: any Clock<Duration>,
    draftDebounce: Duration = .milliseconds(200),
    report: @escaping @Sendable (StoreReport) -> Void = LocalStores.standardErrorReport
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
    drafts = .files(files, clock: clock, debounce: draftDebounce)
    self.cache = cache ?? .files(files)
  }

  /// Writes a report's plain English description as one line on standard error, control
  /// characters neutralised.
  public static let standardErrorReport: @Sendable (StoreReport) -> Void = { report in
    FileHandle.standardError.write(Data((FileStore.sanitized(report.description) + "\n").utf8))
  }

  /// Makes the data directory and its `orders/` folder now.
  /// - Throws: ``UseCases/StoreError/directoryUnavailable(path:reason:)``.
  public func prepare() throws(StoreError) {
    try files.prepare(subdirectory: OrderFiles.folderName)
  }
}

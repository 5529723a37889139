import Domain
import FixtureAPI
import Foundation
import Networking
import Persistence
import Presentation
import Synchronization
import UseCases

/// The composition root for `run` and `replay`: the only place that builds concrete
/// implementations.
///
/// It starts the fixture API in-process on an ephemeral loopback port unless `--api` is given (real
/// HTTP either way), opens the JSON stores in the data directory, and starts the Presentation
/// coordinator (restoring the draft unless `--fresh`).
@MainActor
final class FlowSession {
  /// The flow, driven by IDs.
  let driver: CoordinatorDriver
  /// The in-process fixture server, when no `--api` was given.
  private let fixture: FixtureServer?
  /// Makes `orders/` ahead of the first order (awaited at exit, so it is never left half done).
  private let ordersFolder: Task<Void, Never>
  /// The stores, whose session (the data directory's lock, SPEC section 5.4) is closed at
  /// shutdown.
  private let stores: LocalStores
  /// Whether another session holds the booking: this one does not write the draft.
  let draftHeldElsewhere: Bool
  private let strings: CLIStrings
  /// The booking form of `--form FILE`, when given.
  let formSource: FormFileSource?
  /// What runs before the flush of a stop signal's way out (the full-screen app puts the text
  /// still waiting for its field into it: ``FullScreenApp/keepTypedTextBeforeExit()``).
  var beforeExitFlush: (@MainActor () async -> Void)?

  private let unsaved: UnsavedOrders

  private init(
    driver: CoordinatorDriver, fixture: FixtureServer?, ordersFolder: Task<Void, Never>,
    unsaved: UnsavedOrders, stores: LocalStores,
    draftHeldElsewhere: Bool, strings: CLIStrings, formSource: FormFileSource?
  ) {
    self.driver = driver
    self.fixture = fixture
    self.ordersFolder = ordersFolder
    self.unsaved = unsaved
    self.stores = stores
    self.draftHeldElsewhere = draftHeldElsewhere
    self.strings = strings
    self.formSource = formSource
  }

  /// One line for stderr when an order the server accepted could not be saved in the data directory
  /// (it exists only on the server), naming it and why; `nil` when every accepted order was saved.
  ///
  /// The run then exits non-zero, so CI notices.
  var unsavedOrdersMessage: String? {
    let orders = unsaved.orders
    guard let reason = orders.last?.reason else { return nil }
    return strings.ordersNotSaved(orders.map(\.number), reason: reason)
  }

  /// A session that could not start: one line for stderr.
  struct Failure: Error {
    /// The message, without the `hotel:` prefix.
    var message: String
    /// The exit code: ``ExitCode/environment`` for an unusable data directory or a fixture
    /// that cannot listen, ``ExitCode/failure`` otherwise.
    var code: ExitCode = .failure
  }

  /// Builds everything and shows the first screen (loads start in the background).
  ///
  /// The start-up steps that do not depend on each other run at the same time: once the fixture
  /// server listens, the HTTP client is created (a `URLSession` and libcurl's initialisation,
  /// the longest step, so it starts first) and the data directory is made (on a fresh one, a
  /// `mkdir` and an `fsync`) on other threads, while this one builds the coordinator; the draft
  /// is loaded once the directory is there, and the first request waits only for what is left
  /// of the client's creation. `orders/` is made (durably: a `mkdir` and an `fsync` of the
  /// directory) behind all that, so the first order's save, which waits for it, does not pay
  /// for it after the answer.
  /// - Parameters:
  ///   - transport: the HTTP transport being made since the command line was parsed
  ///     (``makeTransport(for:)``); `nil` starts making it now.
  ///   - forms: the compiled booking forms (a suite's journeys share one).
  ///   - fileSystem: the file system of the data directory's store (``FileSystem/liveWithoutSync``
  ///     for a temporary one removed when the run ends).
  ///   - makeCache: the response cache over the data directory's store (tests pass one
  ///     that shows when its writes happen).
  static func start(
    _ options: Options, console: Console, transport: Task<HTTPTransport, Never>? = nil,
    forms: FormCompilations = FormCompilations(), fileSystem: FileSystem = .live,
    makeCache: (FileStore) -> ResponseCache = { ResponseCache.files($0) }
  ) async throws(Failure) -> FlowSession {
    let transport = transport ?? makeTransport(for: options)
    let dependencies = Dependencies.live(language: options.language, today: options.today)
    let strings = CLIStrings(language: options.language)
    // Before anything starts: a `--form` file that cannot be used is a usage error.
    var formSource: FormFileSource?
    if let path = options.formFilePath {
      switch FormFileSource.open(path, strings: strings) {
      case .success(let source): formSource = source
      case .failure(let problem): throw Failure(message: problem.message, code: .usage)
      }
    }
    let directory = DataDirectory(
      path: options.dataDirectory, currentDirectory: FileManager.default.currentDirectoryPath)
    let files = FileStore(
      directory: directory, fileSystem: fileSystem,
      report: { console.error(StoreErrorText.describe($0, strings: strings)) })
    var fixture: FixtureServer?
    let baseURL: URL
    if let apiURL = options.apiURL {
      baseURL = apiURL
    } else {
      var fixtureOptions = FixtureOptions()
      fixtureOptions.orderNumbers = orderNumbers(files, after: fixtureOptions)
      let server = FixtureServer(options: fixtureOptions)
      do {
        baseURL = try server.start(port: 0)
      } catch {
        // An unusable data directory is told first, as when the steps ran one after another.
        try prepare(files, strings)
        throw Failure(
          message: strings.couldNotStartFixture(ServeCommand.describe(error, port: 0)),
          code: .environment)
      }
      fixture = server
    }

    let configuration: APIConfiguration
    do {
      configuration = try APIConfiguration(baseURL: baseURL, timeout: options.timeout)
    } catch {
      await fixture?.stop()
      try prepare(files, strings)
      throw Failure(message: strings.apiNotAllowed(baseURL.absoluteString, reason: "\(error)"))
    }
    let stores = LocalStores(files: files, clock: dependencies.clock, cache: makeCache(files))
    let cache = stores.cache
    let connecting = Task.detached {
      return APIClient(
        configuration: configuration, dependencies: dependencies, cache: cache,
        transport: await transport.value)
    }
    // The directory is made, then the session lock taken (without waiting: another session
    // holding it makes this one read-only, SPEC section 5.4), as any host opens its session;
    // on another thread, while the coordinator is built; through the gate that the way out of
    // the process closes, so they are not made again in a directory it has just removed.
    let preparing = Task.detached { () -> Result<SessionLock.Outcome, StoreError> in
      do throws(StoreError) {
        return .success(
          try FileMakingGate.shared.run { () throws(StoreError) in
            try stores.openSession()
          })
      } catch {
        return .failure(error)
      }
    }
    let ordersFolder = Task.detached {
      guard case .success = await preparing.value else { return }
      // A failure here is met again, and reported, by the save itself.
      try? FileMakingGate.shared.run { () throws(StoreError) in try stores.prepare() }
    }
    let unsaved = UnsavedOrders(strings: strings)
    let orders = OrderStore(
      save: { order throws(StoreError) in
        await ordersFolder.value
        do throws(StoreError) {
          try await stores.orders.save(order)
        } catch {
          unsaved.record(order.number, error)
          throw error
        }
      },
      all: stores.orders.all)
    // The stores' draft writes only while this session holds the directory; the coordinator
    // starts (and may write) only once the session is open.
    let drafts = stores.drafts
    let api = BookingAPI.deferred(Task { BookingAPI.live(client: await connecting.value) })
    let coordinator = AppCoordinator(
      api: formSource.map(api.withBookingForm(from:)) ?? api, orders: orders,
      drafts: drafts, cache: cache, dependencies: dependencies,
      calculator: RemoteCalculator { request, language throws(RemoteCalculationError) in
        try await RemoteCalculator.live(client: connecting.value).calculate(request, language)
      }, forms: forms)
    let heldElsewhere =
      try await checkPrepared(preparing, fixture: fixture, strings: strings) == .heldElsewhere
    if heldElsewhere {
      console.error(strings.draftHeldElsewhere(directory.path, fresh: options.fresh))
    }
    await coordinator.start(fresh: options.fresh, draftHeldElsewhere: heldElsewhere)
    if let error = coordinator.draftNotRestored {
      // A draft from a newer version, or one that cannot be read: said, not passed over.
      console.error(StoreErrorText.describe(error, strings: strings))
    }
    return FlowSession(
      driver: CoordinatorDriver(coordinator: coordinator, console: console, strings: strings),
      fixture: fixture, ordersFolder: ordersFolder, unsaved: unsaved,
      stores: stores, draftHeldElsewhere: heldElsewhere, strings: strings, formSource: formSource)
  }

  /// Starts making the HTTP transport (its `URLSession`) on another thread: the longest step
  /// of start-up (about 2 ms on Linux), and one that needs no base URL, so `run` and `replay`
  /// start it as soon as the command line is parsed, while the script is read and the fixture
  /// starts.
  nonisolated static func makeTransport(for options: Options) -> Task<HTTPTransport, Never> {
    let timeout = options.timeout
    return Task.detached { HTTPTransport(timeout: timeout) }
  }

  private static func prepare(_ files: FileStore, _ strings: CLIStrings) throws(Failure) {
    do {
      try files.prepare()
    } catch {
      throw Failure(
        message: StoreErrorText.describeRefusal(error, strings: strings), code: .environment)
    }
  }

  /// Waits for the data directory to be made and its session lock tried; when either cannot
  /// be, stops `fixture` and throws.
  private static func checkPrepared(
    _ preparing: Task<Result<SessionLock.Outcome, StoreError>, Never>, fixture: FixtureServer?,
    strings: CLIStrings
  ) async throws(Failure) -> SessionLock.Outcome {
    switch await preparing.value {
    case .success(let outcome):
      return outcome
    case .failure(let error):
      await fixture?.stop()
      throw Failure(
        message: StoreErrorText.describeRefusal(error, strings: strings), code: .environment)
    }
  }

  /// Writes the draft and the cache entries still being written (the coordinator's one
  /// flush), waits for `orders/` to be made, then stops the in-process fixture — unless the
  /// process exits next (`beforeExit`): the fixture holds nothing to save, and exiting closes
  /// its sockets and ends its threads at once, where stopping it waits for every connection
  /// thread (about 1 ms).
  func shutdown(beforeExit: Bool = false) async {
    if beforeExit, let keep = beforeExitFlush {
      beforeExitFlush = nil
      await keep()
    }
    await driver.flush()
    await ordersFolder.value
    if !beforeExit {
      stores.closeSession()
      await fixture?.stop()
    }
  }

  /// Where the built-in fixture API takes its order numbers: reserved under the data directory's
  /// lock, one past the highest saved or reserved (``OrderNumberReservation``), so orders booked in
  /// earlier runs, or by other `hotel` processes on the same data directory at the same time, never
  /// share a number.
  ///
  /// When the directory cannot be locked the fixture counts on its own (and the order's save
  /// reports the directory).
  nonisolated static func orderNumbers(
    _ files: FileStore, after options: FixtureOptions
  ) -> @Sendable () -> Int? {
    let reservation = OrderNumberReservation(files, first: options.firstOrderNumber)
    return { try? reservation.next() }
  }

}

private final class UnsavedOrders: Sendable {
  private let list = Mutex<[(number: Int, reason: String)]>([])
  private let strings: CLIStrings

  init(strings: CLIStrings) { self.strings = strings }

  func record(_ number: Int, _ error: StoreError) {
    let reason = StoreErrorText.describe(error, strings: strings)
    list.withLock { $0.append((number, reason)) }
  }

  var orders: [(number: Int, reason: String)] { list.withLock { $0 } }
}

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
  /// The stores, whose session (the data directory's lock, SPEC section 5.4) is closed at
  /// shutdown.
  private let stores: SessionStores
  /// Whether another session holds the booking: this one does not write the draft.
  let draftHeldElsewhere: Bool
  private let strings: CLIStrings
  /// The booking form of `--form FILE`, when given.
  let formSource: FormFileSource?
  /// What runs before the flush of a stop signal's way out (the full-screen app puts the text
  /// still waiting for its field into it: ``FullScreenApp/keepTypedTextBeforeExit()``).
  var beforeExitFlush: (@MainActor () async -> Void)?

  private init(
    driver: CoordinatorDriver, fixture: FixtureServer?, stores: SessionStores,
    draftHeldElsewhere: Bool, strings: CLIStrings, formSource: FormFileSource?
  ) {
    self.driver = driver
    self.fixture = fixture
    self.stores = stores
    self.draftHeldElsewhere = draftHeldElsewhere
    self.strings = strings
    self.formSource = formSource
  }

  /// One line for stderr when an order the server accepted could not be saved in the data directory
  /// (it exists only on the server), naming it and why; `nil` when every accepted order was saved.
  ///
  /// The run then exits non-zero, so CI notices.
  var unsavedOrdersMessage: String? { stores.unsavedOrdersMessage }

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
  /// The start-up steps that do not depend on each other run at the same time: the HTTP
  /// transport (a `URLSession` and libcurl's initialisation, the longest step) is being made
  /// since the command line was parsed, and the data directory is made (on a fresh one, a `mkdir`
  /// and an `fsync`) on other threads while this one starts the fixture server and builds the
  /// coordinator; the draft is loaded once the directory is there, and the first request waits
  /// only for what is left of the client's creation. `orders/` is made (durably: a `mkdir` and
  /// an `fsync` of the directory) behind all that, so the first order's save, which waits for
  /// it, does not pay for it after the answer.
  /// - Parameters:
  ///   - transport: the HTTP transport being made since the command line was parsed
  ///     (``makeTransport(for:)``); `nil` starts making it now.
  ///   - forms: the compiled booking forms (a suite's journeys share one).
  ///   - storage: where orders, the draft and the response cache are kept.
  static func start(
    _ options: Options, console: Console, transport: Task<HTTPTransport, Never>? = nil,
    forms: FormCompilations = FormCompilations(), storage: SessionStorage = .dataDirectory()
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
    let stores: SessionStores
    switch storage {
    case .memory:
      stores = SessionStores(memoryFor: strings)
    case .dataDirectory(let fileSystem, let makeCache):
      let files = FileStore(
        directory: DataDirectory(
          path: options.dataDirectory, currentDirectory: FileManager.default.currentDirectoryPath),
        fileSystem: fileSystem,
        report: { console.error(StoreErrorText.describe($0, strings: strings)) })
      // The data directory's session starts opening now, on other threads.
      stores = SessionStores(
        files: files, clock: dependencies.clock, cache: makeCache(files), strings: strings)
    }
    let files = stores.files
    var fixture: FixtureServer?
    let baseURL: URL
    if let apiURL = options.apiURL {
      baseURL = apiURL
    } else {
      var fixtureOptions = FixtureOptions()
      fixtureOptions.orderNumbers = files.map { orderNumbers($0, after: fixtureOptions) }
      let server = FixtureServer(options: fixtureOptions)
      do {
        baseURL = try server.start(port: 0)
      } catch {
        // An unusable data directory is told first, as when the steps ran one after another.
        if let files { try prepare(files, strings) }
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
      if let files { try prepare(files, strings) }
      throw Failure(message: strings.apiNotAllowed(baseURL.absoluteString, reason: "\(error)"))
    }
    let cache = stores.cache
    let connecting = Task.detached {
      return APIClient(
        configuration: configuration, dependencies: dependencies, cache: cache,
        transport: await transport.value, forms: forms)
    }
    let api = BookingAPI.deferred(Task { BookingAPI.live(client: await connecting.value) })
    let coordinator = AppCoordinator(
      api: formSource.map(api.withBookingForm(from:)) ?? api, orders: stores.orders,
      drafts: stores.drafts, cache: cache, dependencies: dependencies,
      calculator: RemoteCalculator { request, language throws(RemoteCalculationError) in
        try await RemoteCalculator.live(client: connecting.value).calculate(request, language)
      }, forms: forms)
    let heldElsewhere =
      try await checkOpened(stores, fixture: fixture, strings: strings) == .heldElsewhere
    if heldElsewhere {
      console.error(
        strings.draftHeldElsewhere(files?.directory.path ?? "", fresh: options.fresh))
    }
    await coordinator.start(fresh: options.fresh, draftHeldElsewhere: heldElsewhere)
    if let error = coordinator.draftNotRestored {
      // A draft from a newer version, or one that cannot be read: said, not passed over.
      console.error(StoreErrorText.describe(error, strings: strings))
    }
    return FlowSession(
      driver: CoordinatorDriver(coordinator: coordinator, console: console, strings: strings),
      fixture: fixture, stores: stores, draftHeldElsewhere: heldElsewhere, strings: strings,
      formSource: formSource)
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
  private static func checkOpened(
    _ stores: SessionStores, fixture: FixtureServer?, strings: CLIStrings
  ) async throws(Failure) -> SessionLock.Outcome {
    do throws(StoreError) {
      return try await stores.opened()
    } catch {
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
    if beforeExit {
      await stores.waitForOrdersFolder()
    } else {
      await stores.close()
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

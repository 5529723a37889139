import Domain
import FixtureAPI
import Foundation
import Networking
import Persistence
import Presentation
import UseCases

/// The composition root for `run` and `replay`: the only place that builds concrete
/// implementations. It starts the fixture API in-process on an ephemeral loopback port unless
/// `--api` is given (real HTTP either way), opens the JSON stores in the data directory, and
/// starts the Presentation coordinator (restoring the draft unless `--fresh`).
@MainActor
final class FlowSession {
  /// The flow, driven by IDs.
  let driver: CoordinatorDriver
  /// The in-process fixture server, when no `--api` was given.
  private let fixture: FixtureServer?
  /// The response cache, which writes behind the answers and is flushed at exit.
  private let cache: ResponseCache

  private init(driver: CoordinatorDriver, fixture: FixtureServer?, cache: ResponseCache) {
    self.driver = driver
    self.fixture = fixture
    self.cache = cache
  }

  /// A session that could not start: one line for stderr.
  struct Failure: Error {
    /// The message, without the `hotel:` prefix.
    var message: String
  }

  /// Builds everything and shows the first screen (loads start in the background).
  /// - Parameter makeCache: the response cache over the data directory's store (tests pass one
  ///   that shows when its writes happen).
  static func start(
    _ options: Options, console: Console,
    makeCache: (FileStore) -> ResponseCache = { ResponseCache.files($0) }
  ) async throws(Failure) -> FlowSession {
    let dependencies = Dependencies.live(language: options.language, today: options.today)
    let directory = DataDirectory(
      path: options.dataDirectory, currentDirectory: FileManager.default.currentDirectoryPath)
    let files = FileStore(directory: directory, report: { console.error($0) })
    do {
      try files.prepare()
    } catch {
      throw Failure(message: StoreErrorText.describe(error))
    }

    var fixture: FixtureServer?
    let baseURL: URL
    if let apiURL = options.apiURL {
      baseURL = apiURL
    } else {
      let server = FixtureServer()
      do {
        baseURL = try server.start(port: 0)
      } catch {
        throw Failure(
          message:
            "could not start the built-in fixture API: \(ServeCommand.describe(error, port: 0))")
      }
      fixture = server
    }

    let configuration: APIConfiguration
    do {
      configuration = try APIConfiguration(
        baseURL: baseURL, timeout: .milliseconds(Int(options.timeoutSeconds * 1000)))
    } catch {
      throw Failure(message: "--api: \(baseURL.absoluteString) is not allowed (\(error))")
    }
    let cache = makeCache(files)
    let client = APIClient(configuration: configuration, dependencies: dependencies, cache: cache)
    let coordinator = AppCoordinator(
      api: .live(client: client), orders: .files(files),
      drafts: .files(files, clock: dependencies.clock), dependencies: dependencies)
    await coordinator.start(fresh: options.fresh)
    return FlowSession(
      driver: CoordinatorDriver(coordinator: coordinator, console: console), fixture: fixture,
      cache: cache)
  }

  /// Writes the draft and the cache entries still being written (at the same time), then stops
  /// the in-process fixture.
  func shutdown() async {
    async let cacheWritten: Void = cache.flush()
    await driver.flush()
    await cacheWritten
    await fixture?.stop()
  }
}

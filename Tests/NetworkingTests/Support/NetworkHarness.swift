import Domain
import FixtureAPI
import Foundation
import Networking
import Synchronization
import TestSupport
import Testing
import UseCases

/// A fixture server on an ephemeral port and a real client talking to it through URLSession,
/// with a clock on which backoff ends at once (recorded) and deadlines hold until advanced.
struct NetworkHarness: Sendable {
  /// The timeout the harness's client uses.
  ///
  /// Long, because URLSession's own real-time backstop (2 s behind it) must not fire before a test
  /// advances the clock: a parallel run on a loaded 2-core machine can hold a test for half a
  /// minute.
  static let timeout: Duration = .seconds(90)
  /// Sleeps this long or longer hold on ``clock``; shorter ones are backoff and end at once.
  ///
  /// Below ``timeout``: the deadlines' task can begin its sleep after a backoff has moved the
  /// clock on, and then sleeps less than the whole timeout, but still far more than any backoff.
  static let holdFrom: Duration = .seconds(60)
  /// The instant the first cache entry is stored at; each call of `now` adds a second.
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  let server: FixtureServer
  let client: APIClient
  let api: BookingAPI
  let clock: TestClock
  let cache: InMemoryResponseCache
  let baseURL: URL

  /// The paths the server has seen, in order.
  var paths: [String] { server.receivedRequests.map(\.path) }

  /// A failure to reach this harness's server (`127.0.0.1:PORT`) for `cause`.
  func failure(_ cause: ConnectionFailure.Cause) -> ConnectionFailure {
    ConnectionFailure(server: "127.0.0.1:\(baseURL.port ?? 0)", cause: cause)
  }
}

/// Runs `body` with a harness whose server has `options`; stops the server afterwards.
func withAPI<T>(
  _ options: FixtureOptions = FixtureOptions(),
  cache: InMemoryResponseCache = InMemoryResponseCache(),
  configure: (inout APIConfiguration) -> Void = { _ in },
  _ body: (NetworkHarness) async throws -> T
) async throws -> T {
  let server = FixtureServer(options: options)
  let baseURL = try server.start()
  do {
    let result = try await body(makeHarness(server, baseURL, cache, configure))
    await server.stop()
    return result
  } catch {
    await server.stop()
    throw error
  }
}

/// A harness for `baseURL` (which may have nothing listening).
func makeHarness(
  _ server: FixtureServer, _ baseURL: URL, _ cache: InMemoryResponseCache = InMemoryResponseCache(),
  _ configure: (inout APIConfiguration) -> Void = { _ in }
) throws -> NetworkHarness {
  let clock = TestClock(holdFrom: NetworkHarness.holdFrom)
  let ticks = Mutex(0)
  let dependencies = Dependencies(
    clock: clock,
    now: {
      let tick = ticks.withLock { value -> Int in
        defer { value += 1 }
        return value
      }
      return NetworkHarness.start.addingTimeInterval(TimeInterval(tick))
    },
    today: { CalendarDate(year: 2027, month: 1, day: 15) ?? CalendarDate(Date(), in: .current) },
    uuid: { UUID() }, random: { 0.5 }, language: .en)
  var configuration = try APIConfiguration(baseURL: baseURL, timeout: NetworkHarness.timeout)
  configure(&configuration)
  let client = APIClient(
    configuration: configuration, dependencies: dependencies, cache: cache.port)
  return NetworkHarness(
    server: server, client: client, api: .live(client: client), clock: clock, cache: cache,
    baseURL: baseURL)
}

/// The error `operation` throws, or `nil` when it succeeds.
func apiError<T>(_ operation: () async throws(APIError) -> T) async -> APIError? {
  do {
    _ = try await operation()
    return nil
  } catch {
    return error
  }
}

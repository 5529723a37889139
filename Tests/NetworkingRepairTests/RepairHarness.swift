import Domain
import FixtureAPI
import Foundation
import Networking
import NetworkingRepair
import UseCases

/// A fixture server and a live client of it, in this process with the repair installed: what
/// the `hotel` app has.
struct RepairHarness: Sendable {
  /// The client's deadline: a backstop only; every test here ends well before it.
  static let timeout: Duration = .seconds(60)

  let server: FixtureServer
  let api: BookingAPI
  let baseURL: URL

  /// The paths the server has seen, in order.
  var paths: [String] { server.receivedRequests.map(\.path) }

  /// Whether this platform gets the repair at all.
  static let platformNeedsRepair: Bool = {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      true
    #else
      false
    #endif
  }()
}

/// Installs the repair, then runs `body` with a harness whose server has `options`; stops the
/// server afterwards.
func withRepairedAPI<T>(
  _ options: FixtureOptions = FixtureOptions(), _ body: (RepairHarness) async throws -> T
) async throws -> T {
  URLSessionRepair.install()
  let server = FixtureServer(options: options)
  let baseURL = try server.start()
  do {
    let live = try LiveServer(
      baseURL: baseURL, timeout: RepairHarness.timeout, dependencies: .live(language: .en),
      cache: ResponseCache(entry: { _ in nil }, store: { _, _ in }))
    let result = try await body(RepairHarness(server: server, api: live.api, baseURL: baseURL))
    await server.stop()
    return result
  } catch {
    await server.stop()
    throw error
  }
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

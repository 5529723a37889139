import Domain
import Foundation
import UseCases

/// The live booking server at a base URL, over one HTTP client (one `URLSession`): its API and the
/// form's server calculations.
///
/// What a host composes (SPEC section 10).
///
/// ```swift
/// let server = try LiveServer(
///   baseURL: APIConfiguration.checkedBaseURL("https://api.example.com"),
///   dependencies: dependencies, cache: stores.cache)
/// let coordinator = AppCoordinator(
///   api: server.api, orders: stores.orders, drafts: stores.drafts, cache: stores.cache,
///   dependencies: dependencies, calculator: server.calculator)
/// ```
public struct LiveServer: Sendable {
  /// The booking API (`GET /hotel`, ..., `POST /orders`).
  public let api: BookingAPI
  /// The form's server calculations (`POST {action_url}`).
  public let calculator: RemoteCalculator
  /// The client both are made over (tests check its transport).
  let client: APIClient

  /// The server at `baseURL`, with `cache` for ETags and offline answers.
  /// - Parameters:
  ///   - transport: an ``HTTPTransport`` made ahead of time, or `nil`.
  ///   - forms: where booking forms are decoded (flows of one process may share one, with their
  ///     coordinators: `AppCoordinator(..., forms:)`).
  /// - Throws: ``UseCases/APIError/insecureURL(_:)`` when `baseURL` breaks the loopback rule,
  ///   ``UseCases/APIError/ipv6Literal(_:)`` for an IPv6 host on Linux
  ///   (``APIConfiguration/checkedBaseURL(_:)`` tells why before).
  public init(
    baseURL: URL, timeout: Duration = .seconds(10), dependencies: Dependencies,
    cache: ResponseCache, transport: HTTPTransport? = nil,
    forms: FormCompilations = FormCompilations()
  ) throws(APIError) {
    let configuration = try APIConfiguration(baseURL: baseURL, timeout: timeout)
    client = APIClient(
      configuration: configuration, dependencies: dependencies, cache: cache,
      transport: transport, forms: forms)
    api = .live(client: client)
    calculator = .live(client: client)
  }
}

import Domain
import Foundation
import UseCases

extension BookingAPI {
  /// The live booking API at `baseURL` over HTTP (a `URLSession`), with `cache` for ETags and
  /// offline answers: what a host composes (SPEC section 10).
  ///
  /// ```swift
  /// let api = try BookingAPI.live(
  ///   baseURL: APIConfiguration.checkedBaseURL("https://api.example.com"),
  ///   dependencies: dependencies, cache: stores.cache)
  /// ```
  /// - Parameter transport: an ``HTTPTransport`` made ahead of time, or `nil`.
  /// - Throws: ``UseCases/APIError/insecureURL(_:)`` when `baseURL` breaks the loopback rule.
  public static func live(
    baseURL: URL, timeout: Duration = .seconds(10), dependencies: Dependencies,
    cache: ResponseCache, transport: HTTPTransport? = nil
  ) throws(APIError) -> BookingAPI {
    let configuration = try APIConfiguration(baseURL: baseURL, timeout: timeout)
    return .live(
      client: APIClient(
        configuration: configuration, dependencies: dependencies, cache: cache,
        transport: transport))
  }
}

import Foundation
import UseCases

extension APIConfiguration {
  /// Parses a base URL as typed and checks the loopback rule (``validate(baseURL:)``), telling
  /// what is wrong: the one check every caller uses, so a URL the client would refuse is
  /// refused where it is typed.
  ///
  /// On Linux an IPv6 address as the host is refused (``UseCases/BaseURLProblem/ipv6Literal(_:)``,
  /// what ``validate(baseURL:)`` found as ``UseCases/APIError/ipv6Literal(_:)``):
  /// swift-corelibs-foundation fails every request to one with `NSURLErrorBadURL` before
  /// connecting, so the client would report "no connection" about a server that is up.
  ///
  /// ```swift
  /// try APIConfiguration.checkedBaseURL("http://localhost:8080")   // accepted: loopback
  /// try APIConfiguration.checkedBaseURL("http://127.+0.0.1")   // throws .insecureHost
  /// ```
  public static func checkedBaseURL(_ text: String) throws(BaseURLProblem) -> URL {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let url = URL(string: trimmed),
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = url.host, !host.isEmpty
    else { throw .notHTTP }
    if let port = URLComponents(string: trimmed)?.port, !(1...65_535).contains(port) {
      throw .badPort(port)
    }
    // The IPv6 refusal is `validate`'s (the one home of the rule); here it is only told apart.
    do throws(APIError) {
      try validate(baseURL: url)
    } catch {
      if case .ipv6Literal(let address) = error { throw .ipv6Literal(address) }
      throw .insecureHost(bracketed(host))
    }
    return url
  }
}

import Foundation
import UseCases

extension APIConfiguration {
  /// Parses a base URL as typed and checks the loopback rule (``validate(baseURL:)``), telling
  /// what is wrong: the one check every caller uses, so a URL the client would refuse is
  /// refused where it is typed.
  ///
  /// ```swift
  /// try APIConfiguration.checkedBaseURL("http://[::1]:8080")   // accepted: loopback
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
    do throws(APIError) {
      try validate(baseURL: url)
    } catch {
      throw .insecureHost(host)
    }
    return url
  }
}

import Domain
import Presentation
import Testing
import UseCases

/// A request that went through a proxy from the environment and failed to connect names the
/// proxy too, in both languages: a dead proxy is not "the server is down".
@Suite struct ProxyFailureTextTests {
  static let proxy = ConnectionFailure.Proxy(address: "127.0.0.1:3128", variable: "https_proxy")

  @Test(arguments: [
    (
      ConnectionFailure.Cause.refused,
      "No connection to the server at api.example.com:443 through the proxy 127.0.0.1:3128"
        + " (https_proxy): connection refused",
      "Нет соединения с сервером api.example.com:443 через прокси 127.0.0.1:3128 (https_proxy):"
        + " соединение отклонено"
    ),
    (
      .other,
      "No connection to the server at api.example.com:443 through the proxy 127.0.0.1:3128"
        + " (https_proxy)",
      "Нет соединения с сервером api.example.com:443 через прокси 127.0.0.1:3128 (https_proxy)"
    ),
  ])
  func theProxyIsNamed(cause: ConnectionFailure.Cause, english: String, russian: String) {
    let error = APIError.connectionFailed(
      ConnectionFailure(server: "api.example.com:443", cause: cause, proxy: Self.proxy))
    #expect(Localizer(language: .en).apiError(error) == english)
    #expect(Localizer(language: .ru).apiError(error) == russian)
  }
}

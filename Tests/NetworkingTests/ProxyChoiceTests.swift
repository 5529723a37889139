import Foundation
import Testing
import UseCases

@testable import Networking

@Suite("The proxy a failure names is the one libcurl chose")
struct ProxyChoiceTests {
  static let remote = URL(string: "https://api.example.com/v1")

  @Test(
    "https_proxy, then HTTPS_PROXY, then all_proxy, then ALL_PROXY; none past no_proxy",
    arguments: [
      (["https_proxy": "http://127.0.0.1:3128"], "127.0.0.1:3128", "https_proxy"),
      (["HTTPS_PROXY": "proxy.corp:8080"], "proxy.corp:8080", "HTTPS_PROXY"),
      (["ALL_PROXY": "socks5://u:secret@10.0.0.1"], "10.0.0.1:1080", "ALL_PROXY"),
      (["all_proxy": "http://[::1]:9"], "[::1]:9", "all_proxy"),
      (["https_proxy": "http://a:1", "ALL_PROXY": "http://b:2"], "a:1", "https_proxy"),
      (["http_proxy": "http://a:1", "HTTP_PROXY": "http://b:2"], nil, nil),
      (["https_proxy": "http://a:1", "no_proxy": "example.com"], nil, nil),
      (["https_proxy": "http://a:1", "NO_PROXY": ".example.com"], nil, nil),
      (["https_proxy": "http://a:1", "no_proxy": "*"], nil, nil),
      (["https_proxy": "http://a:1", "no_proxy": "ample.com"], "a:1", "https_proxy"),
      ([:], nil, nil),
    ] as [([String: String], String?, String?)])
  func choice(environment: [String: String], address: String?, variable: String?) throws {
    let url = try #require(Self.remote)
    let proxy = ProxyChoice.proxy(for: url, environment: environment)
    #expect(proxy?.address == address)
    #expect(proxy?.variable == variable)
    #expect(proxy.map { !$0.address.contains("secret") } ?? true)
  }

  @Test(
    "A loopback host is never proxied",
    arguments: ["http://127.0.0.1:8080", "https://localhost", "http://[::1]:8080"])
  func loopback(address: String) throws {
    let url = try #require(URL(string: address))
    let environment = ["http_proxy": "http://a:1", "https_proxy": "http://a:1", "ALL_PROXY": "b:2"]
    #expect(ProxyChoice.proxy(for: url, environment: environment) == nil)
  }
}

import Testing

@testable import NetworkingRepair

#if os(Linux) && (arch(x86_64) || arch(arm64))
  @Suite("A loopback host is never proxied")
  struct LoopbackProxyBypassTests {
    @Test(
      "The loopback hosts come first; the environment's no_proxy follows, or stays * alone",
      arguments: [
        (String?.none, "localhost,127.0.0.1,127.0.0.0/8,::1"),
        ("", "localhost,127.0.0.1,127.0.0.0/8,::1"),
        ("example.com,.internal", "localhost,127.0.0.1,127.0.0.0/8,::1,example.com,.internal"),
        (" * ", "*"),
      ])
    func list(environment: String?, expected: String) {
      #expect(LoopbackProxyBypass.noProxyList(environment: environment) == expected)
    }
  }
#endif

#if os(Linux) && (arch(x86_64) || arch(arm64))
  import Foundation

  /// Keeps requests to a loopback host away from any proxy, on Linux.
  ///
  /// libcurl, under swift-corelibs-foundation's `URLSession`, reads the proxy variables of the
  /// environment (`http_proxy`, `https_proxy`, `ALL_PROXY`, `all_proxy`; `no_proxy`) for every
  /// transfer, and Foundation gives it no proxy settings of its own (it ignores
  /// `URLSessionConfiguration.connectionProxyDictionary`). A CI machine that sets `http_proxy`
  /// sent every request to the in-process fixture API (`http://127.0.0.1:PORT`) to that proxy.
  /// A proxy cannot reach this machine's loopback as the client means it, so, as Go's
  /// `net/http` decides, a loopback host is never proxied: each guarded handle
  /// (``GuardedTransfers``) gets `CURLOPT_NOPROXY` with ``loopbackHosts`` and, after them, the
  /// environment's own `no_proxy` (or `NO_PROXY`), which the option replaces. Any other host
  /// goes through the environment's proxy as curl would send it.
  enum LoopbackProxyBypass {
    /// The hosts never proxied, as `CURLOPT_NOPROXY` writes them (libcurl 7.86 and later read
    /// the CIDR block; `127.0.0.1` is there for an older one).
    static let loopbackHosts = "localhost,127.0.0.1,127.0.0.0/8,::1"

    /// `CURLOPT_NOPROXY`, a string option.
    static let noProxyOption: Int32 = 10_177

    /// The `CURLOPT_NOPROXY` list for an environment whose `no_proxy` (else `NO_PROXY`) is
    /// `environment`: the loopback hosts, then the environment's list; `*` (no proxy for any
    /// host) as it is.
    static func noProxyList(environment: String?) -> String {
      let own = (environment ?? "").trimmingCharacters(in: .whitespaces)
      if own == "*" { return "*" }
      return own.isEmpty ? loopbackHosts : loopbackHosts + "," + own
    }

    /// The list for this process's environment now.
    static func currentNoProxyList() -> String {
      let value = getenv("no_proxy") ?? getenv("NO_PROXY")
      return noProxyList(environment: value.map { String(cString: $0) })
    }
  }
#endif

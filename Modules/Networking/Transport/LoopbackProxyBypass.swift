import Foundation
import UseCases

/// Keeps requests to a loopback host away from any proxy, on Linux.
///
/// libcurl, under swift-corelibs-foundation's `URLSession`, reads the proxy variables of the
/// environment (`http_proxy`, `https_proxy`, `ALL_PROXY`, `all_proxy`; `no_proxy`) for every
/// transfer, and Foundation gives it no proxy settings of its own (it ignores
/// `URLSessionConfiguration.connectionProxyDictionary`: a "TODO" in its `_EasyHandle`). A CI
/// machine that sets `http_proxy` for its job sent every request of the in-process fixture API
/// (`http://127.0.0.1:PORT`) to that proxy: a dead one made Hotel say "No connection to the
/// server at 127.0.0.1:PORT: connection refused" about a server that was up, a live one answered
/// for it. A proxy cannot reach this machine's loopback as the client means it, and this client
/// allows `http://` to loopback hosts only (SPEC section 3), so, as Go's `net/http` does, a
/// loopback host is never proxied: each easy handle made for a transfer of an ``HTTPTransport``
/// gets `CURLOPT_NOPROXY` with ``loopbackHosts`` and, after them, the environment's own
/// `no_proxy` (or `NO_PROXY`), which the option replaces. Any other host (`https://` to a real
/// server) goes through the environment's proxy as curl would send it.
///
/// It rides on the redirect of FoundationNetworking's `curl_easy_setopt` that
/// ``SocketSourceRepair`` installs for ``HeadLineBound``: a transport made with
/// `repairsSocketSources: false`, or a platform without the redirect, leaves libcurl's proxy
/// choice as it is.
enum LoopbackProxyBypass {
  /// The hosts never proxied, as `CURLOPT_NOPROXY` writes them (libcurl 7.86 and later read the
  /// CIDR block; `127.0.0.1` is there for an older one).
  static let loopbackHosts = "localhost,127.0.0.1,127.0.0.0/8,::1"

  /// `CURLOPT_NOPROXY`, a string option.
  static let noProxyOption: Int32 = 10_177

  /// The `CURLOPT_NOPROXY` list for an environment whose `no_proxy` (else `NO_PROXY`) is
  /// `environment`: the loopback hosts, then the environment's list; `*` (no proxy for any host)
  /// as it is.
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

extension LoopbackProxyBypass {
  /// The proxy libcurl sends a request to `url` through, as it chooses one from `environment`:
  /// none for a loopback host (``loopbackHosts``) or a host `no_proxy` (else `NO_PROXY`) lists
  /// (`*`, the host, or a domain it ends in); else `SCHEME_proxy` in lower case (for `https`, then
  /// `HTTPS_PROXY`; libcurl never reads `HTTP_PROXY`), else `all_proxy`, else `ALL_PROXY`.
  /// `nil` when there is none, or its value names no host.
  static func proxy(for url: URL, environment: [String: String]) -> ConnectionFailure.Proxy? {
    guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty
    else { return nil }
    let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
    if APIConfiguration.isLoopback(host: bare) { return nil }
    let noProxy = environment["no_proxy"] ?? environment["NO_PROXY"] ?? ""
    for entry in noProxy.split(separator: ",") {
      var name = entry.trimmingCharacters(in: .whitespaces).lowercased()
      if name == "*" { return nil }
      if name.hasPrefix(".") { name.removeFirst() }
      if !name.isEmpty, bare == name || bare.hasSuffix("." + name) { return nil }
    }
    var variables = ["\(scheme)_proxy"]
    if scheme != "http" { variables.append("\(scheme.uppercased())_PROXY") }
    variables += ["all_proxy", "ALL_PROXY"]
    guard let variable = variables.first(where: { !(environment[$0] ?? "").isEmpty }),
      let value = environment[variable]?.trimmingCharacters(in: .whitespaces)
    else { return nil }
    let written = value.contains("://") ? value : "http://" + value
    guard let components = URLComponents(string: written), let proxyHost = components.host,
      !proxyHost.isEmpty
    else { return nil }
    let port = components.port ?? (components.scheme?.lowercased() == "https" ? 443 : 1_080)
    let name = proxyHost.contains(":") && !proxyHost.hasPrefix("[") ? "[\(proxyHost)]" : proxyHost
    return ConnectionFailure.Proxy(address: "\(name):\(port)", variable: variable)
  }
}

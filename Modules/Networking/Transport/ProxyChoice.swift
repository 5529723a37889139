import Foundation
import UseCases

/// The proxy libcurl sends a request through, as it chooses one from the environment, so that a
/// failure can name it.
///
/// libcurl, under swift-corelibs-foundation's `URLSession`, reads the proxy variables of the
/// environment for every transfer, and Foundation gives it no proxy settings of its own (it
/// ignores `URLSessionConfiguration.connectionProxyDictionary` on Linux). A loopback host is
/// taken as never proxied: the `hotel` app keeps it so (`NetworkingRepair`'s
/// `LoopbackProxyBypass`), and a proxy cannot reach this machine's loopback as the client means
/// it anyway.
enum ProxyChoice {
  /// The proxy libcurl sends a request to `url` through, as it chooses one from `environment`: none
  /// for a loopback host or a host `no_proxy` (else `NO_PROXY`) lists (`*`, the host, or a domain
  /// it ends in); else `SCHEME_proxy` in lower case (for `https`, then `HTTPS_PROXY`; libcurl never
  /// reads `HTTP_PROXY`), else `all_proxy`, else `ALL_PROXY`.
  ///
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

/// Why a base URL as typed (`--api`, a host's settings) cannot be used: the loopback rule of SPEC
/// section 3, told apart so a caller can say exactly what is wrong.
///
/// Networking's `APIConfiguration.checkedBaseURL(_:)` produces it; Presentation's
/// `Localizer.baseURLProblem(_:in:)` words it in English and Russian.
public enum BaseURLProblem: Error, Hashable, Sendable {
  /// Not an `http://` or `https://` URL with a host.
  case notHTTP
  /// A port outside 1...65535: the port.
  case badPort(Int)
  /// `http://` to a host that is not loopback (`localhost`, `127.0.0.0/8`, `::1`): the host.
  case insecureHost(String)
  /// An IPv6 address as the host (`http://[::1]:8080`) where the platform's URL library cannot
  /// reach one: swift-corelibs-foundation (Linux) refuses every request to an IPv6 address
  /// literal before connecting (its issue 5496). The address, in brackets.
  case ipv6Literal(String)
}

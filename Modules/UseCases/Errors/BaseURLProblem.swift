/// Why a base URL as typed (`--api`, a host's settings) cannot be used: the loopback rule of
/// SPEC section 3, told apart so a caller can say exactly what is wrong. Networking's
/// `APIConfiguration.checkedBaseURL(_:)` produces it; Presentation's
/// `Localizer.baseURLProblem(_:in:)` words it in English and Russian.
public enum BaseURLProblem: Error, Hashable, Sendable {
  /// Not an `http://` or `https://` URL with a host.
  case notHTTP
  /// A port outside 1...65535: the port.
  case badPort(Int)
  /// `http://` to a host that is not loopback (`localhost`, `127.0.0.0/8`, `::1`): the host.
  case insecureHost(String)
}

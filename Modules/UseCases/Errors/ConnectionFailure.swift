/// Why the booking API could not be reached or its answer could not be had, as far as the
/// transport can tell, and where it was (``APIError/connectionFailed(_:)``).
public struct ConnectionFailure: Hashable, Sendable {
  /// The cause, in the terms a person can act on.
  public enum Cause: Hashable, Sendable {
    /// Nothing accepts connections at that address (the server is not running, wrong port).
    case refused
    /// The host name could not be resolved.
    case hostNotFound
    /// The server closed the connection before it began its answer (no status line came).
    case closedByServer
    /// The server closed the connection after its answer had begun (the head came) and before
    /// the answer was complete: a body cut short.
    case answerCutShort
    /// The server redirected the request again and again (to itself, or in a circle): more
    /// redirects than the client follows.
    case tooManyRedirects
    /// The server's answer is not HTTP the client can read (a malformed status line or head).
    case badResponse
    /// The secure connection (TLS) could not be made: the handshake failed (for example, the
    /// server does not speak TLS at that port).
    case secureConnectionFailed
    /// The server's certificate is not trusted by this machine, and why.
    case untrustedCertificate(CertificateProblem)
    /// Any other failure to connect (the network is unreachable, for example).
    case other
  }

  /// Why a server's certificate is not trusted, as far as the TLS library says.
  public enum CertificateProblem: Hashable, Sendable {
    /// The certificate (or one in its chain) is self-signed and not in the trust store.
    case selfSigned
    /// The certificate is signed by an authority the trust store does not hold (a private CA).
    case unknownAuthority
    /// The certificate has expired or is not valid yet (or this machine's clock is wrong).
    case outOfDate
    /// The certificate was issued for another host name than the one in the address.
    case wrongHost
    /// Any other reason the certificate is refused.
    case other
  }

  /// The server as `host:port` (the base URL's host and port, the default port filled in).
  public var server: String
  /// The cause.
  public var cause: Cause
  /// The proxy the request went through, when the environment named one for it (`https_proxy`,
  /// `ALL_PROXY`): it, not the server, may be what failed.
  ///
  /// `nil` for a direct connection.
  public var proxy: Proxy?

  /// A proxy from the environment: where it is, and the variable that named it.
  public struct Proxy: Hashable, Sendable {
    /// The proxy as `host:port` (`127.0.0.1:3128`), without any user name or password.
    public var address: String
    /// The environment variable it came from (`https_proxy`, `ALL_PROXY`).
    public var variable: String

    /// Creates a proxy at `address` (`host:port`) named by `variable`.
    public init(address: String, variable: String) {
      self.address = address
      self.variable = variable
    }
  }

  /// Creates a failure to reach `server` (`host:port`) for `cause`, through `proxy` if one.
  public init(server: String, cause: Cause, proxy: Proxy? = nil) {
    self.server = server
    self.cause = cause
    self.proxy = proxy
  }
}

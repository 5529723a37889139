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

  /// Creates a failure to reach `server` (`host:port`) for `cause`.
  public init(server: String, cause: Cause) {
    self.server = server
    self.cause = cause
  }
}

/// Why a request to the booking API failed. Networking produces these; screens show them.
public enum APIError: Error, Hashable, Sendable {
  /// The server could not be reached (refused, unreachable, DNS, dropped before a response),
  /// where and why unknown (an answer asked of the cache alone that it does not hold).
  case noConnection
  /// The server could not be reached, or closed the connection before its answer was complete:
  /// where and why (what a live transport reports).
  case connectionFailed(ConnectionFailure)
  /// No complete answer within the request timeout.
  case timeout
  /// The server answered with a status outside 2xx (after any retries).
  case httpStatus(Int)
  /// The body was larger than the response size limit (in bytes).
  case tooLarge(limit: Int)
  /// The body was not JSON (the content type received).
  case wrongContentType(String)
  /// The body could not be decoded; `path` names the failing field (`rooms[1].price`).
  case undecodable(path: String, reason: String)
  /// The request was cancelled before it finished.
  case cancelled
  /// The request was refused before it was sent (for example `http://` to a non-loopback host).
  case insecureURL(String)

  /// Whether showing cached data instead makes sense (the server could not give an answer).
  public var isConnectivityProblem: Bool {
    switch self {
    case .noConnection, .connectionFailed, .timeout: true
    case .httpStatus(let status): status >= 500 || status == 429
    default: false
    }
  }
}

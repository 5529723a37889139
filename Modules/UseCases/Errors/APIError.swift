import Domain

/// Why a request to the booking API failed.
///
/// Networking produces these; screens show them.
public enum APIError: Error, Hashable, Sendable {
  /// The server could not be reached (refused, unreachable, DNS, dropped before a response),
  /// where and why unknown (an answer asked of the cache alone that it does not hold).
  case noConnection
  /// The server could not be reached, or closed the connection before its answer was complete:
  /// where and why (what a live transport reports).
  case connectionFailed(ConnectionFailure)
  /// No complete answer within the request timeout.
  case timeout
  /// The server answered with a status outside 2xx (after any retries) that is neither a
  /// redirect (``redirected(status:location:)``) nor outside HTTP (``invalidStatus(_:)``);
  /// never `404`, which is ``notFound(url:)`` (one shape for one fact: a host's own client or
  /// test double reports a `404` that way too).
  case httpStatus(Int)
  /// The server has nothing at the request's address (a `404`): `url` is that address, made fit
  /// to show (its user name and password removed, one line, control characters removed, at
  /// most 120 characters), so the address asked for can be checked; `nil` when not known.
  case notFound(url: String?)
  /// The server redirected the request (`301`, `302`, `303`, `307`, `308`) where the client
  /// does not follow: to another scheme, host or port (the base URL's rules were not checked
  /// for it), or a `POST` anywhere. `location` is where to, resolved against the request's
  /// address and made fit to show (one line, control characters removed, at most 120
  /// characters); `nil` when the answer named no place.
  case redirected(status: Int, location: String?)
  /// The server answered with a status HTTP does not have (outside 100...599, such as `999`):
  /// a server that answered, but not with HTTP it could be understood by.
  case invalidStatus(Int)
  /// The server refused the request (a 4xx) and said why: `message` is its `{"error": ...}`,
  /// made fit to show (one line, control characters removed, at most 200 characters).
  case refused(status: Int, message: String)
  /// The body was larger than the response size limit (in bytes), or its `Content-Length`
  /// said it would be.
  case tooLarge(limit: Int)
  /// The answer's head (its status line and header lines) had more than `limit` lines: refused
  /// before it was all read (a real API sends tens; a hostile server thousands, which cost
  /// Linux's URLSession seconds of CPU to keep). The server's answer, not a network blip: not
  /// tried again.
  case tooManyHeaderLines(limit: Int)
  /// The answer's `Content-Length` header is not a length (`-5`, `abc`): `value` is the header
  /// as received (at most 40 characters), `nil` when the transport refused it unseen. (A
  /// length of digits over the limit, however large, is ``tooLarge(limit:)``.)
  case invalidContentLength(String?)
  /// The body was not JSON: the content type received, `nil` when the answer had none.
  case wrongContentType(String?)
  /// The server answered with success (`status`, such as `204 No Content` or a `200`) but an
  /// empty body: there is no data to show.
  case emptyAnswer(status: Int)
  /// The body could not be decoded, or holds a value the app refuses: what is wrong and where
  /// (``Domain/DecodingProblem/path``, such as `rooms[1].price`; `nil` for the whole body).
  case undecodable(DecodingProblem)
  /// The server's booking form (`GET /booking/form`) decoded but is not a form the app can
  /// use (an unknown rule, a cycle, an expression that does not parse).
  case invalidFormSchema(FormSchemaError)
  /// The request was cancelled before it finished.
  case cancelled
  /// The request was refused before it was sent (for example `http://` to a non-loopback host).
  case insecureURL(String)
  /// The request was refused before it was sent because its host is an IPv6 address literal
  /// (`http://[::1]:8080`), which the platform's URL library cannot reach:
  /// swift-corelibs-foundation (Linux) fails every request to one before connecting (its issue
  /// 5496), so the server would never be asked. The address, in brackets (`[::1]`).
  case ipv6Literal(String)

  /// Whether sending the same request again could succeed: false for a request refused before
  /// it was sent (``insecureURL(_:)``, ``ipv6Literal(_:)``), which meets the same refusal again,
  /// so a screen offers no Retry for it.
  public var canSucceedOnRetry: Bool {
    switch self {
    case .insecureURL, .ipv6Literal: false
    default: true
    }
  }

  /// Whether a `POST /orders` that failed so may still have made the order: true unless the server
  /// refused it (a 4xx, a redirect the client does not follow) or it was refused before it was
  /// sent.
  ///
  /// A timeout, a dropped connection, a 5xx or an answer that cannot be read leave the outcome
  /// unknown: ask again with the same key and order (``PendingOrder``).
  public var leavesOutcomeUnknown: Bool {
    switch self {
    case .httpStatus(let status): !(400...499).contains(status)
    case .notFound, .refused, .redirected, .insecureURL, .ipv6Literal: false
    default: true
    }
  }

  /// Whether the server answered that it has nothing at the address (a `404`, with or
  /// without the address).
  public var isNotFound: Bool {
    if case .notFound = self { return true }
    return false
  }

  /// Whether showing cached data instead makes sense (the server could not give an answer).
  public var isConnectivityProblem: Bool {
    switch self {
    case .noConnection, .connectionFailed, .timeout: true
    case .httpStatus(let status): (500...599).contains(status) || status == 429
    default: false
    }
  }
}

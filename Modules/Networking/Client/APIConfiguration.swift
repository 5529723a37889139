import Foundation
import UseCases

/// Where the booking API is and how the client treats it (SPEC section 3).
///
/// ```swift
/// let baseURL = try APIConfiguration.baseURL(parsing: "http://127.0.0.1:8080")
/// let configuration = try APIConfiguration(baseURL: baseURL, timeout: .seconds(10))
/// ```
public struct APIConfiguration: Sendable {
  /// The API's base URL: `https://`, or `http://` to a loopback host only.
  public let baseURL: URL
  /// How long one attempt may take in all (`--timeout`), measured on the injected clock.
  public var timeout: Duration
  /// How many times a failed `GET` (connection error, 5xx, 429), or a `POST /orders` with its
  /// idempotency key, is tried again.
  public var maxRetries: Int
  /// The largest response body accepted, in bytes.
  public var maxResponseBytes: Int
  /// The first retry's backoff before jitter; each further retry doubles it.
  public var backoffBase: Duration
  /// The longest backoff before jitter.
  public var backoffCap: Duration
  /// The longest `Retry-After` honoured; a server asking for more gets no retry.
  public var maxRetryAfter: Duration
  /// How old a cached entry must be for a `304` to rewrite it with the time it was confirmed;
  /// a fresher one is left as it is (its `ETag` unchanged), which saves a cache write per
  /// revalidation, so `storedAt` may lag the last confirmation by up to this much.
  public var revalidationRefreshInterval: Duration

  /// The size limit when none is given: 5 MiB.
  public static let defaultMaxResponseBytes = 5 * 1_024 * 1_024

  /// Creates a configuration for `baseURL`.
  /// - Throws: ``APIError/insecureURL(_:)`` when `baseURL` breaks the loopback rule, or
  ///   ``APIError/ipv6Literal(_:)`` for an IPv6 host on Linux (see ``validate(baseURL:)``).
  public init(
    baseURL: URL, timeout: Duration = .seconds(10), maxRetries: Int = 2,
    maxResponseBytes: Int = defaultMaxResponseBytes, backoffBase: Duration = .milliseconds(500),
    backoffCap: Duration = .seconds(8), maxRetryAfter: Duration = .seconds(30),
    revalidationRefreshInterval: Duration = .seconds(60)
  ) throws(APIError) {
    try Self.validate(baseURL: baseURL)
    self.baseURL = baseURL
    self.timeout = timeout
    self.maxRetries = max(0, maxRetries)
    self.maxResponseBytes = max(0, maxResponseBytes)
    self.backoffBase = backoffBase
    self.backoffCap = backoffCap
    self.maxRetryAfter = maxRetryAfter
    self.revalidationRefreshInterval = revalidationRefreshInterval
  }

  /// Checks the loopback rule: `https://` to any host, `http://` only to `localhost`, `127.0.0.0/8`
  /// or `::1`; nothing else (no other scheme, no URL without a host).
  ///
  /// On Linux an IPv6 address literal as the host is refused too, whatever the scheme:
  /// swift-corelibs-foundation fails every request to one before connecting (Docs/Platform.md), so
  /// the client would report "no connection" about a server that is up. The one check of a base
  /// URL: a configuration, a form's `action_url` and a typed URL (``checkedBaseURL(_:)``) all meet
  /// it here. - Throws: ``UseCases/APIError/ipv6Literal(_:)`` naming the address in brackets, or
  /// ``UseCases/APIError/insecureURL(_:)`` carrying the URL as given.
  public static func validate(baseURL: URL) throws(APIError) {
    guard let host = baseURL.host, !host.isEmpty else {
      throw .insecureURL(baseURL.absoluteString)
    }
    let scheme = baseURL.scheme?.lowercased()
    guard scheme == "https" || scheme == "http" else { throw .insecureURL(baseURL.absoluteString) }
    #if canImport(FoundationNetworking)
      if host.contains(":") { throw .ipv6Literal(bracketed(host)) }
    #endif
    guard scheme == "https" || isLoopback(host: host) else {
      throw .insecureURL(baseURL.absoluteString)
    }
  }

  /// An IPv6 host as a URL writes it, in brackets (`[2001:db8::1]`); any other host as it is.
  static func bracketed(_ host: String) -> String {
    host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
  }

  /// Parses and checks a base URL as typed (`--api`, `HOTEL_API_URL`).
  /// - Throws: ``APIError/insecureURL(_:)`` carrying `text` when it is not a URL or breaks the
  ///   loopback rule, ``APIError/ipv6Literal(_:)`` for an IPv6 host on Linux.
  public static func baseURL(parsing text: String) throws(APIError) -> URL {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let url = URL(string: trimmed), url.scheme != nil else { throw .insecureURL(text) }
    try validate(baseURL: url)
    return url
  }

  /// Whether `host` is a loopback host: `localhost`, an IPv4 address in `127.0.0.0/8`, or `::1`.
  static func isLoopback(host: String) -> Bool {
    var host = host.lowercased()
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
    let octets = host.split(separator: ".", omittingEmptySubsequences: false)
    guard octets.count == 4, octets[0] == "127" else { return false }
    return octets.allSatisfy { octet in
      !octet.isEmpty && octet.count <= 3 && octet.allSatisfy(\.isASCII)
        && octet.allSatisfy(\.isNumber) && (Int(octet) ?? 256) <= 255
    }
  }
}

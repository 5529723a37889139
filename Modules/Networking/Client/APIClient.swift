import Domain
import Foundation
import UseCases

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The HTTP client for the booking API: one `URLSession`, typed endpoints, retries, the response
/// cache and typed errors.
///
/// Hosts use it through ``UseCases/BookingAPI/live(client:)``.
///
/// - `GET`s are tried again up to ``APIConfiguration/maxRetries`` times on a connection error,
///   a 5xx or a 429, after exponential backoff with jitter or the server's `Retry-After`.
///   A timeout is not tried again (the user has already waited the whole timeout).
/// - `POST /orders` always carries its `Idempotency-Key` and is tried again only with that same
///   key; a `POST` without one is never repeated, except a server calculation (`POST
///   {action_url}`, SPEC section 6), which changes nothing on the server and is tried again as
///   a `GET` is.
/// - `GET` bodies are cached with their `ETag` under method, path, query and language, and
///   revalidated with `If-None-Match`; ``UseCases/FetchPolicy/cacheOnly`` answers from the cache
///   alone.
///
/// ```swift
/// let client = APIClient(configuration: configuration, dependencies: .live(language: .en),
///                        cache: responseCache)
/// let api = BookingAPI.live(client: client)
/// ```
public final class APIClient: Sendable {
  let configuration: APIConfiguration
  let dependencies: Dependencies
  private let cache: ResponseCache
  /// The transport in use: the one given to `init` if it fits the configuration (tests check which).
  let transport: HTTPTransport
  /// Where booking forms are decoded.
  let forms: FormCompilations
  private let retry: RetryPolicy

  /// Creates a client.
  ///
  /// `dependencies` provides the clock (deadlines and backoff), `now` (cache timestamps and
  /// `Retry-After` dates) and `random` (jitter).
  ///
  /// - Parameters:
  ///   - transport: a transport made ahead of time (see ``HTTPTransport``); used when it was
  ///     made for the configuration's timeout and size limit, otherwise (and when `nil`) the
  ///     client makes its own.
  ///   - forms: where booking forms are decoded, once per distinct body (clients of one process
  ///     may share one: the journeys of a suite).
  public init(
    configuration: APIConfiguration, dependencies: Dependencies, cache: ResponseCache,
    transport: HTTPTransport? = nil, forms: FormCompilations = FormCompilations()
  ) {
    self.configuration = configuration
    self.dependencies = dependencies
    self.cache = cache
    self.forms = forms
    if let transport, transport.timeout == configuration.timeout,
      transport.maxResponseBytes == configuration.maxResponseBytes
    {
      self.transport = transport
    } else {
      self.transport = HTTPTransport(
        timeout: configuration.timeout, maxResponseBytes: configuration.maxResponseBytes)
    }
    retry = RetryPolicy(
      maxRetries: configuration.maxRetries, backoffBase: configuration.backoffBase,
      backoffCap: configuration.backoffCap, maxRetryAfter: configuration.maxRetryAfter)
  }

  // MARK: - Endpoints

  /// `GET` `endpoint` under `policy`.
  func get<Value: Sendable>(
    _ endpoint: Endpoint<Value>, language: Language, policy: FetchPolicy
  ) async throws(APIError) -> Loaded<Value> {
    let key = endpoint.cacheKey(language: language)
    switch policy {
    case .cacheOnly:
      guard let cached = await cache.entry(key) else { throw .noConnection }
      do throws(APIError) {
        return Loaded(try endpoint.decode(cached.body), origin: .cache(savedAt: cached.storedAt))
      } catch {
        // Said this once; dropped, so the next start does not read it again.
        await cache.remove(key)
        throw error
      }
    case .network:
      let cached = await cache.entry(key)
      if let cached, cached.etag != nil {
        let response = try await perform(endpoint, language: language, etag: cached.etag)
        if response.status == 304 {
          if let value = try? endpoint.decode(cached.body) {
            await refresh(cached, key: key, etag: response.header("ETag") ?? cached.etag)
            return Loaded(value, origin: .network)
          }
          // A cached body that no longer decodes (a newer app's bounds) is dropped, and
          // fetched again in full.
          await cache.remove(key)
        } else {
          return try await accept(response, for: endpoint, key: key)
        }
      }
      let response = try await perform(endpoint, language: language, etag: nil)
      return try await accept(response, for: endpoint, key: key)
    }
  }

  /// `POST` `endpoint` with `idempotencyKey`, tried again only with that same key.
  func post<Value: Sendable>(
    _ endpoint: Endpoint<Value>, idempotencyKey: String, language: Language
  ) async throws(APIError) -> Value {
    let response = try await perform(
      endpoint, language: language, etag: nil, idempotencyKey: idempotencyKey)
    guard Self.isWholeAnswer(response.status) else {
      // A refusal that says why (not a timeout or a "too many requests") shows the server's words.
      if (400..<500).contains(response.status), response.status != 408, response.status != 429,
        let message = ServerRefusal.message(in: response)
      {
        throw .refused(status: response.status, message: message)
      }
      throw Self.statusError(response)
    }
    try Self.checkContentType(response)
    return try endpoint.decode(response.body)
  }

  // MARK: - Requests

  private func accept<Value: Sendable>(
    _ response: HTTPResponseData, for endpoint: Endpoint<Value>, key: String
  ) async throws(APIError) -> Loaded<Value> {
    guard Self.isWholeAnswer(response.status) else { throw Self.statusError(response) }
    try Self.checkContentType(response)
    let value = try endpoint.decode(response.body)
    // The cache is best effort: a failed save does not fail a good answer.
    try? await cache.store(
      key,
      CachedResponse(
        etag: response.header("ETag"), body: response.body, storedAt: dependencies.now()))
    return Loaded(value, origin: .network)
  }

  /// Records that `cached` was confirmed by a `304` now: rewrites it with the new time when it is
  /// older than ``APIConfiguration/revalidationRefreshInterval`` (or from the future) or the `ETag`
  /// changed; a fresh entry is left as it is.
  ///
  /// A failed write is ignored (best effort).
  private func refresh(_ cached: CachedResponse, key: String, etag: String?) async {
    let now = dependencies.now()
    let age = now.timeIntervalSince(cached.storedAt)
    let interval = configuration.revalidationRefreshInterval.components
    let seconds = Double(interval.seconds) + Double(interval.attoseconds) * 1e-18
    guard etag != cached.etag || age < 0 || age >= seconds else { return }
    try? await cache.store(key, CachedResponse(etag: etag, body: cached.body, storedAt: now))
  }

  /// Sends `endpoint`, trying again as the retry rules allow; returns the last response
  /// (whatever its status) or throws the transport's error.
  private func perform<Value: Sendable>(
    _ endpoint: Endpoint<Value>, language: Language, etag: String?,
    idempotencyKey: String? = nil
  ) async throws(APIError) -> HTTPResponseData {
    let request = try makeRequest(
      endpoint, language: language, etag: etag, idempotencyKey: idempotencyKey)
    // Repeating a request is safe for a GET, and for a POST only because its key is the same.
    let key = idempotencyKey ?? ""
    let repeatable = endpoint.method == "GET" || !key.trimmingCharacters(in: .whitespaces).isEmpty
    return try await send(request, repeatable: repeatable)
  }

  /// Sends `request`; when it is `repeatable` (a `GET`, a `POST` with its idempotency key, a server
  /// calculation, which has no side effect), tries it again up to ``APIConfiguration/maxRetries``
  /// times on a connection error, a 5xx or a 429, after exponential backoff with jitter or the
  /// server's `Retry-After` (waited on the injected clock).
  ///
  /// Returns the last response (whatever its status) or throws the transport's error;
  /// ``UseCases/APIError/cancelled`` when the task is cancelled during a wait.
  func send(_ request: URLRequest, repeatable: Bool) async throws(APIError) -> HTTPResponseData {
    var retries = 0
    while true {
      let result = await transport.send(
        request, timeout: configuration.timeout, clock: dependencies.clock, mayResend: repeatable)
      let delay: Duration
      switch result {
      case .success(let response):
        guard repeatable, retries < retry.maxRetries,
          RetryPolicy.isRetryable(status: response.status)
        else { return response }
        if let asked = RetryPolicy.retryAfter(
          response.header("Retry-After"), now: dependencies.now())
        {
          guard asked <= retry.maxRetryAfter else { return response }
          delay = asked
        } else {
          delay = retry.backoff(retry: retries + 1, random: dependencies.random())
        }
      case .failure(.connectionFailed(let failure))
      where repeatable && retries < retry.maxRetries && RetryPolicy.isRetryable(failure.cause):
        delay = retry.backoff(retry: retries + 1, random: dependencies.random())
      case .failure(let error):
        throw error
      }
      retries += 1
      do {
        try await dependencies.clock.sleep(for: delay)
      } catch {
        throw .cancelled
      }
    }
  }

  private func makeRequest<Value: Sendable>(
    _ endpoint: Endpoint<Value>, language: Language, etag: String?, idempotencyKey: String?
  ) throws(APIError) -> URLRequest {
    // `configuration.baseURL` was checked against the loopback rule when it was created.
    guard var components = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false)
    else { throw .insecureURL(configuration.baseURL.absoluteString) }
    var basePath = components.path
    while basePath.hasSuffix("/") { basePath.removeLast() }
    components.path = basePath + endpoint.path
    // The base URL's own query (a gateway's `?key=...`) goes first, as written; then the
    // endpoint's parameters. Its fragment is never sent.
    var endpointQuery = URLComponents()
    endpointQuery.queryItems = endpoint.query.map { URLQueryItem(name: $0.name, value: $0.value) }
    let query = [components.percentEncodedQuery, endpointQuery.percentEncodedQuery]
      .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "&")
    components.percentEncodedQuery = query.isEmpty ? nil : query
    components.fragment = nil
    guard let url = components.url else { throw .insecureURL(configuration.baseURL.absoluteString) }
    var request = URLRequest(url: url)
    request.httpMethod = endpoint.method
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue(language.rawValue, forHTTPHeaderField: "Accept-Language")
    if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
    if let body = endpoint.body {
      request.httpBody = body
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    if let idempotencyKey {
      request.setValue(idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
    }
    return request
  }

  /// Whether `status` brings a whole answer: a 2xx but `206 Partial Content`, which is a
  /// piece of a body (this client sends no `Range`, so a 206 is never what it asked for).
  static func isWholeAnswer(_ status: Int) -> Bool {
    (200..<300).contains(status) && status != 206
  }

  /// The error for an answer whose status is not a whole answer: a status HTTP does not have
  /// (``UseCases/APIError/invalidStatus(_:)``), a redirect the transport did not follow
  /// (``UseCases/APIError/redirected(status:location:)``, naming where to), or the status.
  static func statusError(_ response: HTTPResponseData) -> APIError {
    let status = response.status
    guard (100...599).contains(status) else { return .invalidStatus(status) }
    if status == 404 { return .notFound(url: shownAddress(response.url)) }
    guard [301, 302, 303, 307, 308].contains(status) else { return .httpStatus(status) }
    return .redirected(
      status: status, location: redirectTarget(response.header("Location"), from: response.url))
  }

  /// `url` as a message shows it (a `404`'s address): without its user name and password,
  /// control and bidirectional formatting characters removed, cut to
  /// ``maxRedirectTargetLength`` characters; `nil` when there is none.
  static func shownAddress(_ url: URL?) -> String? {
    guard let url else { return nil }
    var address = url.absoluteString
    if var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
      components.user != nil || components.password != nil
    {
      components.user = nil
      components.password = nil
      address = components.string ?? ""
    }
    return ServerRefusal.shown(String(address.prefix(4_096)), maxLength: maxRedirectTargetLength)
  }

  /// The longest redirect target shown; a longer one is cut and ends with `…`.
  static let maxRedirectTargetLength = 120

  /// A redirect's `location` as it is shown: control and bidirectional formatting characters
  /// removed (it goes to a terminal), resolved against `url` (the address that answered) when
  /// it is relative, cut to ``maxRedirectTargetLength`` characters; `nil` when nothing is left.
  static func redirectTarget(_ location: String?, from url: URL?) -> String? {
    // Bounded first: a header is at most libcurl's 100 KiB, and this is for one line.
    guard let location,
      let clean = ServerRefusal.shown(String(location.prefix(4_096)), maxLength: 2_048)
    else { return nil }
    // A whole address is shown as the server wrote it; a path, resolved (percent-encoded).
    let resolved =
      URL(string: clean)?.scheme != nil
      ? clean : url.flatMap { URL(string: clean, relativeTo: $0)?.absoluteString } ?? clean
    return ServerRefusal.shown(resolved, maxLength: maxRedirectTargetLength)
  }

  /// JSON only: `application/json` or any `+json` type; an empty body (a `204`, an empty
  /// `200`) is ``UseCases/APIError/emptyAnswer(status:)`` whatever its type.
  private static func checkContentType(_ response: HTTPResponseData) throws(APIError) {
    guard !response.body.isEmpty else { throw .emptyAnswer(status: response.status) }
    let value = response.header("Content-Type") ?? ""
    let mediaType = value.split(separator: ";", maxSplits: 1).first.map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
    guard let mediaType, mediaType == "application/json" || mediaType.hasSuffix("+json") else {
      throw .wrongContentType(contentType(of: response))
    }
  }

  /// The response's `Content-Type`, `nil` when it has none (or an empty one).
  static func contentType(of response: HTTPResponseData) -> String? {
    guard let value = response.header("Content-Type"),
      !value.trimmingCharacters(in: .whitespaces).isEmpty
    else { return nil }
    return value
  }
}

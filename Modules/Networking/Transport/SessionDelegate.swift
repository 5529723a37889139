import Foundation
import Synchronization
import UseCases

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The session's delegate: collects each transfer's response and body, enforces the size
/// limit as bytes arrive, and decides redirects.
///
/// Redirects: only a `GET` to the same scheme, host and port is followed (URLSession would
/// otherwise copy every header to any host and turn a `POST` into a `GET`). Any other redirect
/// is refused, so the `3xx` response itself is the answer and the client reports its status.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
  /// A request body, sent as a stream so that it can be given again.
  struct Upload: Sendable {
    /// The whole body.
    var body: Data
    /// Whether the request may be sent again (a `GET`, or a `POST` with its idempotency key).
    var mayResend: Bool
  }

  private struct Transfer {
    var completion: TransferCompletion
    var limit: Int
    var upload: Upload?
    var response: HTTPURLResponse?
    var body = Data()
  }

  private let transfers = Mutex<[Int: Transfer]>([:])

  /// Where transfers over the size limit and authentication challenges are cancelled, off
  /// URLSession's work queue (see `urlSession(_:dataTask:didReceive:)`).
  private static let cancelling = DispatchQueue(label: "Networking.SessionDelegate.cancel")

  /// Tracks `task` (before it is resumed); its outcome goes to `completion`.
  func register(
    _ task: URLSessionTask, limit: Int, completion: TransferCompletion, upload: Upload? = nil
  ) {
    transfers.withLock {
      $0[task.taskIdentifier] = Transfer(completion: completion, limit: limit, upload: upload)
    }
  }

  // MARK: - URLSessionTaskDelegate

  /// libcurl sends the request again on a new connection (a reused one closed before any
  /// answer) and asks for its body from the start: given again when the request may be resent;
  /// otherwise the attempt fails at once as ``APIError/connectionFailed(_:)`` (the transfer, left without
  /// a body, is dropped when it ends).
  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
  ) {
    let id = task.taskIdentifier
    let outcome = transfers.withLock { transfers -> (Data?, TransferCompletion?) in
      guard let transfer = transfers[id], let upload = transfer.upload else { return (nil, nil) }
      if upload.mayResend { return (upload.body, nil) }
      transfers[id] = nil
      return (nil, transfer.completion)
    }
    outcome.1?.finish(
      .failure(.connectionFailed(Self.failure(.closedByServer, url: task.originalRequest?.url))))
    completionHandler(outcome.0.map { InputStream(data: $0) })
  }

  // MARK: - URLSessionDataDelegate

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let id = dataTask.taskIdentifier
    let refused = transfers.withLock { transfers -> (TransferCompletion, APIError)? in
      guard var transfer = transfers[id] else { return nil }
      transfer.response = response as? HTTPURLResponse
      if let problem = Self.lengthProblem(transfer.response, response, limit: transfer.limit) {
        transfers[id] = nil
        return (transfer.completion, problem)
      }
      // A declared length (within the limit) is room made once: a 5 MB body grew by copies.
      if response.expectedContentLength > 0, transfer.body.isEmpty {
        transfer.body.reserveCapacity(Int(response.expectedContentLength))
      }
      transfers[id] = transfer
      return nil
    }
    if let (completion, problem) = refused {
      completion.finish(.failure(problem))
      completionHandler(.cancel)
      return
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let id = dataTask.taskIdentifier
    let overflow = transfers.withLock { transfers -> (TransferCompletion, Int)? in
      guard let transfer = transfers[id] else { return nil }
      guard transfer.body.count + data.count <= transfer.limit else {
        transfers[id] = nil
        return (transfer.completion, transfer.limit)
      }
      // Appended in place: a copy taken out and put back would copy the whole body for every
      // chunk, and the delegate queue would fall behind a fast server while libcurl (which has
      // no back-pressure here) keeps reading an endless body into memory.
      transfers[id]?.body.append(data)
      return nil
    }
    if let (completion, limit) = overflow {
      completion.finish(.failure(.tooLarge(limit: limit)))
      // Not here: `cancel()` waits for URLSession's work queue, the thread this call runs on
      // (``DelegateQueue``). On a queue of its own (a thread of its own while it waits, never
      // one of the global pool's).
      Self.cancelling.async { dataTask.cancel() }
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) })
    else { return }
    let url = task.originalRequest?.url
    if let error {
      transfer.completion.finish(
        .failure(Self.apiError(for: error, url: url, answerBegun: transfer.response != nil)))
      return
    }
    guard let response = transfer.response ?? (task.response as? HTTPURLResponse) else {
      transfer.completion.finish(
        .failure(.connectionFailed(Self.failure(.closedByServer, url: url))))
      return
    }
    transfer.completion.finish(.success(Self.answer(response, body: transfer.body)))
  }

  /// A `401` with an HTTP authentication challenge (`WWW-Authenticate: Basic ...`) is the answer:
  /// this client never authenticates.
  ///
  /// The default handling hangs in swift-corelibs-foundation 6.3 (the transfer never completes and
  /// the request waited for the deadline), so the transfer ends here with the `401` and its body,
  /// and the challenge is cancelled (the cancellation that follows finds the transfer gone). The
  /// cancellation waits for URLSession's work queue, the thread this call runs on
  /// (``DelegateQueue``), so it is made from a queue of its own.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler:
      @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) ->
      Void
  ) {
    let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    if let transfer {
      if let response = transfer.response ?? (challenge.failureResponse as? HTTPURLResponse) {
        transfer.completion.finish(.success(Self.answer(response, body: transfer.body)))
      } else {
        transfer.completion.finish(
          .failure(.connectionFailed(Self.failure(.badResponse, url: task.originalRequest?.url))))
      }
    }
    Self.cancelling.async { completionHandler(.cancelAuthenticationChallenge, nil) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    guard let original = task.originalRequest, original.httpMethod == "GET",
      let from = original.url, let to = request.url, Self.sameOrigin(from, to),
      Self.locationStaysOnOrigin(response.value(forHTTPHeaderField: "Location"), from: from)
    else {
      completionHandler(nil)
      return
    }
    completionHandler(request)
  }

  /// Whether a redirect's `Location`, as the server wrote it, resolved against `from`, names
  /// `from`'s origin.
  ///
  /// swift-corelibs-foundation builds the new request from the location's path alone when the
  /// location has no host: `file:///etc/passwd` (or `mailto:a@b`) became a `GET /etc/passwd` on the
  /// same server, followed as if the server had redirected there, and its `404` was shown instead
  /// of the redirect. A location that is no URL at all is left to the new request's own check.
  static func locationStaysOnOrigin(_ location: String?, from: URL) -> Bool {
    guard let location = location?.trimmingCharacters(in: .whitespaces),
      let written = URL(string: location, relativeTo: from)?.absoluteURL
    else { return true }
    return sameOrigin(from, written)
  }

  // MARK: - Private

  /// `response` and `body` as the transport's answer (header names lower-cased).
  private static func answer(_ response: HTTPURLResponse, body: Data) -> HTTPResponseData {
    var headers: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      if let name = name as? String, let value = value as? String {
        headers[name.lowercased()] = value
      }
    }
    return HTTPResponseData(
      status: response.statusCode, headers: headers, body: body, url: response.url)
  }

  static func sameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
    lhs.scheme?.lowercased() == rhs.scheme?.lowercased()
      && lhs.host?.lowercased() == rhs.host?.lowercased() && lhs.port == rhs.port
  }

  /// The typed error for a transport failure of a request to `url`; `answerBegun` when the
  /// response's head had arrived (a connection lost after it: the answer was cut short).
  static func apiError(for error: any Error, url: URL?, answerBegun: Bool) -> APIError {
    let code = (error as? URLError)?.code
    switch code {
    case .timedOut?: return .timeout
    case .cancelled?: return .cancelled
    case .unknown?
    where (error as? URLError)?.localizedDescription.hasPrefix(
      Self.curlInvalidLength) == true:
      return .invalidContentLength(nil)
    default: break
    }
    let cause: ConnectionFailure.Cause
    if code == .unknown, let known = curlCause((error as? URLError)?.localizedDescription ?? "") {
      return .connectionFailed(failure(known, url: url))
    }
    switch code {
    case .cannotConnectToHost?: cause = .refused
    case .cannotFindHost?, .dnsLookupFailed?: cause = .hostNotFound
    // libcurl's "Empty reply from server" (the connection closed before any answer) and a
    // reset connection (after the head: the answer was cut short).
    case .badServerResponse?, .networkConnectionLost?:
      cause = answerBegun ? .answerCutShort : .closedByServer
    case .httpTooManyRedirects?: cause = .tooManyRedirects
    // libcurl's "Received HTTP/0.9 when not allowed" (an answer that is not HTTP) comes as
    // `unsupportedURL`: every URL sent here is http or https.
    case .cannotParseResponse?, .unsupportedURL?, .cannotDecodeRawData?,
      .cannotDecodeContentData?, .redirectToNonExistentLocation?:
      cause = .badResponse
    case .secureConnectionFailed?, .clientCertificateRejected?, .clientCertificateRequired?:
      cause = .secureConnectionFailed
    // Darwin's codes; libcurl's reach us as `.unknown` with its message (`curlCause`).
    case .serverCertificateUntrusted?: cause = .untrustedCertificate(.other)
    case .serverCertificateHasUnknownRoot?: cause = .untrustedCertificate(.unknownAuthority)
    case .serverCertificateHasBadDate?, .serverCertificateNotYetValid?:
      cause = .untrustedCertificate(.outOfDate)
    default: cause = answerBegun ? .answerCutShort : .other
    }
    return .connectionFailed(failure(cause, url: url))
  }

  /// The cause libcurl's message names, for the failures swift-corelibs-foundation gives as
  /// `URLError.unknown` with that message as their description (every libcurl error but a few
  /// connection ones): a TLS handshake or certificate that fails ("SSL routines::wrong version
  /// number" when the server speaks plain HTTP, "SSL certificate problem: ..."), and an answer
  /// libcurl cannot read: a head too large ("Too large response headers", and "Out of memory" for
  /// one header line longer than libcurl's buffer) or malformed ("Weird server reply", "Unsupported
  /// HTTP version"), a body whose chunked framing or compression (gzip, brotli, zstd) is broken.
  ///
  /// `nil` for any other message (a body cut short stays "closed by the server").
  static func curlCause(_ message: String) -> ConnectionFailure.Cause? {
    if let problem = certificateProblem(message) { return .untrustedCertificate(problem) }
    if message.contains("SSL") || message.contains("TLS") { return .secureConnectionFailed }
    let unreadable = [
      "Too large response headers", "Weird server reply", "Unsupported HTTP",
      "Error while processing content unencoding",
      // A brotli or zstd body that does not decode (libcurl 7.88 says no more), or an encoding
      // libcurl does not know: `CURLE_BAD_CONTENT_ENCODING` in its own words.
      "Unrecognized or bad HTTP Content or Transfer-Encoding",
    ]
    if unreadable.contains(where: message.hasPrefix) || message.contains("chunked-encoding")
      || message == "Out of memory"
    {
      return .badResponse
    }
    return nil
  }

  /// Why libcurl (with OpenSSL) refused the server's certificate, from its message: "SSL
  /// certificate problem: self-signed certificate", "...
  ///
  /// unable to get local issuer certificate", "... certificate has expired", "SSL: no alternative
  /// certificate subject name matches target host name 'h'". `nil` when the message is not about
  /// the certificate.
  static func certificateProblem(_ message: String) -> ConnectionFailure.CertificateProblem? {
    if message.contains("subject name") && message.contains("target host name") {
      return .wrongHost
    }
    guard let range = message.range(of: "SSL certificate problem: ") else { return nil }
    let reason = message[range.upperBound...]
    if reason.hasPrefix("self-signed") || reason.hasPrefix("self signed") { return .selfSigned }
    if reason.hasPrefix("unable to get local issuer") || reason.hasPrefix("unable to get issuer")
      || reason.hasPrefix("unable to verify the first certificate")
    {
      return .unknownAuthority
    }
    if reason.hasPrefix("certificate has expired") || reason.hasPrefix("certificate is not yet") {
      return .outOfDate
    }
    return .other
  }

  /// libcurl's message for a `Content-Length` it refuses to read (`-5`, `abc`): the only trace
  /// of it, since the head never reaches the delegate (Foundation gives `URLError.unknown`).
  static let curlInvalidLength = "Invalid Content-Length"

  /// What is wrong with the length an answer declares: a `Content-Length` that is not a
  /// length (``APIError/invalidContentLength(_:)``) or one over `limit`, however many digits
  /// it has (``APIError/tooLarge(limit:)``); `nil` when it is fine or absent. (Foundation
  /// gives `expectedContentLength` -1 for a length too large for an `Int64`, and the body would
  /// be read to the connection's end.)
  static func lengthProblem(
    _ http: HTTPURLResponse?, _ response: URLResponse, limit: Int
  ) -> APIError? {
    if response.expectedContentLength > Int64(limit) { return .tooLarge(limit: limit) }
    guard let http,
      let declared = http.value(forHTTPHeaderField: "Content-Length")?.trimmingCharacters(
        in: .whitespaces)
    else { return nil }
    guard !declared.isEmpty, declared.utf8.allSatisfy({ (48...57).contains($0) }) else {
      return .invalidContentLength(String(declared.prefix(40)))
    }
    guard let length = Int(declared), length <= limit else { return .tooLarge(limit: limit) }
    return nil
  }

  /// A failure to reach the server of `url`, named `host:port` (the scheme's port if none),
  /// with the proxy from the environment the request went through, if any
  /// (``ProxyChoice/proxy(for:environment:)``).
  static func failure(_ cause: ConnectionFailure.Cause, url: URL?) -> ConnectionFailure {
    guard let url, let host = url.host, !host.isEmpty else {
      return ConnectionFailure(server: "?", cause: cause)
    }
    let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
    let name = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    return ConnectionFailure(
      server: "\(name):\(port)", cause: cause,
      proxy: ProxyChoice.proxy(for: url, environment: ProcessInfo.processInfo.environment))
  }
}

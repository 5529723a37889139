import Domain
import FixtureAPI
import Foundation
import TestSupport
import Testing
import UseCases

@testable import Networking

/// Answers a hostile or broken server gives, each reported as what it is (not as "No
/// connection", not as a field that could not be read).
@Suite("Hostile answers, against the real server")
struct HostileAnswerTests {
  /// A server that redirects `GET /hotel` to itself again and again: too many redirects,
  /// naming the server, not retried.
  @Test func aRedirectLoopIsTooManyRedirects() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = Array(repeating: .redirect(location: "/hotel"), count: 60)
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.hotel(.en, .network)
      }
      #expect(error == .connectionFailed(harness.failure(.tooManyRedirects)))
      #expect(harness.paths.count > 10, "the redirects were followed a while")
      #expect(harness.paths.count <= 30, "but not retried: \(harness.paths.count) requests")
    }
  }

  /// A redirect to another host is not followed (SPEC 3: the base URL's rules would not be checked
  /// for it, and URLSession would send every header there): it is named as a redirect, with where
  /// to, not as a bare status; not retried, not cached.
  ///
  /// Another port or scheme of the same host is another server too (`https` here: the fixture
  /// speaks plain HTTP, so a followed one would fail as a TLS error, not name the redirect). A
  /// location of another scheme with no host (`file:///etc/passwd`, `mailto:`) is not followed
  /// either, nor made a `GET /etc/passwd` of the same server.
  @Test(arguments: [
    "http://elsewhere.example:8080/v2/hotel", "http://127.0.0.1:1/hotel",
    "https://127.0.0.1/hotel", "file:///etc/passwd", "mailto:qa@example.com",
    "data:application/json,{}",
  ])
  func aRedirectToAnotherServerIsNamedWithWhereTo(location: String) async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.redirect(location: location)]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.hotel(.en, .network)
      }
      #expect(error == .redirected(status: 302, location: location))
      #expect(error?.isConnectivityProblem == false)
      #expect(harness.paths == ["/hotel"])
      #expect(harness.cache.stores == 0)
    }
  }

  /// A `POST` redirected even to a path of the same server is not followed (URLSession would
  /// make it a `GET`): the redirect names the whole address (resolved against the request's),
  /// and the order is not sent again.
  @Test func aRedirectedOrderNamesTheWholeAddress() async throws {
    var options = FixtureOptions()
    options.script["/orders"] = [.redirect(location: "/v2/orders")]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.submitOrder(try sampleOrderOrFail(), "key-302", .en)
      }
      let base = harness.baseURL.absoluteString
      let root = base.hasSuffix("/") ? String(base.dropLast()) : base
      #expect(error == .redirected(status: 302, location: root + "/v2/orders"))
      #expect(harness.paths == ["/orders"])
    }
  }

  /// Which redirects the delegate lets URLSession follow (it asks for every one on Linux):
  /// only to the same scheme, host and port, so never a downgrade from `https` to `http` of
  /// the same host, and never to a host the base URL's rules (SPEC 3) were not checked for.
  @Test func onlyARedirectToTheSameOriginIsFollowed() throws {
    let from = try #require(URL(string: "https://api.example/v1/hotel"))
    let same = try #require(URL(string: "HTTPS://API.example/v2/hotel?x=1"))
    #expect(SessionDelegate.sameOrigin(from, same))
    for other in [
      "http://api.example/v1/hotel", "https://api.example:8443/v1/hotel",
      "https://evil.example/v1/hotel", "https://api.example.evil.example/v1/hotel",
    ] {
      #expect(!SessionDelegate.sameOrigin(from, try #require(URL(string: other))), "\(other)")
    }
  }

  /// A body in windows-1251 (`Content-Type: application/json; charset=windows-1251`, as a
  /// misconfigured server sends it) is said to be not UTF-8, not "not valid JSON".
  @Test func aBodyInAnotherEncodingIsSaidToBeNotUTF8() throws {
    var body = Data(#"{"rooms": [{"id": 1, "name": ""#.utf8)
    body += [0xCE, 0xF2, 0xE5, 0xEB, 0xFC]  // "Отель" in windows-1251
    body += Data(#""}]}"#.utf8)
    #expect(throws: APIError.undecodable(.notUTF8)) {
      try PayloadDecoder.decode(RoomsDTO.self, from: body)
    }
  }

  /// A status outside 100...599 (`999`) is an answer HTTP does not have: a protocol error of a
  /// server that answered, not a server that "could not be reached"; not retried, no cache.
  @Test func aStatusOutsideHTTPIsNotAConnectivityProblem() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.status(999)]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.hotel(.en, .network)
      }
      #expect(error == .invalidStatus(999))
      #expect(error?.isConnectivityProblem == false)
      #expect(harness.paths == ["/hotel"])
    }
  }

  /// What a redirect's `Location` becomes: resolved against the request, made one line fit for
  /// a terminal (escape sequences and controls removed), at most 120 characters.
  @Test func aRedirectsLocationIsNeutralisedAndShortened() throws {
    let request = try #require(URL(string: "http://127.0.0.1:8080/hotel"))
    #expect(
      APIClient.redirectTarget("/v2/hotel", from: request) == "http://127.0.0.1:8080/v2/hotel")
    #expect(
      APIClient.redirectTarget("https://a.example/\u{1B}[31mred\u{7}", from: request)
        == "https://a.example/[31mred")
    let long = "https://a.example/" + String(repeating: "x", count: 500)
    let shown = try #require(APIClient.redirectTarget(long, from: request))
    #expect(shown.count == 120)
    #expect(shown.hasSuffix("…"))
    #expect(APIClient.redirectTarget(nil, from: request) == nil)
    #expect(APIClient.redirectTarget(" \u{1B} ", from: request) == nil)
  }

  /// A `Content-Length` that is not a length, or one over the limit however many digits it
  /// has: said as such, never as the body's first missing field.
  @Test(arguments: [
    ("-5", APIError.invalidContentLength(nil)),
    ("abc", .invalidContentLength(nil)),
    ("99999999999999999999", .tooLarge(limit: 5 * 1_048_576)),
    ("6000000", .tooLarge(limit: 5 * 1_048_576)),
    ("1e3", .invalidContentLength("1e3")),
  ])
  func anAbsurdContentLengthIsNamed(length: String, expected: APIError) async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = Array(repeating: .declaredLength(length), count: 3)
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.hotel(.en, .network)
      }
      #expect(error == expected)
      #expect(harness.cache.stores == 0)
    }
  }

  /// A `206 Partial Content` is a piece of a body; this client never asks for one (it sends no
  /// `Range`), so it is the status, said as such, not a body that "is not valid JSON" or misses a
  /// key, and it is not cached.
  @Test func aPartialAnswerIsTheStatus() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.status(206)]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.hotel(.en, .network)
      }
      #expect(error == .httpStatus(206))
      #expect(harness.cache.stores == 0)
    }
  }

  @Test func anAnswerThatIsNotHTTPIsABadResponse() async throws {
    var options = FixtureOptions()
    options.script["/rooms"] = [.notHTTP]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.rooms(.en, .network)
      }
      #expect(error == .connectionFailed(harness.failure(.badResponse)))
      #expect(harness.paths == ["/rooms"], "not tried again")
    }
  }

  /// A `401` with `WWW-Authenticate: Basic` is an answer like any other status (the default
  /// challenge handling of corelibs never completed the transfer: it waited for the deadline).
  @Test func anAuthenticationChallengeIsTheStatusAtOnce() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.authenticate]
    try await withAPI(options) { harness in
      let outcome = await ConnectionLossTests.outcome(harness) { () async throws(APIError) in
        _ = try await harness.api.hotel(.en, .network)
      }
      #expect(outcome == .finished(.httpStatus(401)))
      #expect(harness.paths == ["/hotel"])
    }
  }

  @Test func aHeadThatNeverEndsIsABadResponse() async throws {
    var options = FixtureOptions()
    options.script["/rooms"] = [.headerFlood]
    try await withAPI(options) { harness in
      let outcome = await ConnectionLossTests.outcome(harness) { () async throws(APIError) in
        _ = try await harness.api.rooms(.en, .network)
      }
      #expect(outcome == .finished(.connectionFailed(harness.failure(.badResponse))))
      #expect(harness.paths == ["/rooms"], "not tried again")
    }
  }

  /// `https://` to a server that speaks plain HTTP (`hotel serve` with an `https` base URL):
  /// a failed secure connection, said at once (libcurl's TLS errors reach us only as
  /// `URLError.unknown` with its message), not "No connection" after the retries.
  @Test func httpsToAPlainHTTPServerIsAFailedSecureConnection() async throws {
    let server = FixtureServer()
    let plain = try server.start()
    var components = try #require(URLComponents(url: plain, resolvingAgainstBaseURL: false))
    components.scheme = "https"
    let harness = try makeHarness(server, try #require(components.url))
    let outcome = await ConnectionLossTests.outcome(harness) { () async throws(APIError) in
      _ = try await harness.api.hotel(.en, .network)
    }
    await server.stop()
    #expect(outcome == .finished(.connectionFailed(harness.failure(.secureConnectionFailed))))
  }

  @Test(arguments: [
    (
      "error:0A00010B:SSL routines::wrong version number",
      ConnectionFailure.Cause?.some(.secureConnectionFailed)
    ),
    (
      "OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to 127.0.0.1:8080",
      .secureConnectionFailed
    ),
    ("SSL certificate problem: self-signed certificate", .untrustedCertificate(.selfSigned)),
    (
      "SSL certificate problem: self-signed certificate in certificate chain",
      .untrustedCertificate(.selfSigned)
    ),
    (
      "SSL certificate problem: unable to get local issuer certificate",
      .untrustedCertificate(.unknownAuthority)
    ),
    ("SSL certificate problem: certificate has expired", .untrustedCertificate(.outOfDate)),
    ("SSL certificate problem: certificate is not yet valid", .untrustedCertificate(.outOfDate)),
    (
      "SSL: no alternative certificate subject name matches target host name '127.0.0.1'",
      .untrustedCertificate(.wrongHost)
    ),
    (
      "SSL: certificate subject name 'a.example' does not match target host name 'b.example'",
      .untrustedCertificate(.wrongHost)
    ),
    ("SSL certificate problem: invalid CA certificate", .untrustedCertificate(.other)),
    ("Too large response headers: 102450 > 102400", .badResponse),
    ("Out of memory", .badResponse),
    ("Error while processing content unencoding: incorrect header check", .badResponse),
    // libcurl's own words (no detail) for a brotli or zstd body it cannot decode, or an
    // encoding it does not know.
    ("Unrecognized or bad HTTP Content or Transfer-Encoding", .badResponse),
    ("Illegal or missing hexadecimal sequence in chunked-encoding", .badResponse),
    ("Weird server reply", .badResponse),
    ("transfer closed with 8 bytes remaining to read", nil),
    ("Failure when receiving data from the peer", nil),
  ])
  func libcurlMessagesNameTheirCause(message: String, expected: ConnectionFailure.Cause?) {
    #expect(SessionDelegate.curlCause(message) == expected)
  }

  @Test(arguments: ["", "application/json"])
  func anEmptyAnswerIsCalledEmptyWhateverItsType(type: String) async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.content(type: type, body: "")]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.hotel(.en, .network)
      }
      #expect(error == .emptyAnswer(status: 200))
    }
  }

  @Test func anAnswerWithoutAContentTypeSaysSoWithoutAPlaceholder() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.content(type: "", body: "{}")]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.hotel(.en, .network)
      }
      #expect(error == .wrongContentType(nil))
    }
  }

  /// Each transport error becomes its own cause: a refused connection, an unknown host and a
  /// timeout are three different things, as are a malformed answer and a failed TLS handshake.
  @Test(arguments: [
    (
      URLError.Code.cannotConnectToHost,
      APIError.connectionFailed(
        ConnectionFailure(server: "example.com:443", cause: .refused))
    ),
    (
      .cannotFindHost,
      .connectionFailed(ConnectionFailure(server: "example.com:443", cause: .hostNotFound))
    ),
    (
      .dnsLookupFailed,
      .connectionFailed(ConnectionFailure(server: "example.com:443", cause: .hostNotFound))
    ),
    (.timedOut, .timeout),
    (
      .httpTooManyRedirects,
      .connectionFailed(ConnectionFailure(server: "example.com:443", cause: .tooManyRedirects))
    ),
    (
      .cannotParseResponse,
      .connectionFailed(ConnectionFailure(server: "example.com:443", cause: .badResponse))
    ),
    (
      .secureConnectionFailed,
      .connectionFailed(
        ConnectionFailure(server: "example.com:443", cause: .secureConnectionFailed))
    ),
    (
      .serverCertificateUntrusted,
      .connectionFailed(
        ConnectionFailure(server: "example.com:443", cause: .untrustedCertificate(.other)))
    ),
    (
      .serverCertificateHasUnknownRoot,
      .connectionFailed(
        ConnectionFailure(
          server: "example.com:443", cause: .untrustedCertificate(.unknownAuthority)))
    ),
    (
      .serverCertificateHasBadDate,
      .connectionFailed(
        ConnectionFailure(server: "example.com:443", cause: .untrustedCertificate(.outOfDate)))
    ),
    (
      .badServerResponse,
      .connectionFailed(ConnectionFailure(server: "example.com:443", cause: .closedByServer))
    ),
  ])
  func urlErrorsMapToSpecificCauses(code: URLError.Code, expected: APIError) throws {
    let url = try #require(URL(string: "https://example.com/hotel"))
    #expect(SessionDelegate.apiError(for: URLError(code), url: url, answerBegun: false) == expected)
  }

  @Test func onlyFailuresThatMayPassAreRetried() {
    #expect(RetryPolicy.isRetryable(ConnectionFailure.Cause.refused))
    #expect(RetryPolicy.isRetryable(ConnectionFailure.Cause.closedByServer))
    #expect(!RetryPolicy.isRetryable(ConnectionFailure.Cause.tooManyRedirects))
    #expect(!RetryPolicy.isRetryable(ConnectionFailure.Cause.badResponse))
    #expect(!RetryPolicy.isRetryable(ConnectionFailure.Cause.secureConnectionFailed))
    #expect(!RetryPolicy.isRetryable(ConnectionFailure.Cause.untrustedCertificate(.selfSigned)))
  }
}

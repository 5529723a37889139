/// One scripted misbehaviour of the fixture server, for tests (``FixtureOptions/script``).
public enum FixtureFault: Hashable, Sendable {
  /// Answers `status` with a small JSON error body and, when given, a `Retry-After` header.
  case status(Int, retryAfter: String? = nil)
  /// Closes the connection before any response, without handling the request.
  case drop
  /// Handles the request (a `POST /orders` creates its order), then closes the connection
  /// before any response: the answer is lost on the way.
  case handleThenDrop
  /// Sends the head with the full `Content-Length`, then half the body, then closes.
  case truncateBody
  /// Answers with the JSON cut in half, correctly framed (as ``FixtureOptions/malformedPaths``).
  case malformed
  /// Answers `200` with a JSON body of `bytes` bytes; with `declaresLength` false the body has
  /// no `Content-Length` and ends when the connection closes.
  case oversized(bytes: Int, declaresLength: Bool)
  /// Answers `200` with a body that never ends: no `Content-Length`, and 64 KiB writes as fast
  /// as the client takes them until it goes away or the server stops.
  case endless
  /// Answers a status line, then 1 KiB header lines without end (a head that never ends).
  case headerFlood
  /// Answers normally, with `count` more short header lines (`X-Line-1: v`, `X-Line-2: v`, ...)
  /// in its head: a head of thousands of lines, each well within every size limit.
  case headerLines(Int)
  /// Answers `200` with this content type and body (for example an HTML error page).
  case content(type: String, body: String)
  /// Answers `302` to `location`.
  case redirect(location: String)
  /// Answers normally, but with this `Content-Length` header as written (`-5`, `abc`,
  /// `99999999999999999999`) whatever the body's length, then closes the connection.
  case declaredLength(String)
  /// Answers with bytes that are not HTTP at all, then closes the connection.
  case notHTTP
  /// Refuses the request: answers `status` (a 4xx) with this JSON body as given, for example
  /// `{"error": "..."}` with a message of the server's own (escapes and all).
  case refusal(Int, body: String)
  /// Answers `401` with an HTTP authentication challenge (`WWW-Authenticate: Basic`) and a
  /// small JSON error body.
  case authenticate
  /// Reads the request and never answers, until the client goes away or the server stops.
  case stall
  /// Answers normally, but only after this long on ``FixtureOptions/clock`` (a slow answer
  /// for one request, where ``FixtureOptions/latency`` slows every one).
  case delayed(Duration)
}

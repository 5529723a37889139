import Foundation
import UseCases

/// When and how long to wait before trying a request again: exponential backoff with jitter,
/// and the server's `Retry-After`.
struct RetryPolicy: Sendable {
  var maxRetries: Int
  var backoffBase: Duration
  var backoffCap: Duration
  var maxRetryAfter: Duration

  /// Whether a response with `status` is worth trying again.
  static func isRetryable(status: Int) -> Bool { status == 429 || (500...599).contains(status) }

  /// Whether a failure to connect for `cause` is worth trying again: not a redirect loop, a
  /// malformed answer, a failed TLS handshake or an untrusted certificate, which the same request
  /// meets again.
  static func isRetryable(_ cause: ConnectionFailure.Cause) -> Bool {
    switch cause {
    case .refused, .hostNotFound, .closedByServer, .answerCutShort, .other: true
    case .tooManyRedirects, .badResponse, .secureConnectionFailed, .untrustedCertificate: false
    }
  }

  /// The backoff before retry number `retry` (1 for the first): `base × 2^(retry-1)`, capped,
  /// then "equal jitter": half of it fixed and half scaled by `random` in `0..<1`.
  func backoff(retry: Int, random: Double) -> Duration {
    let exponent = min(max(retry - 1, 0), 30)
    var delay = backoffBase * (1 << exponent)
    if delay > backoffCap { delay = backoffCap }
    let jitter = min(max(random, 0), 1)
    return delay / 2 + delay / 2 * jitter
  }

  /// The wait a `Retry-After` value asks for: delay seconds, or an HTTP date (any of the three
  /// forms ``HTTPDate`` reads) relative to `now`; a date in the past is no wait.
  ///
  /// `nil` when the value is missing or unreadable.
  static func retryAfter(_ value: String?, now: Date) -> Duration? {
    guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
      return nil
    }
    if value.allSatisfy({ $0.isASCII && $0.isNumber }) {
      guard let seconds = Int(value.prefix(9)) else { return nil }
      return .seconds(seconds)
    }
    guard let date = HTTPDate.parse(value, now: now) else { return nil }
    // A date centuries ahead must not overflow the milliseconds (at most a day is waited).
    let seconds = min(max(0, date.timeIntervalSince(now)), 86_400)
    return .milliseconds(Int64((seconds * 1_000).rounded(.up)))
  }
}

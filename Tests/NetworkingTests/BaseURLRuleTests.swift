import Foundation
import TestSupport
import Testing
import UseCases

@testable import Networking

@Suite("http:// only for loopback hosts")
struct BaseURLRuleTests {
  @Test(
    "Accepted base URLs",
    arguments: [
      "http://127.0.0.1:8080", "http://localhost", "http://LOCALHOST:1234/api",
      "http://127.1.2.3", "https://example.com", "https://api.example.com/v1",
      " http://127.0.0.1:8080 ",
    ])
  // (`http://[::1]` is loopback too, but refused on Linux: ``IPv6BaseURLRuleTests``.)
  func accepted(text: String) throws {
    let url = try APIConfiguration.baseURL(parsing: text)
    #expect(try APIConfiguration(baseURL: url).baseURL == url)
  }

  @Test(
    "Refused base URLs name the URL",
    arguments: [
      "http://example.com", "http://127.0.0.1.evil.com", "http://10.0.0.1", "http://128.0.0.1",
      "http://localhost.evil.com", "http://127.0.0.256", "ftp://127.0.0.1", "not a url",
      "127.0.0.1:8080", "http://", "file:///etc/passwd",
    ])
  func refused(text: String) {
    #expect(throws: APIError.insecureURL(text)) { try APIConfiguration.baseURL(parsing: text) }
  }

  @Test("The configuration itself refuses an insecure URL")
  func configurationRefuses() throws {
    let url = try #require(URL(string: "http://example.com"))
    #expect(throws: APIError.insecureURL("http://example.com")) {
      try APIConfiguration(baseURL: url)
    }
  }
}

@Suite("A typed base URL is checked where it is typed, saying what is wrong")
struct CheckedBaseURLTests {
  @Test(arguments: ["http://localhost:9/api", "https://api.example.com", "http://127.0.0.1:8080/"])
  func loopbackHTTPAndHTTPSAreAccepted(text: String) throws {
    let url = try APIConfiguration.checkedBaseURL(text)
    #expect(url.absoluteString == text)
    #expect(try APIConfiguration(baseURL: url).baseURL == url)
  }

  @Test(arguments: [
    ("http://127.+0.0.1", BaseURLProblem.insecureHost("127.+0.0.1")),
    ("http://example.com", .insecureHost("example.com")),
    ("ftp://127.0.0.1", .notHTTP),
    ("not a url", .notHTTP),
    ("https://", .notHTTP),
    ("http://127.0.0.1:99999", .badPort(99_999)),
    // An IPv6 host that is not loopback is named in brackets, as a URL needs it.
    ("http://[::ffff:127.0.0.1]:8080", Self.ipv6OrInsecure("[::ffff:127.0.0.1]")),
  ])
  func whatTheClientWouldRefuseIsRefusedHere(text: String, problem: BaseURLProblem) {
    #expect(throws: problem) { try APIConfiguration.checkedBaseURL(text) }
  }

  /// What an IPv6 host that is not loopback meets: on Linux the IPv6 refusal (checked first,
  /// since no `https://` would help), elsewhere the loopback rule.
  static func ipv6OrInsecure(_ host: String) -> BaseURLProblem {
    #if canImport(FoundationNetworking)
      .ipv6Literal(host)
    #else
      .insecureHost(host)
    #endif
  }

  /// swift-corelibs-foundation (Linux) refuses every request to an IPv6 address literal with
  /// `NSURLErrorBadURL` (its issue 5496): the server is never asked, and the person would read "no
  /// connection" about a server that is up.
  ///
  /// Refused where it is typed, naming the address.
  @Test(arguments: [
    ("http://[::1]:8080", "[::1]"), ("https://[2001:db8::1]/api", "[2001:db8::1]"),
    ("http://[0:0:0:0:0:0:0:1]", "[0:0:0:0:0:0:0:1]"),
  ])
  func anIPv6AddressIsRefusedOnLinux(text: String, host: String) throws {
    #if canImport(FoundationNetworking)
      #expect(throws: BaseURLProblem.ipv6Literal(host)) {
        try APIConfiguration.checkedBaseURL(text)
      }
    #else
      #expect(try APIConfiguration.checkedBaseURL(text).absoluteString == text)
    #endif
  }
}

/// The IPv6 rule lives once, in ``APIConfiguration/validate(baseURL:)``: a configuration built
/// from a `URL`, a form's `action_url` and a typed base URL all meet it, and the typed check
/// only words what `validate` found.
@Suite("An IPv6 address literal is refused by the one shared check")
struct IPv6BaseURLRuleTests {
  /// Whether the platform's URL library refuses IPv6 address literals (Linux).
  static let refusesIPv6Literals: Bool = {
    #if canImport(FoundationNetworking)
      true
    #else
      false
    #endif
  }()

  /// Loopback or not, mapped to IPv4 or not, upper case, with a zone ID (`%25` in a URL, shown
  /// decoded), `https://` or `http://`, an upper-case scheme: an IPv6 literal host is refused,
  /// named in brackets.
  @Test(
    .enabled(if: refusesIPv6Literals),
    arguments: [
      ("http://[::1]:8080", "[::1]"), ("http://[::ffff:127.0.0.1]", "[::ffff:127.0.0.1]"),
      ("http://[::FFFF:127.0.0.1]:8080/api", "[::FFFF:127.0.0.1]"),
      ("https://[2001:DB8::1]/v1", "[2001:DB8::1]"),
      ("http://[fe80::1%25eth0]:8080", "[fe80::1%eth0]"),
      ("HTTP://[0:0:0:0:0:0:0:1]", "[0:0:0:0:0:0:0:1]"), ("http://[::1]", "[::1]"),
    ])
  func aURLBuiltConfigurationRefusesIt(text: String, host: String) throws {
    let url = try #require(URL(string: text))
    #expect(throws: APIError.ipv6Literal(host)) { try APIConfiguration(baseURL: url) }
    #expect(throws: APIError.ipv6Literal(host)) { try APIConfiguration.baseURL(parsing: text) }
    #expect(throws: BaseURLProblem.ipv6Literal(host)) { try APIConfiguration.checkedBaseURL(text) }
  }

  /// What is not an IPv6 literal meets the other rules, the same way in both checks: a
  /// trailing dot makes `[::1].` no URL at all, and `localhost.` or `127.0.0.1.` no host the
  /// loopback rule knows; a scheme other than http(s) is refused before the host is looked at.
  @Test(arguments: [
    ("http://[::1].:8080", BaseURLProblem.notHTTP),
    ("http://localhost.:8080", .insecureHost("localhost.")),
    ("http://127.0.0.1.:8080", .insecureHost("127.0.0.1.")),
    ("ftp://[::1]/x", .notHTTP),
  ])
  func otherwiseTheOtherRulesHold(text: String, problem: BaseURLProblem) throws {
    #expect(throws: problem) { try APIConfiguration.checkedBaseURL(text) }
    #expect(throws: APIError.insecureURL(text)) { try APIConfiguration.baseURL(parsing: text) }
  }

  /// An `action_url` at an IPv6 address fails on its field with the IPv6 refusal, not as
  /// "another origin", and nothing is sent.
  @Test(.enabled(if: refusesIPv6Literals))
  func anActionURLAtAnIPv6AddressIsRefusedForWhatItIs() throws {
    let base = try #require(URL(string: "http://127.0.0.1:8080/"))
    #expect(throws: RemoteCalculationError.failed(.ipv6Literal("[::1]"))) {
      try APIClient.resolve("http://[::1]:8080/booking/discount", against: base)
    }
    #expect(throws: RemoteCalculationError.failed(.ipv6Literal("[::ffff:127.0.0.1]"))) {
      try APIClient.resolve("http://[::ffff:127.0.0.1]:8080/x", against: base)
    }
  }
}

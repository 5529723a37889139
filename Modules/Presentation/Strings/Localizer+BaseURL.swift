import Domain
import UseCases

extension Localizer {
  /// Why a base URL as typed (a host's settings, the `hotel` app's `--api`) cannot be used: a
  /// ``BaseURLProblem`` from `APIConfiguration.checkedBaseURL(_:)`, with `url` the text as typed.
  ///
  /// It reads after the name of the setting and a colon; the text and the host are shown as they
  /// are (a host that prints to a terminal neutralises them), but for a password in the text
  /// (`http://user:secret@host`), shown as `***` (``withoutPassword(_:)``): a message goes to a
  /// terminal, a CI log or a report.
  ///
  /// ```swift
  /// let strings = Localizer(language: .en)
  /// strings.baseURLProblem(.insecureHost("example.com"), in: "http://example.com")
  /// // "http:// is allowed only for loopback hosts; use https://example.com"
  /// ```
  public func baseURLProblem(_ problem: BaseURLProblem, in url: String) -> String {
    let ru = language == .ru
    let url = Self.withoutPassword(url)
    return switch problem {
    case .notHTTP:
      ru ? "'\(url)' — не адрес http:// или https://" : "'\(url)' is not an http:// or https:// URL"
    case .badPort(let port):
      ru
        ? "\(port) в '\(url)' — не номер порта (1...65535)"
        : "\(port) in '\(url)' is not a port number (1...65535)"
    case .insecureHost(let host):
      ru
        ? "http:// допустим только для этого компьютера; используйте https://\(host)"
        : "http:// is allowed only for loopback hosts; use https://\(host)"
    case .ipv6Literal(let host): ipv6Unreachable(host, startsSentence: false)
    }
  }

  /// `url` (a URL as typed, maybe not a URL at all) with the password of its user information
  /// replaced by `***`: `http://user:secret@host/v1` is shown as `http://user:***@host/v1`.
  ///
  /// The user information is what comes before the last `@` of the authority (after `://`, if any,
  /// and before the first `/`, `?` or `#`); its password, what follows its first `:`. Text without
  /// one is returned as it is.
  static func withoutPassword(_ url: String) -> String {
    var authorityStart = url.startIndex
    var index = url.startIndex
    while index < url.endIndex {
      if url[index...].hasPrefix("://") {
        authorityStart = url.index(index, offsetBy: 3)
        break
      }
      index = url.index(after: index)
    }
    let rest = url[authorityStart...]
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    guard let at = authority.lastIndex(of: "@"),
      let colon = authority[..<at].firstIndex(of: ":")
    else { return url }
    return String(url[..<url.index(after: colon)]) + "***" + String(url[at...])
  }

  /// Why an IPv6 address literal as a host cannot be used (on Linux): for a base URL as typed
  /// (after a setting's name and a colon) and, starting a sentence, for ``UseCases/APIError``'s
  /// ``UseCases/APIError/ipv6Literal(_:)`` (a host's `URL`, a form's `action_url`).
  func ipv6Unreachable(_ host: String, startsSentence: Bool) -> String {
    language == .ru
      ? "IPv6-адрес \(host) недоступен: Foundation в Linux не принимает IPv6-адреса в URL;"
        + " укажите имя хоста (localhost для [::1])"
      : (startsSentence ? "The" : "the") + " IPv6 address \(host) cannot be reached: Foundation"
        + " on Linux refuses IPv6 addresses in URLs; use a host name for it (localhost for [::1])"
  }
}

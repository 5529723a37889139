import Domain
import Testing

@Suite struct EmailAddressTests {
  static let local64 = String(repeating: "a", count: 64)
  /// `a@` + labels of 63 `b` and dots + `.ru`, exactly `length` characters long.
  static func address(length: Int) -> String {
    let domainLength = length - 2 - 3
    var labels: [String] = []
    var remaining = domainLength
    while remaining > 0 {
      let label = min(63, remaining)
      labels.append(String(repeating: "b", count: label))
      remaining -= label + 1
    }
    return "a@" + labels.joined(separator: ".") + ".ru"
  }

  static let accepted: [String] = [
    "anna@mail.ru",
    "Anna.Ivanova@Example.COM",
    "a@b.cd",
    "first.last+trip@sub.mail-server.example.org",
    "!#$%&'*+/=?^_`{|}~-@example.com",
    "user123@123.example.info",
    "\(local64)@example.com",
    // "letters" in the rule are letters of any script (internationalised addresses).
    "анна@почта.рф",
    "anna@xn--80a1acny.рф",
    "josé@café.example.fr",
    // Letters with their combining marks: a Devanagari conjunct is one grapheme cluster.
    "कार्तिक@उदाहरण.भारत",
    "anna@xn--80a1acny.xn--p1ai",
    "anna@example.XN--P1AI",
    "\(local64)@\(String(repeating: "b", count: 63)).ru",
  ]

  @Test(arguments: accepted)
  func accepts(text: String) throws {
    #expect(try EmailAddress(text).rawValue == text)
  }

  @Test func trimsSurroundingWhiteSpace() throws {
    #expect(try EmailAddress("  anna@mail.ru\t").rawValue == "anna@mail.ru")
  }

  @Test(arguments: ["anna@mail\u{3002}ru", "anna@mail\u{FF0E}ru", "anna@mail\u{FF61}ru"])
  func readsTheIDNAFullStopsAsDots(text: String) throws {
    #expect(try EmailAddress(text).rawValue == "anna@mail.ru")
  }

  @Test func acceptsExactly254Characters() throws {
    let text = Self.address(length: 254)
    #expect(text.count == 254)
    #expect(try EmailAddress(text).rawValue == text)
  }

  static let refused: [(text: String, error: ValidationError)] = [
    ("", .required),
    ("  \t ", .required),
    ("anna ivanova@mail.ru", .emailContainsSpace),
    ("anna@mail .ru", .emailContainsSpace),
    ("anna@mail.ru\u{00A0}x", .emailContainsSpace),
    ("anna.mail.ru", .emailMissingAt),
    ("anna@@mail.ru", .emailMultipleAt),
    ("a@b@mail.ru", .emailMultipleAt),
    ("@mail.ru", .emailLocalPartEmpty),
    ("\(local64)a@example.com", .emailLocalPartTooLong),
    ("anna١@mail.ru", .emailLocalPartInvalidCharacter("١")),
    ("anna(x)@mail.ru", .emailLocalPartInvalidCharacter("(")),
    ("an\"na@mail.ru", .emailLocalPartInvalidCharacter("\"")),
    ("anna😀@mail.ru", .emailLocalPartInvalidCharacter("😀")),
    (".anna@mail.ru", .emailLocalPartDots),
    ("anna.@mail.ru", .emailLocalPartDots),
    ("an..na@mail.ru", .emailLocalPartDots),
    ("anna@", .emailDomainInvalid),
    ("anna@localhost", .emailDomainInvalid),
    ("anna@почта", .emailDomainInvalid),
    ("anna@mail..ru", .emailDomainDots),
    ("anna@.mail.ru", .emailDomainDots),
    ("anna@mail.ru.", .emailDomainDots),
    ("anna@-mail.ru", .emailDomainHyphen),
    ("anna@mail-.ru", .emailDomainHyphen),
    ("anna@ma_il.ru", .emailDomainInvalidCharacter("_")),
    ("anna@mail😀.ru", .emailDomainInvalidCharacter("😀")),
    ("anna@mail.ru\u{200E}", .emailDomainInvalidCharacter("\u{200E}")),
    ("anna@mail.r", .emailTopLevelDomainInvalid),
    ("anna@mail.r2", .emailTopLevelDomainInvalid),
    ("anna@mail.123", .emailTopLevelDomainInvalid),
    ("anna@mail.xn--", .emailDomainHyphen),
    ("anna@mail.xn-", .emailDomainHyphen),
    ("anna@mail.xn--p_ai", .emailDomainInvalidCharacter("_")),
    ("anna@\(String(repeating: "b", count: 64)).ru", .emailDomainLabelTooLong),
    ("anna@example.test", .emailDomainSpecialUse("test")),
    ("anna@mail.INVALID", .emailDomainSpecialUse("invalid")),
    ("anna@printer.local", .emailDomainSpecialUse("local")),
    ("anna@a.localhost", .emailDomainSpecialUse("localhost")),
    ("anna@abc.onion", .emailDomainSpecialUse("onion")),
    ("anna@1.in-addr.arpa", .emailDomainSpecialUse("arpa")),
    ("anna@mail。test", .emailDomainSpecialUse("test")),
  ]

  @Test(arguments: refused)
  func refusesWithTheSpecificError(text: String, error: ValidationError) {
    #expect(throws: error) { try EmailAddress(text) }
  }

  @Test func refuses255Characters() {
    let text = Self.address(length: 255)
    #expect(text.count == 255)
    #expect(throws: ValidationError.emailTooLong) { try EmailAddress(text) }
  }
}

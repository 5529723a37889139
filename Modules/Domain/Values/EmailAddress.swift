/// An e-mail address that passed the e-mail rule of SPEC section 4.
///
/// One `@`; a local part of 1 to 64 letters, digits and ``!#$%&'*+/=?^_`{|}~-`` or dots
/// (no leading, trailing or double dot); a domain of two or more labels of 1 to 63 letters,
/// digits and inner hyphens, the last all letters and at least 2 long or an IDNA A-label
/// (`xn--p1ai`), not under a special-use name that cannot receive mail (`.test`, `.invalid`,
/// `.local`, `.localhost`, `.onion`, `.arpa`); 254 characters at most; no white space. Letters
/// are those of any script with their combining marks (`анна@почта.рф`, `कार्तिक@example.in`);
/// digits are ASCII. The IDNA full stops `。`, `．` and `｡` in the domain are dots, and are
/// kept as `.`.
///
/// ```swift
/// try EmailAddress(" anna.ivanova+trip@mail.example.ru ").rawValue
/// // "anna.ivanova+trip@mail.example.ru"
/// try EmailAddress("anna@@mail.ru")  // throws .emailMultipleAt
/// try EmailAddress("anna@ma_il.ru")  // throws .emailDomainInvalidCharacter("_")
/// ```
public struct EmailAddress: Hashable, Sendable {
  /// The address as typed, without surrounding white space, its domain's full stops as `.`.
  public let rawValue: String

  /// The longest address accepted.
  public static let maximumLength = 254
  /// The longest local part (before the `@`) accepted.
  public static let maximumLocalPartLength = 64

  /// Validates `text`.
  /// - Throws: the specific ``ValidationError`` of the e-mail rule: ``ValidationError/required``
  ///   when empty, then, checked in this order, `emailContainsSpace`, `emailTooLong`,
  ///   `emailMissingAt`, `emailMultipleAt`, `emailLocalPartEmpty`, `emailLocalPartTooLong`,
  ///   `emailLocalPartInvalidCharacter`, `emailLocalPartDots`, `emailDomainInvalid` (nothing
  ///   after the `@`), `emailDomainInvalidCharacter`, `emailDomainDots`, `emailDomainInvalid`
  ///   (a single label), `emailDomainLabelTooLong`, `emailDomainHyphen`,
  ///   `emailTopLevelDomainInvalid`, `emailDomainSpecialUse`.
  public init(_ text: String) throws(ValidationError) {
    let trimmed = Self.withASCIIDots(text.trimmingWhitespace())
    guard !trimmed.isEmpty else { throw .required }
    guard !trimmed.contains(where: \.isWhitespace) else { throw .emailContainsSpace }
    guard trimmed.count <= Self.maximumLength else { throw .emailTooLong }
    let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count > 1 else { throw .emailMissingAt }
    guard parts.count == 2 else { throw .emailMultipleAt }
    try Self.checkLocalPart(parts[0])
    try Self.checkDomain(parts[1])
    rawValue = trimmed
  }

  // MARK: - Private

  private static let localPartSymbols = Set("!#$%&'*+/=?^_`{|}~-")
  /// The full stops IDNA reads as `.` (ideographic, full-width, half-width ideographic).
  private static let fullStops: Set<Character> = ["\u{3002}", "\u{FF0E}", "\u{FF61}"]
  /// Top-level names reserved for uses that never receive mail (RFC 6761, RFC 7686, RFC 6762).
  private static let specialUseNames: Set<String> = [
    "arpa", "invalid", "local", "localhost", "onion", "test",
  ]
  private static let maximumLabelLength = 63

  private static func withASCIIDots(_ text: String) -> String {
    guard text.contains(where: fullStops.contains), let at = text.lastIndex(of: "@") else {
      return text
    }
    return String(text[...at])
      + String(text[at...].dropFirst().map { fullStops.contains($0) ? "." : $0 })
  }

  private static func checkLocalPart(_ local: Substring) throws(ValidationError) {
    guard !local.isEmpty else { throw .emailLocalPartEmpty }
    guard local.count <= maximumLocalPartLength else { throw .emailLocalPartTooLong }
    if let bad = local.first(where: {
      !isLetterOrDigit($0) && $0 != "." && !localPartSymbols.contains($0)
    }) {
      throw .emailLocalPartInvalidCharacter(bad)
    }
    guard local.first != ".", local.last != ".", !local.contains("..") else {
      throw .emailLocalPartDots
    }
  }

  private static func checkDomain(_ domain: Substring) throws(ValidationError) {
    guard !domain.isEmpty else { throw .emailDomainInvalid }
    if let bad = domain.first(where: { !isLetterOrDigit($0) && $0 != "-" && $0 != "." }) {
      throw .emailDomainInvalidCharacter(bad)
    }
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.allSatisfy({ !$0.isEmpty }) else { throw .emailDomainDots }
    guard labels.count >= 2 else { throw .emailDomainInvalid }
    guard labels.allSatisfy({ $0.count <= maximumLabelLength }) else {
      throw .emailDomainLabelTooLong
    }
    guard labels.allSatisfy({ $0.first != "-" && $0.last != "-" }) else {
      throw .emailDomainHyphen
    }
    guard let last = labels.last, isTopLevelName(last) else { throw .emailTopLevelDomainInvalid }
    let name = last.lowercased()
    if specialUseNames.contains(name) { throw .emailDomainSpecialUse(name) }
  }

  private static func isTopLevelName(_ label: Substring) -> Bool {
    if label.count >= 2, label.allSatisfy(\.isLetterOfAnyScript) { return true }
    return label.count > 4 && label.prefix(4).lowercased() == "xn--"
      && label.allSatisfy { $0.isASCII && ($0.isASCIIDigit || $0.isLetterOfAnyScript || $0 == "-") }
  }

  private static func isLetterOrDigit(_ character: Character) -> Bool {
    character.isLetterOfAnyScript || character.isASCIIDigit
  }
}

extension EmailAddress: Codable {
  /// Decodes the address from a string, refusing one the e-mail rule refuses.
  public init(from decoder: any Decoder) throws {
    self = try decoder.singleValueContainer().decodeValidated(Self.self, Self.init)
  }

  /// Encodes the address as its string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

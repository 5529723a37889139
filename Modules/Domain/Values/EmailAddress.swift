/// An e-mail address that passed the e-mail rule of SPEC section 4.
///
/// One `@`; a local part of 1 to 64 letters, digits and ``!#$%&'*+/=?^_`{|}~-`` or dots
/// (no leading, trailing or double dot); a domain of two or more labels of letters, digits and
/// inner hyphens, the last all letters and at least 2 long; 254 characters at most; no white
/// space. Letters are those of any script, as the rule says "letters" (an internationalised
/// address such as `анна@почта.рф` passes; its punycode form `xn--80a1acny.xn--p1ai` does not,
/// since the last label must be letters); digits are ASCII.
///
/// ```swift
/// try EmailAddress(" anna.ivanova+trip@mail.example.ru ").rawValue
/// // "anna.ivanova+trip@mail.example.ru"
/// try EmailAddress("anna@@mail.ru")  // throws .emailMultipleAt
/// try EmailAddress("anna@ma_il.ru")  // throws .emailDomainInvalidCharacter("_")
/// ```
public struct EmailAddress: Hashable, Sendable {
  /// The address as typed, without surrounding white space.
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
  ///   (a single label), `emailDomainHyphen`, `emailTopLevelDomainInvalid`.
  public init(_ text: String) throws(ValidationError) {
    let trimmed = text.trimmingWhitespace()
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
    guard labels.allSatisfy({ $0.first != "-" && $0.last != "-" }) else {
      throw .emailDomainHyphen
    }
    guard let last = labels.last, last.count >= 2, last.allSatisfy(\.isLetterOfAnyScript) else {
      throw .emailTopLevelDomainInvalid
    }
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

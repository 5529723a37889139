/// A phone number that passed the phone rule of SPEC section 4.
///
/// Russian numbers (10 digits, or 11 starting with 7 or 8) are normalised to `+7XXXXXXXXXX`
/// and shown as `+7 (916) 123-45-67`; other numbers written with `+` and 10 to 15 digits are
/// international and keep their digits. The text may hold digits (of any script: `٩` and `９`
/// count as `9`), spaces, one leading `+`, parentheses and hyphens.
///
/// ```swift
/// let phone = try PhoneNumber("8 916 123-45-67")
/// phone.e164       // "+79161234567"
/// phone.formatted  // "+7 (916) 123-45-67"
/// phone.masked     // "•••• 4567"
/// ```
public struct PhoneNumber: Hashable, Sendable {
  /// The number in E.164 form (`+79161234567`).
  public let e164: String

  /// Validates and normalises `text` as typed (or as shown by ``PhoneMask``).
  /// - Throws: ``ValidationError/required`` when empty,
  ///   ``ValidationError/phoneInvalidCharacter(_:)`` for anything but digits, spaces, a leading
  ///   `+`, parentheses and hyphens, ``ValidationError/phoneIncomplete`` for a Russian number
  ///   with fewer than 10 digits, ``ValidationError/phoneInternationalLength`` for a `+` number
  ///   with fewer than 10 or more than 15 digits, and ``ValidationError/phoneNotRecognised``
  ///   for digits that are neither (11 digits not starting with 7 or 8, more than 11 without
  ///   `+`, a `+7` number longer than 11 digits, a country code starting with 0).
  public init(_ text: String) throws(ValidationError) {
    let trimmed = text.trimmingWhitespace().withASCIIDigits()
    guard !trimmed.isEmpty else { throw .required }
    var digits = ""
    var hasPlus = false
    for (offset, character) in trimmed.enumerated() {
      if character.isASCIIDigit {
        digits.append(character)
      } else if character == "+", offset == 0 {
        hasPlus = true
      } else if !Self.isSeparator(character) {
        throw .phoneInvalidCharacter(character)
      }
    }
    if hasPlus {
      if digits.first == "7" {
        e164 = try "+7" + Self.russianNational(digits.dropFirst())
      } else {
        guard (10...15).contains(digits.count) else { throw .phoneInternationalLength }
        guard digits.first != "0" else { throw .phoneNotRecognised }
        e164 = "+" + digits
      }
    } else if digits.count <= 10 {
      e164 = try "+7" + Self.russianNational(digits[...])
    } else if digits.count == 11, digits.first == "7" || digits.first == "8" {
      e164 = "+7" + digits.dropFirst()
    } else {
      throw .phoneNotRecognised
    }
  }

  /// Whether this is a Russian number (`+7` and 10 digits).
  public var isRussian: Bool { e164.hasPrefix("+7") && e164.count == 12 }

  /// The number for display: `+7 (916) 123-45-67` for Russian numbers, `+<digits>` otherwise.
  public var formatted: String { isRussian ? PhoneMask.format(e164) : e164 }

  /// The last four digits behind bullets (`•••• 4567`), for anywhere outside the form.
  public var masked: String { PersonalData.masked(e164) }

  // MARK: - Private

  private static func isSeparator(_ character: Character) -> Bool {
    character == "(" || character == ")" || character == "-"
      || (character.isWhitespace && !character.isNewline)
  }

  private static func russianNational(_ national: Substring) throws(ValidationError) -> Substring {
    guard national.count >= 10 else { throw .phoneIncomplete }
    guard national.count == 10 else { throw .phoneNotRecognised }
    return national
  }
}

extension PhoneNumber: Codable {
  /// Decodes the number from a string, refusing one the phone rule refuses.
  public init(from decoder: any Decoder) throws {
    self = try decoder.singleValueContainer().decodeValidated(Self.self, Self.init)
  }

  /// Encodes the number as its E.164 string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(e164)
  }
}

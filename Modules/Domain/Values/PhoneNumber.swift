/// A phone number that passed the phone rule of SPEC section 4.
///
/// A Russian number (10 digits, or 11 starting with 7 or 8, the code after +7 not starting with
/// 0, 1, 2 or 5) is normalised to `+7XXXXXXXXXX` and shown as `+7 (916) 123-45-67`. A number
/// written with `+`, `00` or Russia's `810` is international: its country code must exist and
/// its national number start with a digit that code's numbers start with and have a length of
/// those numbers (``PhoneNumbering``); a trunk prefix written after the country code
/// (`+49 0 30…`) is dropped when the rest fits, as libphonenumber does. ``PhoneDigits`` tells the two
/// apart, for ``PhoneMask`` too. The text may hold digits (of any script: `٩` and `９` count as
/// `9`), spaces, one leading `+`, parentheses, hyphens, dots and slashes.
///
/// ```swift
/// let phone = try PhoneNumber("8 916 123-45-67")
/// phone.e164       // "+79161234567"
/// phone.formatted  // "+7 (916) 123-45-67"
/// try PhoneNumber("0044 (0)20 7946 0958").formatted  // "+44 2079460958"
/// ```
public struct PhoneNumber: Hashable, Sendable {
  /// The number in E.164 form (`+79161234567`).
  public let e164: String

  /// Validates and normalises `text` as typed (or as shown by ``PhoneMask``).
  /// - Throws: ``ValidationError/required`` when empty,
  ///   ``ValidationError/phoneInvalidCharacter(_:)`` for anything but digits, spaces, a leading
  ///   `+`, parentheses, hyphens, dots and slashes; for a Russian number `phoneNationalStart` (a code starting
  ///   with 0, 1, 2 or 5), `phoneIncomplete` (fewer than 10 digits) or `phoneDigitsTooMany`; for
  ///   an international one `phoneInternationalLength` (no whole country code),
  ///   `phoneCountryCodeUnknown`, `phoneNationalStart`, `phoneDigitsTooMany` (past the longest
  ///   number of the code) or `phoneNationalLength`.
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
    switch PhoneDigits(digits, hasPlus: hasPlus) {
    case .none: throw hasPlus ? .phoneInternationalLength : .phoneIncomplete
    case .undecided: throw .phoneIncomplete
    case .russian(let national): e164 = try "+7" + Self.russianNational(national)
    case .international(let digits): e164 = try Self.international(digits)
    }
  }

  /// Whether this is a Russian number (`+7` and 10 digits).
  public var isRussian: Bool { e164.hasPrefix("+7") && e164.count == 12 }

  /// The number for display: `+7 (916) 123-45-67` for Russian numbers, `+` and the digits with
  /// the country code apart (`+44 2079460958`) otherwise.
  public var formatted: String { PhoneMask.format(e164) }

  /// The last four digits behind bullets (`•••• 4567`), for anywhere outside the form.
  public var masked: String { PersonalData.masked(e164) }

  /// Whether a Russian code (the first digit after +7) can start with `digit`.
  static func canStartRussianCode(_ digit: Character) -> Bool {
    !"0125".contains(digit)
  }

  // MARK: - Private

  private static let russianLength = 10

  private static func isE164(_ text: String) -> Bool {
    let digits = text.utf8.dropFirst()
    return text.utf8.first == UInt8(ascii: "+") && (7...15).contains(digits.count)
      && digits.first != UInt8(ascii: "0") && digits.allSatisfy { (48...57).contains($0) }
  }

  private static func isSeparator(_ character: Character) -> Bool {
    "()-./".contains(character) || (character.isWhitespace && !character.isNewline)
  }

  private static func russianNational(_ national: Substring) throws(ValidationError) -> Substring {
    if let first = national.first, !canStartRussianCode(first) {
      throw .phoneNationalStart(countryCode: "7", digit: first)
    }
    guard national.count >= russianLength else { throw .phoneIncomplete }
    guard national.count == russianLength else {
      throw .phoneDigitsTooMany(count: national.count - russianLength)
    }
    return national
  }

  private static func international(_ digits: Substring) throws(ValidationError) -> String {
    guard let country = PhoneNumbering.country(of: digits) else {
      guard !digits.isEmpty,
        let unknown = (1...digits.count).first(where: {
          !PhoneNumbering.isCodePrefix(digits.prefix($0))
        })
      else { throw .phoneInternationalLength }
      throw .phoneCountryCodeUnknown(String(digits.prefix(unknown)))
    }
    var national = digits.dropFirst(country.code.count)
    let trunk = country.trunkPrefix
    if !trunk.isEmpty, national.hasPrefix(trunk), country.allows(national.dropFirst(trunk.count)) {
      national = national.dropFirst(trunk.count)
    }
    let lengths = country.lengths(of: national)
    if let first = national.first, lengths == 0 {
      throw .phoneNationalStart(countryCode: country.code, digit: first)
    }
    let longest = 31 - lengths.leadingZeroBitCount
    guard national.count <= longest else {
      throw .phoneDigitsTooMany(count: national.count - longest)
    }
    guard country.allows(national) else {
      throw .phoneNationalLength(countryCode: country.code, lengths: lengths.setBits)
    }
    return "+" + country.code + national
  }
}

extension PhoneNumber: Codable {
  /// Decodes the number from a string, refusing one the phone rule refuses, except a number in
  /// the E.164 form ``encode(to:)`` writes (`+` and 7 to 15 digits, the first not 0): a saved
  /// order keeps the number its rule accepted when it was placed, and stays readable.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let text = try? container.decode(String.self), Self.isE164(text) {
      e164 = text
      return
    }
    self = try container.decodeValidated(Self.self, Self.init)
  }

  /// Encodes the number as its E.164 string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(e164)
  }
}

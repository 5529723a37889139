/// A passport number: 5 to 20 letters or digits (of any script; digits are kept as ASCII
/// digits), spaces ignored, kept without spaces and in upper case.
///
/// ```swift
/// let number = try PassportNumber("45 06 123456")
/// number.rawValue  // "4506123456"
/// number.masked    // "•••• 3456"
/// ```
public struct PassportNumber: Hashable, Sendable {
  /// The letters (upper-cased) and digits, without spaces.
  public let rawValue: String

  /// How many letters and digits a passport number has.
  public static let lengthRange = 5...20

  /// Validates `text`.
  /// - Throws: ``ValidationError/required`` when empty or white space only,
  ///   ``ValidationError/passportInvalidCharacter(_:)`` naming the first character that is not
  ///   a letter, a digit or white space, and ``ValidationError/passportLength(min:max:)`` for
  ///   fewer than 5 or more than 20 letters and digits.
  public init(_ text: String) throws(ValidationError) {
    let compact = text.withASCIIDigits().filter { !$0.isWhitespace }
    guard !compact.isEmpty else { throw .required }
    if let bad = compact.first(where: { !Self.isAllowed($0) }) {
      throw .passportInvalidCharacter(bad)
    }
    guard Self.lengthRange.contains(compact.count) else {
      throw .passportLength(min: Self.lengthRange.lowerBound, max: Self.lengthRange.upperBound)
    }
    rawValue = compact.uppercased()
  }

  /// The last characters behind bullets (`•••• 3456`; fewer for a short number:
  /// ``PersonalData/masked(_:)``), for anywhere outside the form.
  public var masked: String { PersonalData.masked(rawValue) }

  // MARK: - Private

  private static func isAllowed(_ character: Character) -> Bool {
    character.isASCIIDigit || character.unicodeScalars.allSatisfy(\.isLetter)
  }
}

extension PassportNumber: Codable {
  /// Decodes the number from a string, refusing one the passport rule refuses.
  public init(from decoder: any Decoder) throws {
    self = try decoder.singleValueContainer().decodeValidated(Self.self, Self.init)
  }

  /// Encodes the number as its string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// A first or last name: letters of any script (with their combining marks), spaces, hyphens and
/// apostrophes (`'` and `’`), at least one letter, 50 characters at most.
///
/// A space is any space character (a no-break space pasted from a document is kept as a plain
/// space); a hyphen is `-`, `‐` (U+2010) or the no-break `‑` (U+2011).
///
/// ```swift
/// try PersonName("  Анна-Мария ").rawValue  // "Анна-Мария"
/// try PersonName("O’Brien")                 // passes
/// try PersonName("R2-D2")                   // throws .nameInvalidCharacter("2")
/// ```
public struct PersonName: Hashable, Sendable {
  /// The name without surrounding white space, every space a plain space.
  public let rawValue: String

  /// The longest name accepted, in characters.
  public static let maximumLength = 50

  /// Validates `text`.
  /// - Throws: ``ValidationError/required`` when empty or white space only,
  ///   ``ValidationError/nameInvalidCharacter(_:)`` naming the first character that is not a
  ///   letter, a space, a hyphen or an apostrophe, ``ValidationError/nameWithoutLetter`` when
  ///   there is no letter at all, and ``ValidationError/tooLong(max:)`` beyond 50 characters.
  public init(_ text: String) throws(ValidationError) {
    let trimmed = text.trimmingWhitespace()
    guard !trimmed.isEmpty else { throw .required }
    if let bad = trimmed.first(where: { !Self.isLetter($0) && !Self.isPunctuation($0) }) {
      throw .nameInvalidCharacter(bad)
    }
    guard trimmed.contains(where: Self.isLetter) else { throw .nameWithoutLetter }
    guard trimmed.count <= Self.maximumLength else { throw .tooLong(max: Self.maximumLength) }
    let plain = trimmed.allSatisfy { $0.isASCII || !Self.isSpace($0) }
    rawValue = plain ? trimmed : String(trimmed.map { Self.isSpace($0) ? " " : $0 })
  }

  // MARK: - Private

  private static func isPunctuation(_ character: Character) -> Bool {
    isSpace(character) || character == "-" || character == "\u{2010}" || character == "\u{2011}"
      || character == "'" || character == "’"
  }

  private static func isSpace(_ character: Character) -> Bool {
    if character.isASCII { return character == " " }
    return character.unicodeScalars.count == 1
      && character.unicodeScalars.first?.properties.generalCategory == .spaceSeparator
  }

  private static func isLetter(_ character: Character) -> Bool {
    character.isLetterOfAnyScript
  }
}

extension PersonName: Codable {
  /// Decodes the name from a string, refusing one the name rule refuses.
  public init(from decoder: any Decoder) throws {
    self = try decoder.singleValueContainer().decodeValidated(Self.self, Self.init)
  }

  /// Encodes the name as its string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

extension Unicode.Scalar {
  /// A letter of any script (general category L).
  var isLetter: Bool {
    switch properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
      true
    default: false
    }
  }

  /// A combining mark (general category M).
  var isMark: Bool {
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }
}

/// A set of characters in a pattern: `[a-z0-9_]`, `[^ ]`, `\d`, `\w`, `\s` or `.`.
struct PatternCharacterClass: Sendable {
  /// A named class.
  enum Named: Hashable, Sendable {
    /// `\d`: a decimal digit of any script.
    case digit
    /// `\w`: a letter, a digit, a mark or `_`.
    case word
    /// `\s`: white space.
    case space
    /// `.`: any character but a line break.
    case anyButNewline
  }

  /// Scalar ranges (a single character is a range of one).
  var ranges: [ClosedRange<UInt32>] = []
  /// Named classes, each with whether it is negated (`\D` is `(.digit, true)`).
  var named: [(Named, Bool)] = []
  /// Whether the whole class is negated (`[^...]`).
  var negated = false

  /// Whether `character` is in the class.
  ///
  /// A character made of several scalars (an emoji with a modifier, a letter with a combining mark)
  /// is in a range only when its first scalar is and the rest are marks.
  func contains(_ character: Character) -> Bool {
    negated != isListed(character)
  }

  private func isListed(_ character: Character) -> Bool {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return false }
    let value = first.value
    for range in ranges where range.contains(value) { return true }
    for (name, inverted) in named where Self.matches(name, character, first) != inverted {
      return true
    }
    return false
  }

  private static func matches(
    _ name: Named, _ character: Character, _ first: Unicode.Scalar
  ) -> Bool {
    switch name {
    case .digit: return first.properties.numericType == .decimal
    case .word:
      return first == "_" || first.properties.isAlphabetic
        || first.properties.numericType == .decimal
        || first.properties.generalCategory == .nonspacingMark
    case .space: return first.properties.isWhitespace
    case .anyButNewline: return !character.isNewline
    }
  }
}

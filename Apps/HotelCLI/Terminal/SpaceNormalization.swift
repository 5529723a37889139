/// How `expect text` and `expect value` compare text: every kind of space (no-break, thin,
/// narrow no-break, tab, ...) counts as one plain space, and runs of spaces as one.
enum SpaceNormalization {
  /// `text` with every run of space characters replaced by one plain space, trimmed at both ends
  /// of each line.
  static func normalized(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      if isSpace(scalar) {
        pendingSpace = true
        continue
      }
      if scalar == "\n" {
        pendingSpace = false
        result.append(scalar)
        continue
      }
      if pendingSpace, let last = result.last, last != "\n" { result.append(" ") }
      pendingSpace = false
      result.append(scalar)
    }
    return String(result)
  }

  /// Whether `scalar` is a space of any kind (Unicode category Zs, a tab, a zero-width space or
  /// a byte order mark), not a line break.
  ///
  /// Unicode's property tables are asked only about the scalars in the blocks that hold space
  /// separators (Latin-1, Ogham, General Punctuation, CJK Symbols): a rendered screen is mostly
  /// ASCII and box drawing, and a property lookup per scalar was a third of `expect text`.
  /// A test checks this against `generalCategory` for every scalar of the Basic Multilingual
  /// Plane (Unicode has no space separator beyond it).
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x20, 0x200B, 0xFEFF: true
    case 0xA0, 0x1680, 0x2000...0x206F, 0x3000:
      scalar.properties.generalCategory == .spaceSeparator
    default: false
    }
  }

  /// Whether the normalised `haystack` contains the normalised `needle`.
  static func contains(_ haystack: String, _ needle: String) -> Bool {
    normalized(haystack).contains(normalized(needle))
  }

  /// Whether `lhs` and `rhs` are equal once normalised.
  static func equal(_ lhs: String, _ rhs: String) -> Bool { normalized(lhs) == normalized(rhs) }
}

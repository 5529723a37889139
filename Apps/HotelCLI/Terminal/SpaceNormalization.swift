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

  /// Whether `scalar` is a space of any kind (Unicode category Zs, or a tab), not a line break.
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
      || scalar == "\u{200B}" || scalar == "\u{FEFF}"
  }

  /// Whether the normalised `haystack` contains the normalised `needle`.
  static func contains(_ haystack: String, _ needle: String) -> Bool {
    normalized(haystack).contains(normalized(needle))
  }

  /// Whether `lhs` and `rhs` are equal once normalised.
  static func equal(_ lhs: String, _ rhs: String) -> Bool { normalized(lhs) == normalized(rhs) }
}

extension String {
  /// This outside text (a server's refusal, a form designer's message, a redirect's target) as one
  /// line fit to show on any screen or terminal: runs of whitespace, newlines included, become one
  /// space; the characters unsafe to show (`Unicode.Scalar.isUnsafeToShow`) are dropped; the ends
  /// are trimmed; a text longer than `maxLength` characters is cut and ends with `…`.
  ///
  /// `nil` when nothing is left. Reads at most `4 × maxLength` kept scalars, so a huge text costs
  /// no more than a short one.
  ///
  /// ```swift
  /// "  Promo code\n\u{202E}expired ".lineToShow(maxLength: 200)  // "Promo code expired"
  /// "\u{1B}\u{07} ".lineToShow(maxLength: 200)  // nil
  /// ```
  public func lineToShow(maxLength: Int) -> String? {
    var kept = String.UnicodeScalarView()
    var keptCount = 0
    var spaceBefore = false
    var cut = false
    for scalar in unicodeScalars {
      if scalar.properties.isWhitespace {
        spaceBefore = keptCount > 0
        continue
      }
      if scalar.isUnsafeToShow { continue }
      // Enough scalars for `maxLength` characters unless most are combining marks.
      guard keptCount < 4 * maxLength else {
        cut = true
        break
      }
      if spaceBefore {
        kept.append(" ")
        keptCount += 1
        spaceBefore = false
      }
      kept.append(scalar)
      keptCount += 1
    }
    let line = String(kept)
    guard !line.isEmpty else { return nil }
    guard cut || line.count > maxLength else { return line }
    return String(line.prefix(Swift.max(maxLength - 1, 0))) + "…"
  }
}

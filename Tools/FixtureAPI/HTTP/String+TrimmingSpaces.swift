extension StringProtocol {
  /// The text without the spaces and tabs around it: what `trimmingCharacters(in: .whitespaces)`
  /// trims (tab and the Unicode space separators), without Foundation's `CharacterSet`, whose
  /// first use costs more than a request.
  func trimmingSpaces() -> String {
    let scalars = unicodeScalars
    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      scalar == " " || scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
    guard let first = scalars.firstIndex(where: { !isSpace($0) }),
      let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    var trimmed = String.UnicodeScalarView()
    trimmed.append(contentsOf: scalars[first...last])
    return String(trimmed)
  }
}

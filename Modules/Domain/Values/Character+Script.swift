extension Character {
  /// The ASCII digit (`0`...`9`) this character is written as in any script (`٣`, `３`, `३` are
  /// `3`), or `nil` when it is not a decimal digit.
  ///
  /// Other numerals (`Ⅻ`, `½`, `²`) are not decimal digits.
  var asciiDigit: Character? {
    if let ascii = asciiValue { return (48...57).contains(ascii) ? self : nil }
    guard unicodeScalars.count == 1, let scalar = unicodeScalars.first,
      scalar.properties.numericType == .decimal,
      let value = scalar.properties.numericValue, value >= 0, value <= 9
    else { return nil }
    return Character(Unicode.Scalar(UInt8(48 + Int(value))))
  }

  /// Letters of any script with their combining marks and zero-width joiners: a letter first,
  /// then letters, marks or joiners (`é` written as `e` and a combining accent; a Devanagari
  /// conjunct such as `र्ता`, which is one grapheme cluster of letters joined by a virama).
  var isLetterOfAnyScript: Bool {
    // Most names and addresses are ASCII: no Unicode property lookup for them (every keystroke
    // validates its field).
    if let ascii = asciiValue { return (65...90).contains(ascii) || (97...122).contains(ascii) }
    let scalars = unicodeScalars
    guard let first = scalars.first, first.isLetter else { return false }
    return scalars.dropFirst().allSatisfy {
      $0.isLetter || $0.isMark || $0 == "\u{200C}" || $0 == "\u{200D}"
    }
  }
}

extension StringProtocol {
  /// The text with every decimal digit of another script written as its ASCII digit
  /// (`"٠١٢"` becomes `"012"`), so a number typed on an Arabic or a full-width keyboard
  /// reads as the same number; everything else is kept.
  func withASCIIDigits() -> String {
    guard contains(where: { !$0.isASCII }) else { return String(self) }
    return String(map { $0.asciiDigit ?? $0 })
  }
}

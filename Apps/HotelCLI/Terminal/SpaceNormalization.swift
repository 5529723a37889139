/// How `expect text` and `expect value` compare text: every kind of space (no-break, thin,
/// narrow no-break, tab, ...) counts as one plain space, and runs of spaces as one.
enum SpaceNormalization {
  /// `text` with every run of space characters replaced by one plain space, trimmed at both ends
  /// of each line.
  static func normalized(_ text: String) -> String {
    Text(text).string
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

  /// Whether `scalar` is always a grapheme cluster of its own, whatever is around it, and no
  /// other scalar of this set is canonically equivalent to it: a text made only of such scalars
  /// compares as `String` does when compared byte by byte.
  ///
  /// Every scalar but a carriage return in ASCII, Latin-1 and the Latin Extended and IPA
  /// letters, Cyrillic letters, punctuation, currency signs, arrows, control pictures, box
  /// drawing, shapes, symbols and dingbats, and `�`: what screens are made of. Combining marks,
  /// joiners, Hangul, regional indicators and the scalars with a singleton decomposition (the
  /// Kelvin sign is a `K` to `String`) are outside it. A test checks both properties for each.
  static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x0C, 0x0E...0x7F, 0xA0...0x2FF, 0x400...0x482, 0x48A...0x52F, 0x2010...0x2027,
      0x2030...0x205E, 0x20A0...0x20C0, 0x2190...0x21FF, 0x2400...0x2426, 0x2500...0x27BF,
      0x27F0...0x27FF, 0xFFFD:
      true
    default:
      false
    }
  }

  /// Whether the normalised `haystack` contains the normalised `needle`.
  static func contains(_ haystack: String, _ needle: String) -> Bool {
    Text(haystack).contains(Text(needle))
  }

  /// Whether `lhs` and `rhs` are equal once normalised.
  static func equal(_ lhs: String, _ rhs: String) -> Bool { normalized(lhs) == normalized(rhs) }
}

extension SpaceNormalization {
  /// Normalised text, built from pieces as they come (the lines of a screen as they are drawn).
  ///
  /// What is appended never changes what is already there: a space is written only before the
  /// next character of its line.
  struct Text {
    /// The normalised text so far, in UTF-8.
    private(set) var utf8: [UInt8] = []
    /// Whether every scalar so far is ``SpaceNormalization/isPlain(_:)``.
    private(set) var isPlain = true
    private var pendingSpace = false

    /// Empty text.
    init() {}

    /// `text`, normalised.
    init(_ text: String) {
      append(text)
    }

    /// The text as a `String`.
    var string: String { String(decoding: utf8, as: UTF8.self) }

    /// Appends `text`, normalised as a continuation of what is already there.
    mutating func append(_ text: String) {
      var text = text
      text.withUTF8 { append($0) }
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
      var index = 0
      while index < bytes.count {
        let lead = bytes[index]
        if lead < 0x80 {
          appendASCII(lead)
          index += 1
          continue
        }
        // A String's UTF-8 is valid: a lead byte, then its continuation bytes.
        var end = index + 1
        var value = UInt32(lead & (lead >= 0xF0 ? 0x07 : lead >= 0xE0 ? 0x0F : 0x1F))
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 {
          value = value << 6 | UInt32(bytes[end] & 0x3F)
          end += 1
        }
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        if SpaceNormalization.isSpace(scalar) {
          pendingSpace = true
        } else {
          writePendingSpace()
          isPlain = isPlain && SpaceNormalization.isPlain(scalar)
          utf8.append(contentsOf: bytes[index..<end])
        }
        index = end
      }
    }

    private mutating func appendASCII(_ byte: UInt8) {
      switch byte {
      case 0x09, 0x20:
        pendingSpace = true
      case 0x0A:
        pendingSpace = false
        utf8.append(byte)
      default:
        writePendingSpace()
        isPlain = isPlain && byte != 0x0D
        utf8.append(byte)
      }
    }

    private mutating func writePendingSpace() {
      if pendingSpace, let last = utf8.last, last != 0x0A { utf8.append(0x20) }
      pendingSpace = false
    }

    /// Whether the text holds `needle`, with `String.contains`'s verdict (character by
    /// character, canonical equivalence).
    func contains(_ needle: Text) -> Bool {
      quickContains(needle) ?? string.contains(needle.string)
    }

    /// Whether the text holds `needle`, judged on bytes where they tell what `String.contains`
    /// would, looking only at matches that start at `start` or later; `nil` where they cannot
    /// tell.
    ///
    /// A byte match counts when the scalars just around it are plain: then it starts and ends
    /// on character boundaries. No byte match means no match only when both texts are plain.
    /// The end of the text counts as a boundary, so text appended later must start with a line
    /// break or a plain scalar.
    func quickContains(_ needle: Text, from start: Int = 0) -> Bool? {
      guard needle.isPlain else { return nil }
      let (count, length) = (utf8.count, needle.utf8.count)
      guard length > 0 else { return true }
      guard length <= count else { return isPlain ? false : nil }
      let first = needle.utf8[0]
      var position = max(start, 0)
      while position <= count - length {
        defer { position += 1 }
        guard utf8[position] == first,
          utf8[position..<(position + length)].elementsEqual(needle.utf8)
        else { continue }
        if isPlain || (isPlainBefore(position) && isPlainAt(position + length)) { return true }
      }
      return isPlain ? false : nil
    }

    private func isPlainBefore(_ offset: Int) -> Bool {
      var start = offset - 1
      while start > 0, utf8[start] & 0xC0 == 0x80 { start -= 1 }
      return start < 0 || isPlainAt(start)
    }

    private func isPlainAt(_ offset: Int) -> Bool {
      guard offset < utf8.count else { return true }
      var end = offset + 1
      while end < utf8.count, utf8[end] & 0xC0 == 0x80 { end += 1 }
      let scalar = String(decoding: utf8[offset..<end], as: UTF8.self).unicodeScalars.first
      return scalar.map(SpaceNormalization.isPlain) ?? false
    }
  }
}

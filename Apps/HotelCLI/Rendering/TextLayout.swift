/// Measuring, wrapping and padding text by the columns it takes in a terminal.
enum TextLayout {
  /// `count` box-drawing rules (`─`, `═`), made from a long one's bytes: a frame draws
  /// several, and building each character by character showed in a keystroke's time.
  static func rule(_ character: Rule, count: Int) -> String {
    let bytes = character == .single ? singleRule : doubleRule
    let count = min(max(count, 0), bytes.count / 3)
    return String(decoding: bytes[0..<(count * 3)], as: UTF8.self)
  }

  /// A rule's character.
  enum Rule {
    /// `─`.
    case single
    /// `═`.
    case double
  }

  private static let singleRule = Array(String(repeating: "─", count: 1_024).utf8)
  private static let doubleRule = Array(String(repeating: "═", count: 1_024).utf8)

  /// The columns `text` takes, as a terminal draws it: one glyph per grapheme cluster
  /// (``width(of:)-(Character)``), so an emoji sequence, a flag or a letter with a combining
  /// accent is measured as the one glyph it is.
  static func width(_ text: String) -> Int {
    // Fast path: text whose every scalar is a cluster of its own one column wide (ASCII, most
    // Latin and Cyrillic, box drawing) is measured by its scalars, with no segmentation.
    var columns = 0
    for scalar in text.unicodeScalars {
      guard isSimple(scalar) else { return text.reduce(0) { $0 + width(of: $1) } }
      columns += 1
    }
    return columns
  }

  /// The columns one grapheme cluster takes: 2 for an emoji drawn as one (an emoji
  /// presentation sequence with U+FE0F, a ZWJ sequence, a flag, a skin tone) or a cluster with
  /// a wide character; otherwise its widest scalar's (a combining mark joined to its base
  /// adds nothing; a cluster of marks or format characters alone takes 0).
  static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    // Written neutralised on one line: `␍` and a space.
    if character == "\r\n" { return 2 }
    if scalars.count == 1 { return width(of: first) }
    var widest = 0
    for scalar in scalars {
      switch scalar.value {
      case 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF: return 2
      case 0xFE0F where first.properties.isEmoji: return 2
      case 0x200D where first.properties.isEmoji: return 2
      default: widest = max(widest, width(of: scalar))
      }
    }
    return widest
  }

  /// The columns one scalar takes, alone; one that is neutralised when written takes what shows
  /// in its place.
  static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    // Fast paths for what screens are mostly made of: printable ASCII and box drawing.
    if (0x20..<0x7F).contains(value) || (0x2500...0x257F).contains(value) { return 1 }
    // Written neutralised: a control picture, `�` or a space, one column.
    if TerminalText.needsNeutralizing(scalar) { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200B || (0x1160...0x11FF).contains(value) { return 0 }
    let wide =
      (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
      || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
      || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
      || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
      || (0x20000...0x3FFFD).contains(value)
    return wide || (value > 0x2000 && scalar.properties.isEmojiPresentation) ? 2 : 1
  }

  /// Whether `scalar` is always a grapheme cluster of its own one column wide, whatever is
  /// around it: printable ASCII, Latin-1 and Latin Extended letters, Cyrillic letters,
  /// general punctuation and box drawing. (What may join a cluster, such as combining marks,
  /// U+200D, variation selectors, skin tones and regional indicators, is outside these.)
  private static func isSimple(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20..<0x7F, 0xA0..<0xAD, 0xAE...0x2FF, 0x400...0x482, 0x48A...0x52F, 0x2010...0x2027,
      0x2030...0x205E, 0x20A0...0x20C0, 0x2190...0x21FF, 0x2500...0x257F:
      return true
    default:
      return false
    }
  }

  /// `text` followed by spaces up to `columns` (unchanged when already as wide).
  static func pad(_ text: String, to columns: Int) -> String {
    let missing = columns - width(text)
    return missing > 0 ? text + String(repeating: " ", count: missing) : text
  }

  /// Tags as `[chip]`s, as many to a line as fit in `columns`; a tag too long for a line is cut.
  static func chips(_ tags: [String], columns: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for tag in tags {
      let chip = "[" + truncate(tag, to: max(columns - 2, 1)) + "]"
      if line.isEmpty {
        line = chip
      } else if width(line) + 1 + width(chip) <= columns {
        line += " " + chip
      } else {
        lines.append(line)
        line = chip
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// `text` cut to at most `columns`, ending with `…` when cut.
  static func truncate(_ text: String, to columns: Int) -> String {
    guard width(text) > columns else { return text }
    guard columns > 1 else { return columns == 1 ? "…" : "" }
    var result = ""
    var used = 0
    for character in text {
      let characterWidth = width(of: character)
      if used + characterWidth > columns - 1 { break }
      result.append(character)
      used += characterWidth
    }
    return result + "…"
  }

  /// `text` broken into lines of at most `columns`, at spaces where possible.
  ///
  /// The most lines a heading (a name) takes; the rest is cut with "…".
  static let maximumHeadingLines = 3
  /// The most lines a text (a description, an address) takes; the rest is cut with "…".
  static let maximumTextLines = 40
  /// The most tags a tag list shows; the others are counted.
  static let maximumTags = 40

  /// ``wrap(_:to:)`` to at most `maximumLines` lines, the last ending with "…" when some was cut.
  ///
  /// Only the part that can show is measured, so a megabyte of text costs no more than a screenful.
  static func wrap(_ text: String, to columns: Int, maximumLines: Int) -> [String] {
    let head = text.prefix(max(columns, 1) * max(maximumLines, 1) + 1)
    var wrapped = wrap(String(head), to: columns)
    guard wrapped.count > maximumLines || head.endIndex != text.endIndex else { return wrapped }
    wrapped = Array(wrapped.prefix(max(maximumLines, 1)))
    let last = wrapped.removeLast()
    wrapped.append(truncate(last + " …", to: max(columns, 1)))
    return wrapped
  }

  /// The first ``maximumTags`` of `tags`, then `more(count)` for the rest, if any.
  static func cappedTags(_ tags: [String], more: (Int) -> String) -> [String] {
    guard tags.count > maximumTags else { return tags }
    return Array(tags.prefix(maximumTags)) + [more(tags.count - maximumTags)]
  }

  static func wrap(_ text: String, to columns: Int) -> [String] {
    var steps = 0
    return wrap(text, to: columns, steps: &steps)
  }

  /// ``wrap(_:to:)``, adding to `steps` the characters it measured: each character of `text`
  /// is measured a bounded number of times, so a word of a million letters (a hostile hotel
  /// name) takes linear time, not a copy of the rest of the word per line.
  static func wrap(_ text: String, to columns: Int, steps: inout Int) -> [String] {
    let limit = max(columns, 1)
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineWidth = 0
      for word in paragraph.split(separator: " ") {
        var wordWidth = 0
        var pieces: [(text: Substring, width: Int)] = []
        var pieceStart = word.startIndex
        var pieceWidth = 0
        for index in word.indices {
          steps += 1
          let characterWidth = width(of: word[index])
          if pieceWidth + characterWidth > limit, index > pieceStart {
            pieces.append((word[pieceStart..<index], pieceWidth))
            pieceStart = index
            pieceWidth = 0
          }
          pieceWidth += characterWidth
          wordWidth += characterWidth
        }
        if !pieces.isEmpty {
          // Wider than a line: a line of its own per piece, the rest placed as a word.
          if !line.isEmpty { lines.append(line) }
          lines.append(contentsOf: pieces.map { String($0.text) })
          line = String(word[pieceStart...])
          lineWidth = pieceWidth
          continue
        }
        if line.isEmpty {
          line = String(word)
          lineWidth = wordWidth
        } else if lineWidth + 1 + wordWidth <= limit {
          line += " " + word
          lineWidth += 1 + wordWidth
        } else {
          lines.append(line)
          line = String(word)
          lineWidth = wordWidth
        }
      }
      lines.append(line)
    }
    return lines
  }

}

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

  /// The columns `text` takes: wide East Asian characters take 2, combining marks 0.
  static func width(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
  }

  /// The columns one scalar takes.
  static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    // Fast paths for what screens are mostly made of: printable ASCII and box drawing.
    if (0x20..<0x7F).contains(value) || (0x2500...0x257F).contains(value) { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200B { return 0 }
    let wide =
      (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
      || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
      || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
      || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
      || (0x20000...0x3FFFD).contains(value)
    return wide ? 2 : 1
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
      let characterWidth = width(String(character))
      if used + characterWidth > columns - 1 { break }
      result.append(character)
      used += characterWidth
    }
    return result + "…"
  }

  /// `text` broken into lines of at most `columns`, at spaces where possible.
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
          let characterWidth = width(String(word[index]))
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

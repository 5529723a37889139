/// Neutralises text from the API, files and users before it reaches the terminal (SPEC section 8).
///
/// C0 controls and DEL become their visible Unicode "control pictures" (ESC shows as `␛`), so an
/// escape sequence is printed as inert text instead of being run by the terminal; C1 controls
/// and bidirectional overrides and isolates (the "Trojan Source" characters) become `�`; tabs
/// and line or paragraph separators become spaces; newlines are kept only when asked.
enum TerminalText {
  /// `text` made safe to print. With `keepingNewlines`, `\n` stays (and `\r\n` becomes `\n`).
  static func neutralized(_ text: String, keepingNewlines: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: needsNeutralizing) else { return text }
    var result = String.UnicodeScalarView()
    var previousWasCarriageReturn = false
    for scalar in text.unicodeScalars {
      defer { previousWasCarriageReturn = scalar == "\r" }
      switch scalar.value {
      case 0x0A:
        if keepingNewlines {
          if previousWasCarriageReturn, result.last == "\u{240D}" { result.removeLast() }
          result.append("\n")
        } else {
          result.append(" ")
        }
      case 0x09, 0x0B, 0x0C, 0x2028, 0x2029:
        result.append(" ")
      case 0x00...0x1F:
        result.append(Unicode.Scalar(0x2400 + scalar.value) ?? replacement)
      case 0x7F:
        result.append("\u{2421}")
      case 0x80...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C:
        result.append(replacement)
      default:
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// The most characters of one message on standard error; a longer one (a 3 MB argument
  /// echoed back) is cut, ending with `…`.
  static let maximumMessageLength = 2_000

  /// `text` as one line of a message: neutralised (newlines become spaces, so a newline in an
  /// argument cannot fake a second line) and cut to ``maximumMessageLength`` characters. Only
  /// the part kept is looked at, so a huge text costs no more than a short one.
  static func messageLine(_ text: String) -> String {
    let head = text.prefix(maximumMessageLength + 1)
    let line = neutralized(String(head))
    guard head.count > maximumMessageLength else { return line }
    return String(line.prefix(maximumMessageLength - 1)) + "…"
  }

  /// Whether `scalar` is changed by ``neutralized(_:keepingNewlines:)``.
  static func needsNeutralizing(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C,
      0x2028, 0x2029:
      true
    default:
      false
    }
  }

  private static let replacement: Unicode.Scalar = "\u{FFFD}"
}

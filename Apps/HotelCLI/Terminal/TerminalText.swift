import Domain

/// Neutralises text from the API, files and users before it reaches the terminal (SPEC section 8).
///
/// C0 controls and DEL become their visible Unicode "control pictures" (ESC shows as `␛`), so an
/// escape sequence is printed as inert text instead of being run by the terminal; the other
/// characters unsafe to show (`Unicode.Scalar.isUnsafeToShow`, Domain's one list: C1 controls,
/// the bidirectional marks, overrides and isolates of "Trojan Source") become `�`; tabs
/// and line or paragraph separators become spaces; newlines are kept only when asked.
enum TerminalText {
  /// `text` made safe to print.
  ///
  /// With `keepingNewlines`, `\n` stays (and `\r\n` becomes `\n`).
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
      default:
        // The other characters unsafe to show (C1 controls, the bidirectional ones: the one
        // list, in Domain) become `�`.
        result.append(scalar.isUnsafeToShow ? replacement : scalar)
      }
    }
    return String(result)
  }

  /// The most characters of one message on standard error; a longer one (a 3 MB argument
  /// echoed back) is cut, ending with `…`.
  static let maximumMessageLength = 2_000

  /// `text` as one line of a message: neutralised (newlines become spaces, so a newline in an
  /// argument cannot fake a second line) and cut to ``maximumMessageLength`` characters.
  ///
  /// Only the part kept is looked at, so a huge text costs no more than a short one.
  static func messageLine(_ text: String) -> String {
    let head = text.prefix(maximumMessageLength + 1)
    let line = neutralized(String(head))
    guard head.count > maximumMessageLength else { return line }
    return String(line.prefix(maximumMessageLength - 1)) + "…"
  }

  /// Whether `scalar` is changed by ``neutralized(_:keepingNewlines:)``.
  static func needsNeutralizing(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isUnsafeToShow || scalar.value == 0x2028 || scalar.value == 0x2029
  }

  private static let replacement: Unicode.Scalar = "\u{FFFD}"
}

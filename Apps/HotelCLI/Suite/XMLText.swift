import Domain

/// Text made safe for an XML 1.0 document: the markup characters escaped, and the characters
/// XML 1.0 cannot hold at all (most C0 controls, even as `&#1;`) shown as their visible Unicode
/// control pictures (ESC as `␛`), as the terminal shows them; DEL and C1 controls likewise.
enum XMLText {
  /// `text` for an attribute value in double quotes: also `"`, `'`, and line breaks and tabs
  /// as character references (an attribute's raw line break would be read as a space).
  static func attribute(_ text: String) -> String {
    escaped(text, inAttribute: true)
  }

  /// `text` for element content: line breaks and tabs kept.
  static func content(_ text: String) -> String {
    escaped(text, inAttribute: false)
  }

  private static func escaped(_ text: String, inAttribute: Bool) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where inAttribute: result += "&quot;"
      case "'" where inAttribute: result += "&apos;"
      case "\n": result += inAttribute ? "&#10;" : "\n"
      case "\t": result += inAttribute ? "&#9;" : "\t"
      case "\r": result += "&#13;"
      default:
        switch scalar.value {
        case 0x00...0x1F:
          result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
        case 0x7F:
          result += "\u{2421}"
        case 0x80...0x9F, 0xFFFE, 0xFFFF:
          result += "\u{FFFD}"
        default:
          // The bidirectional overrides and isolates too (Domain's one list): a CI page shows
          // the report.
          result.unicodeScalars.append(scalar.isUnsafeToShow ? "\u{FFFD}" : scalar)
        }
      }
    }
    return result
  }
}

/// ANSI styles for the renderer; with colour off every style is plain text.
struct Style: Sendable {
  /// Whether styles emit escape sequences.
  var isEnabled: Bool

  /// Bold (titles).
  func bold(_ text: String) -> String { wrap(text, "1") }
  /// Dim (hints, placeholders, separators).
  func dim(_ text: String) -> String { wrap(text, "2") }
  /// Red (invalid fields and their messages, errors).
  func red(_ text: String) -> String { wrap(text, "31") }
  /// Green (valid fields, success).
  func green(_ text: String) -> String { wrap(text, "32") }
  /// Yellow (notices).
  func yellow(_ text: String) -> String { wrap(text, "33") }
  /// Cyan (the focused field, buttons).
  func cyan(_ text: String) -> String { wrap(text, "36") }
  /// Inverse (the toast).
  func inverse(_ text: String) -> String { wrap(text, "7") }

  private func wrap(_ text: String, _ code: String) -> String {
    guard isEnabled, !text.isEmpty else { return text }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }
}

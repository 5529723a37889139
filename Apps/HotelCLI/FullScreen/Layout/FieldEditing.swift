import Presentation

/// How the full-screen app edits a field, read from its public ``FieldModel``.
enum FieldEditing: Equatable, Sendable {
  /// Text, typed in place.
  case text
  /// A text of several lines, typed in a box: Enter adds a line, Tab leaves.
  case multiline
  /// A date: typed, or picked in the calendar (F4).
  case date
  /// On or off (Space).
  case toggle
  /// Not editable (computed or disabled).
  case readOnly
}

extension FieldModel {
  /// How the full-screen app edits this field: a disabled field is read-only whatever its
  /// keyboard.
  var editing: FieldEditing {
    guard isEnabled else { return .readOnly }
    switch keyboard {
    case .date: return .date
    case .toggle: return .toggle
    case .multiline: return .multiline
    default: return .text
    }
  }

  /// Whether the person types into it in place (text and date fields).
  var isTyped: Bool { editing == .text || editing == .date || editing == .multiline }

  /// The text shown (what the field's editor starts from); a text of several lines being edited
  /// has its line breaks as `\n` (a locked one reads as one line).
  var shownValue: String {
    editing == .multiline ? value.replacing("\r\n", with: "\n") : value
  }
}

/// The ANSI styles of line output; with colour off every style is none.
///
/// A style is a ``Code`` a ``StyledLine`` run carries, not an escape in a string: the line
/// writes its escapes itself, around text it neutralises, so outside text never brings its own.
struct Style: Sendable {
  /// An SGR code the line output emits around a run (`ESC [ code m` … `ESC [ 0 m`).
  struct Code: Equatable, Sendable {
    /// The number after `ESC [`.
    var parameter: Int
  }

  /// Whether styles emit escape sequences.
  var isEnabled: Bool

  /// Bold (titles).
  var bold: Code? { code(1) }
  /// Dim (hints, placeholders, separators).
  var dim: Code? { code(2) }
  /// Red (invalid fields and their messages, errors).
  var red: Code? { code(31) }
  /// Green (valid fields, success).
  var green: Code? { code(32) }
  /// Yellow (notices).
  var yellow: Code? { code(33) }
  /// Cyan (the focused field, buttons).
  var cyan: Code? { code(36) }
  /// Inverse (the toast).
  var inverse: Code? { code(7) }

  private func code(_ parameter: Int) -> Code? {
    isEnabled ? Code(parameter: parameter) : nil
  }
}

/// How a run of text looks: a colour and attributes. Without colour (``TextStyle/render(_:)``
/// with `color: false`, as `NO_COLOR` asks) the attributes stay and the colour goes.
struct TextStyle: Hashable, Sendable {
  /// A foreground colour.
  enum Color: UInt8, Hashable, Sendable {
    /// Red: errors.
    case red = 31
    /// Green: valid fields, success.
    case green = 32
    /// Yellow: notices, the rating.
    case yellow = 33
    /// Cyan: buttons, the focus.
    case cyan = 36
  }

  /// The colour, or the terminal's default.
  var color: Color?
  /// Bold.
  var bold = false
  /// Dim.
  var dim = false
  /// Underlined.
  var underline = false
  /// Reverse video.
  var inverse = false

  /// The terminal's default look.
  static let plain = TextStyle()
  /// Bold text.
  static let strong = TextStyle(bold: true)
  /// Dim text.
  static let faint = TextStyle(dim: true)
  /// Reverse video.
  static let reversed = TextStyle(inverse: true)

  /// A style in `color`.
  static func colored(_ color: Color, bold: Bool = false) -> TextStyle {
    TextStyle(color: color, bold: bold)
  }

  /// The SGR sequence that sets this style from the default (`ESC [ 0 ; ... m`), colour left
  /// out unless `color`.
  func sequence(color useColor: Bool) -> String {
    var codes = "0"
    if bold { codes += ";1" }
    if dim { codes += ";2" }
    if underline { codes += ";4" }
    if inverse { codes += ";7" }
    if useColor, let color { codes += ";\(color.rawValue)" }
    return "\u{1B}[" + codes + "m"
  }
}

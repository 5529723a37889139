import Domain

/// How a run of text looks: a colour and attributes.
///
/// Without colour (``TextStyle/render(_:)`` with `color: false`, as `NO_COLOR` asks) the attributes
/// stay and the colour goes.
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
  /// Italic.
  var italic = false
  /// A colour of the form's schema (a `style`), drawn when no colour of the app's is set.
  var foreground: RGBColor?
  /// A background colour of the form's schema.
  var background: RGBColor?

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

  /// This style with a form's `style` applied: bold (and large) bold, italic italic, small
  /// dim, its colours (the app's own colour, an error's red, wins over its foreground).
  func applying(_ style: FormStyle) -> TextStyle {
    var result = self
    if style.font == .bold || style.size == .large { result.bold = true }
    if style.font == .italic { result.italic = true }
    if style.size == .small { result.dim = true }
    if result.color == nil { result.foreground = style.foreground }
    result.background = style.background
    return result
  }

  /// The SGR sequence that sets this style from the default (`ESC [ 0 ; ... m`), colour left
  /// out unless `color`; a schema's colours in 24-bit when `trueColor`, else the nearest of the
  /// 256-colour palette.
  func sequence(color useColor: Bool, trueColor: Bool = false) -> String {
    var codes = "0"
    if bold { codes += ";1" }
    if dim { codes += ";2" }
    if italic { codes += ";3" }
    if underline { codes += ";4" }
    if inverse { codes += ";7" }
    if useColor, let color { codes += ";\(color.rawValue)" }
    if useColor, color == nil, let foreground {
      codes += ";38" + Self.colorCodes(foreground, trueColor: trueColor)
    }
    if useColor, let background {
      codes += ";48" + Self.colorCodes(background, trueColor: trueColor)
    }
    return "\u{1B}[" + codes + "m"
  }

  /// `;2;R;G;B`, or `;5;N` with N the nearest colour of the 256-colour palette.
  static func colorCodes(_ color: RGBColor, trueColor: Bool) -> String {
    trueColor
      ? ";2;\(color.red8);\(color.green8);\(color.blue8)" : ";5;\(paletteIndex(color))"
  }

  /// The nearest colour of the 256-colour palette's cube (16...231) or grey ramp (232...255).
  static func paletteIndex(_ color: RGBColor) -> Int {
    let levels = [0, 95, 135, 175, 215, 255]
    func nearestLevel(_ value: UInt8) -> Int {
      levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) } ?? 0
    }
    let (red, green, blue) = (Int(color.red8), Int(color.green8), Int(color.blue8))
    let cube = (nearestLevel(color.red8), nearestLevel(color.green8), nearestLevel(color.blue8))
    func distance(_ other: (Int, Int, Int)) -> Int {
      let (dr, dg, db) = (red - other.0, green - other.1, blue - other.2)
      return dr * dr + dg * dg + db * db
    }
    let cubeColor = (levels[cube.0], levels[cube.1], levels[cube.2])
    let grey = min(23, max(0, ((red + green + blue) / 3 - 8 + 5) / 10))
    let greyLevel = 8 + grey * 10
    return distance((greyLevel, greyLevel, greyLevel)) < distance(cubeColor)
      ? 232 + grey : 16 + 36 * cube.0 + 6 * cube.1 + cube.2
  }
}

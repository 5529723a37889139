/// How a section or a field of a form looks (SPEC section 6, seed 004's `Stylable`): a font,
/// a size and two colours, each optional (`nil`: the host's default).
///
/// JSON: `"style": {"font": "bold", "size": "large", "foreground": "#1A237E",
/// "background": "#FFF8E1"}`. A SwiftUI host maps each part in a line (`Docs/Presentation.md`
/// shows a view doing it); a colour is `Color(red: c.red, green: c.green, blue: c.blue)`.
public struct FormStyle: Hashable, Sendable, Codable {
  /// A typeface: how the text is set.
  public enum Font: String, Hashable, Sendable, Codable, CaseIterable {
    /// The host's usual face.
    case regular
    /// Bold.
    case bold
    /// Italic.
    case italic
    /// Fixed width (codes, numbers to copy).
    case monospace
  }

  /// A text size relative to the host's usual one.
  public enum Size: String, Hashable, Sendable, Codable, CaseIterable {
    /// Smaller than usual (a terminal draws it dim).
    case small
    /// The usual size.
    case regular
    /// Larger than usual (a terminal draws it bold).
    case large
  }

  /// The typeface, or `nil` for the host's default.
  public var font: Font?
  /// The size, or `nil` for the host's default.
  public var size: Size?
  /// The text colour, or `nil` for the host's default.
  public var foreground: RGBColor?
  /// The colour behind the text, or `nil` for the host's default.
  public var background: RGBColor?

  /// Creates a style; every part left out is the host's default.
  public init(
    font: Font? = nil, size: Size? = nil, foreground: RGBColor? = nil,
    background: RGBColor? = nil
  ) {
    self.font = font
    self.size = size
    self.foreground = foreground
    self.background = background
  }

  /// No style: the host's defaults.
  public static let plain = FormStyle()

  /// The smallest contrast ratio (WCAG 2) a foreground should have on its background; a style
  /// below it is accepted with a warning (``FormSchema/warnings``).
  public static let minimumContrast = 3.0

  /// The WCAG contrast ratio of the foreground on the background (1...21), when both are set.
  public var contrast: Double? {
    guard let foreground, let background else { return nil }
    return foreground.contrast(with: background)
  }

  /// Decodes the JSON form: a value that is not one of the names, or a colour that is not
  /// `#RRGGBB`, fails naming the key (`style.foreground`).
  ///
  /// While a schema is checked, each part that does not decode is recorded and left out.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: SchemaKey.self)
    let problems = decoder.schemaProblems
    func attempt<Value>(_ key: String, _ body: () throws -> Value?) throws -> Value? {
      try FormSchemaProblems.attempt(problems, at: container.path(key), fallback: nil, body)
    }
    font = try attempt("font") { try Self.name(Font.self, "font", in: container) }
    size = try attempt("size") { try Self.name(Size.self, "size", in: container) }
    foreground = try attempt("foreground") { try Self.color("foreground", in: container) }
    background = try attempt("background") { try Self.color("background", in: container) }
  }

  /// Encodes the JSON form (the parts set only).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: SchemaKey.self)
    try container.encodeIfPresent(font?.rawValue, forKey: SchemaKey("font"))
    try container.encodeIfPresent(size?.rawValue, forKey: SchemaKey("size"))
    try container.encodeIfPresent(foreground?.hex, forKey: SchemaKey("foreground"))
    try container.encodeIfPresent(background?.hex, forKey: SchemaKey("background"))
  }

  private static func name<Name: RawRepresentable<String> & CaseIterable>(
    _ type: Name.Type, _ key: String, in container: KeyedDecodingContainer<SchemaKey>
  ) throws -> Name? {
    guard let text = try container.optional(String.self, key) else { return nil }
    guard let value = Name(rawValue: text) else {
      let names = Name.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      throw FormSchemaError.invalidStyle(
        path: "", key: key, value: FormSchemaError.excerpt(text), expected: names)
    }
    return value
  }

  private static func color(
    _ key: String, in container: KeyedDecodingContainer<SchemaKey>
  ) throws -> RGBColor? {
    guard let text = try container.optional(String.self, key) else { return nil }
    guard let color = RGBColor(hex: text) else {
      throw FormSchemaError.invalidStyle(
        path: "", key: key, value: FormSchemaError.excerpt(text), expected: "#RRGGBB")
    }
    return color
  }
}

/// How a field is edited (SPEC section 6); the JSON name is the raw value.
///
/// A name this version does not know decodes as ``unsupported``, which is shown read-only
/// instead of failing the whole form.
public enum InputType: String, Sendable, Codable, CaseIterable {
  /// One line of text.
  case string
  /// Several lines of text.
  case longString = "long_string"
  /// A number.
  case numeric
  /// Yes or no (`true`/`false`).
  case bool
  /// A calendar date as typed (`dd.MM.yyyy` or `yyyy-MM-dd`).
  case date
  /// A phone number.
  case phone
  /// An e-mail address.
  case email
  /// Read-only: computed or static.
  case none
  /// An input type this version does not know; shown read-only.
  case unsupported

  /// Decodes a known name, or ``unsupported`` for any other string.
  public init(from decoder: any Decoder) throws {
    let name = try decoder.singleValueContainer().decode(String.self)
    self = InputType(rawValue: name) ?? .unsupported
  }

  /// Whether the user can type into a field of this type.
  public var isEditable: Bool {
    switch self {
    case .none, .unsupported: false
    default: true
    }
  }
}

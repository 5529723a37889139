/// A section of a form: the buyer, the tourists (repeatable), the price details.
///
/// JSON: `{"id": "tourist", "title": "Tourist", "repeatable": {"min": 1, "max": 4},
/// "collapsible": true, "fields": [...]}`; `repeatable` and `collapsible` may be left out.
public struct FormSection: Hashable, Sendable, Codable {
  /// The section's identifier (`"buyer"`, `"tourist"`, `"price"`).
  public var id: String
  /// The section's title; for a repeatable section the presentation layer makes ordinals
  /// ("First tourist").
  public var title: String
  /// The instance bounds when the section repeats, else `nil`.
  public var repeatable: RepeatBounds?
  /// Whether the section can be collapsed.
  public var collapsible: Bool
  /// The fields, in screen order.
  public var fields: [FormField]
  /// How the section's title looks; ``FormStyle/plain`` when the schema gives none.
  public var style: FormStyle = .plain

  /// Creates a section.
  public init(
    id: String, title: String, repeatable: RepeatBounds? = nil, collapsible: Bool = false,
    fields: [FormField]
  ) {
    self.id = id
    self.title = title
    self.repeatable = repeatable
    self.collapsible = collapsible
    self.fields = fields
  }

  /// Decodes the JSON form; errors are ``FormSchemaError`` values naming the section (and the
  /// field) by identifier.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: SchemaKey.self)
    let id = try container.require(String.self, "id")
    do {
      self.id = id
      self.title = try container.optional(String.self, "title") ?? ""
      self.repeatable = try container.optional(RepeatBounds.self, "repeatable")
      self.collapsible = try container.optional(Bool.self, "collapsible") ?? false
      self.style = try FormField.style(in: container)
      self.fields = try container.require([FormField].self, "fields")
    } catch {
      throw FormSchemaError.within(id, error)
    }
  }

  /// Encodes the JSON form with snake_case keys.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: SchemaKey.self)
    try container.encode(id, forKey: SchemaKey("id"))
    try container.encode(title, forKey: SchemaKey("title"))
    try container.encodeIfPresent(repeatable, forKey: SchemaKey("repeatable"))
    try container.encode(collapsible, forKey: SchemaKey("collapsible"))
    try container.encode(fields, forKey: SchemaKey("fields"))
    if style != .plain { try container.encode(style, forKey: SchemaKey("style")) }
  }
}

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
  ///
  /// While a schema is checked, every problem is recorded and decoding goes on.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: SchemaKey.self)
    let problems = decoder.schemaProblems
    let mark = problems?.mark ?? 0
    let id = try FormSchemaProblems.attempt(problems, at: container.path("id"), fallback: "") {
      try container.require(String.self, "id")
    }
    func attempt<Value>(
      _ key: String, _ fallback: Value, _ body: () throws -> Value
    ) throws -> Value {
      try FormSchemaProblems.attempt(problems, at: container.path(key), fallback: fallback, body)
    }
    do {
      self.id = id
      self.title = try attempt("title", "") { try container.optional(String.self, "title") ?? "" }
      self.repeatable = try attempt("repeatable", nil) {
        try container.optional(RepeatBounds.self, "repeatable")
      }
      self.collapsible = try attempt("collapsible", false) {
        try container.optional(Bool.self, "collapsible") ?? false
      }
      self.style = try FormField.style(in: container, problems: problems)
      if problems != nil {
        let checked = try attempt("fields", []) {
          try container.require([CheckedElement<FormField>].self, "fields")
        }
        // A field that is not one keeps its place, so the paths of the next ones stay right.
        self.fields = checked.map { $0.value ?? FormField(id: "", label: "", inputType: .none) }
        for (index, element) in checked.enumerated() where element.value == nil {
          problems?.told(container.path("fields").appending(.index(index)).appending(key: "id"))
        }
      } else {
        self.fields = try container.require([FormField].self, "fields")
      }
    } catch {
      throw FormSchemaError.within(id, error)
    }
    if let problems, !id.isEmpty { problems.prefix(from: mark, with: id) }
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

/// One field of a form section (SPEC section 6).
///
/// JSON, with snake_case keys (unknown keys are ignored):
/// ```json
/// {"id": "total", "label": "Total to pay", "input_type": "none",
///  "compute": "tour + fuelCharge + serviceCharge"}
/// {"id": "email", "label": "Email", "input_type": "email", "placeholder": "name@example.com",
///  "rules": ["required", "email", {"max_length": 254}]}
/// ```
/// Rules are names (`required`, `phone`, `email`, `person_name`, `birth_date`, `citizenship`,
/// `passport_number`, `passport_expiry`) or one-key objects (`{"min_length": 2}`,
/// `{"max_length": 50}`, `{"pattern": "^[0-9]+$"}`, `{"range": {"min": 1, "max": 9}}`). An
/// unknown rule name fails decoding with an error naming the field: a rule the app cannot check
/// must not pass silently.
///
/// References in `compute`, `visible_if`, `enabled_if` and `depends_on` are `section.field`, a
/// bare `field` of the same section, or a constant given to ``FormEngine`` (`offer.tour_price`).
/// Inside a repeatable section, a reference to a field of the same section means the same
/// instance; from outside, a repeatable section's field can only be summed (`sum(tourist.age)`).
public struct FormField: Hashable, Sendable, Codable {
  /// The field's identifier within its section (`"phone"`).
  public var id: String
  /// The label shown beside the field.
  public var label: String
  /// How the field is edited.
  ///
  /// Missing in JSON: `none` for a computed field, else `string`.
  public var inputType: InputType
  /// The hint shown in an empty field.
  public var placeholder: String?
  /// The validation rules, checked in order.
  public var rules: [FieldRule]
  /// Fields this field depends on beyond those its expressions name (for `action_url`: the
  /// values sent to the server).
  public var dependsOn: [String]
  /// An expression computing the field's value (`"offer.tour_price * count(tourist)"`).
  public var compute: String?
  /// A URL whose answer is the field's value (a field computed by the server).
  public var actionURL: String?
  /// A condition: the field is shown only while it holds.
  public var visibleIf: String?
  /// A condition: the field can be edited only while it holds.
  public var enabledIf: String?
  /// How the field looks (its label and value); ``FormStyle/plain`` when the schema gives none.
  public var style: FormStyle = .plain

  /// Creates a field.
  public init(
    id: String, label: String, inputType: InputType, placeholder: String? = nil,
    rules: [FieldRule] = [], dependsOn: [String] = [], compute: String? = nil,
    actionURL: String? = nil, visibleIf: String? = nil, enabledIf: String? = nil
  ) {
    self.id = id
    self.label = label
    self.inputType = inputType
    self.placeholder = placeholder
    self.rules = rules
    self.dependsOn = dependsOn
    self.compute = compute
    self.actionURL = actionURL
    self.visibleIf = visibleIf
    self.enabledIf = enabledIf
  }

  /// Whether the value is calculated (by an expression or by the server), not typed.
  public var isComputed: Bool { compute != nil || actionURL != nil }

  /// Whether the user can type into the field: an editable input type and not computed.
  public var isInput: Bool { !isComputed && inputType.isEditable }

  /// Decodes the JSON form; errors are ``FormSchemaError/invalidJSON(path:problem:)`` naming
  /// the field's identifier.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: SchemaKey.self)
    let id = try container.require(String.self, "id")
    do {
      self.id = id
      self.label = try container.optional(String.self, "label") ?? ""
      self.placeholder = try container.optional(String.self, "placeholder")
      self.dependsOn = try container.optional([String].self, "depends_on") ?? []
      self.compute = try container.optional(String.self, "compute")
      self.actionURL = try container.optional(String.self, "action_url")
      self.visibleIf = try container.optional(String.self, "visible_if")
      self.enabledIf = try container.optional(String.self, "enabled_if")
      self.style = try Self.style(in: container)
      let computed = compute != nil || actionURL != nil
      self.inputType =
        try container.optional(InputType.self, "input_type") ?? (computed ? .none : .string)
      let coded = try container.optional([RuleCoding].self, "rules") ?? []
      self.rules = coded.map(\.rule)
    } catch {
      throw FormSchemaError.within(id, error)
    }
  }

  /// Encodes the JSON form with snake_case keys.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: SchemaKey.self)
    try container.encode(id, forKey: SchemaKey("id"))
    try container.encode(label, forKey: SchemaKey("label"))
    try container.encode(inputType, forKey: SchemaKey("input_type"))
    try container.encodeIfPresent(placeholder, forKey: SchemaKey("placeholder"))
    if !rules.isEmpty {
      try container.encode(rules.map(RuleCoding.init), forKey: SchemaKey("rules"))
    }
    if !dependsOn.isEmpty { try container.encode(dependsOn, forKey: SchemaKey("depends_on")) }
    try container.encodeIfPresent(compute, forKey: SchemaKey("compute"))
    try container.encodeIfPresent(actionURL, forKey: SchemaKey("action_url"))
    try container.encodeIfPresent(visibleIf, forKey: SchemaKey("visible_if"))
    try container.encodeIfPresent(enabledIf, forKey: SchemaKey("enabled_if"))
    if style != .plain { try container.encode(style, forKey: SchemaKey("style")) }
  }

  /// The `style` of a section or field, with a part that does not decode named as
  /// `style.KEY`.
  static func style(in container: KeyedDecodingContainer<SchemaKey>) throws -> FormStyle {
    do {
      return try container.optional(FormStyle.self, "style") ?? .plain
    } catch let error as FormSchemaError {
      if case .invalidStyle(let path, let key, let value, let expected) = error, path.isEmpty {
        throw FormSchemaError.invalidStyle(
          path: "", key: "style." + key, value: value, expected: expected)
      }
      throw error
    }
  }
}

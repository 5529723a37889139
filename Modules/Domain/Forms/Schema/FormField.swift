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
  ///
  /// While a schema is checked, every problem is recorded and decoding goes on; an
  /// `input_type` this build does not know is a warning then.
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
    func optional(_ key: String) throws -> String? {
      try attempt(key, nil) { try container.optional(String.self, key) }
    }
    do {
      self.id = id
      self.label = try optional("label") ?? ""
      self.placeholder = try optional("placeholder")
      self.dependsOn = try attempt("depends_on", []) {
        try container.optional([String].self, "depends_on") ?? []
      }
      self.compute = try optional("compute")
      self.actionURL = try optional("action_url")
      self.visibleIf = try optional("visible_if")
      self.enabledIf = try optional("enabled_if")
      self.style = try Self.style(in: container, problems: problems)
      let computed = compute != nil || actionURL != nil
      self.inputType =
        try attempt("input_type", nil) { try container.optional(InputType.self, "input_type") }
        ?? (computed ? .none : .string)
      if let problems, inputType == .unsupported,
        let name = try? container.optional(String.self, "input_type")
      {
        problems.warn(.unknownInputType(path: "", name: name), at: container.path("input_type"))
      }
      if problems != nil {
        let coded = try attempt("rules", []) {
          try container.optional([CheckedElement<RuleCoding>].self, "rules") ?? []
        }
        // A rule that is not one keeps its place (as `required`, which compiles to nothing
        // to tell), so the paths of the next ones stay right; the schema does not load.
        self.rules = coded.map { $0.value?.rule ?? .required }
      } else {
        let coded = try container.optional([RuleCoding].self, "rules") ?? []
        self.rules = coded.map(\.rule)
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
  static func style(
    in container: KeyedDecodingContainer<SchemaKey>, problems: FormSchemaProblems?
  ) throws -> FormStyle {
    func named(_ error: FormSchemaError) -> FormSchemaError {
      guard case .invalidStyle(let path, let key, let value, let expected) = error, path.isEmpty
      else { return error }
      return .invalidStyle(path: "", key: "style." + key, value: value, expected: expected)
    }
    guard let problems else {
      do {
        return try container.optional(FormStyle.self, "style") ?? .plain
      } catch let error as FormSchemaError {
        throw named(error)
      }
    }
    let mark = problems.mark
    let style = try FormSchemaProblems.attempt(
      problems, at: container.path("style"), fallback: .plain
    ) { try container.optional(FormStyle.self, "style") ?? .plain }
    problems.rewrite(from: mark, errors: named)
    return style
  }
}

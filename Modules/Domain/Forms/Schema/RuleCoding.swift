/// The JSON form of a ``FieldRule`` in a schema: a name (`"phone"`) or a one-key object
/// (`{"max_length": 50}`, `{"range": {"min": 1, "max": 9}}`); a `pattern` may carry the
/// designer's message beside it (`{"pattern": "^[A-Z]{3}[0-9]{2}$", "message": "As ABC12"}`).
///
/// ``FieldRule`` keeps its own synthesised `Codable`; schemas code rules through this type.
struct RuleCoding: Codable {
  var rule: FieldRule

  init(_ rule: FieldRule) { self.rule = rule }

  /// The rules written as a bare name.
  static let named: [String: FieldRule] = [
    "required": .required, "phone": .phone, "email": .email, "person_name": .personName,
    "birth_date": .birthDate, "citizenship": .citizenship, "passport_number": .passportNumber,
    "passport_expiry": .passportExpiry,
  ]

  init(from decoder: any Decoder) throws {
    if let name = try? decoder.singleValueContainer().decode(String.self) {
      let snake = SchemaKey.snakeCase(name)
      guard let rule = RuleCoding.named[snake] else {
        throw FormSchemaError.unknownRule(field: "", name: name)
      }
      self.rule = rule
      return
    }
    let container = try decoder.container(keyedBy: SchemaKey.self)
    let ruleKeys = container.allKeys.filter { SchemaKey.snakeCase($0.stringValue) != "message" }
    guard ruleKeys.count == 1, let key = ruleKeys.first else {
      // A rule object names one rule (`{"min_length": 2}`).
      throw FormSchemaError.invalidJSON(
        path: "", problem: .invalidValue(path: DecodingProblem.path(decoder.codingPath)))
    }
    let message = try container.optional(String.self, "message")
    if message != nil, SchemaKey.snakeCase(key.stringValue) != "pattern" {
      // Only a pattern says nothing specific by itself; a message elsewhere would be lost.
      throw FormSchemaError.invalidJSON(
        path: "",
        problem: .invalidValue(
          path: DecodingProblem.path(decoder.codingPath + [SchemaKey("message")])))
    }
    switch SchemaKey.snakeCase(key.stringValue) {
    case "min_length": self.rule = .minLength(try Self.length(in: container, key, "min_length"))
    case "max_length": self.rule = .maxLength(try Self.length(in: container, key, "max_length"))
    case "pattern":
      self.rule = .pattern(
        try container.decode(String.self, forKey: key), message: message.flatMap(Self.shown))
    case "range":
      let bounds = try container.nestedContainer(keyedBy: SchemaKey.self, forKey: key)
      self.rule = .range(
        min: try bounds.optional(Double.self, "min"), max: try bounds.optional(Double.self, "max"))
    default:
      throw FormSchemaError.unknownRule(field: "", name: key.stringValue)
    }
  }

  /// The most characters a `min_length` or `max_length` rule can name: more than anyone types
  /// into a booking form.
  static let lengthLimit = 10_000

  /// The length under `key`, or ``FormSchemaError/impossibleRule(field:rule:)`` when it is
  /// not a whole number from 0 to ``lengthLimit`` (a fraction, a negative or a huge number).
  private static func length(
    in container: KeyedDecodingContainer<SchemaKey>, _ key: SchemaKey, _ name: String
  ) throws -> Int {
    if let whole = try? container.decode(Int.self, forKey: key) {
      guard (0...lengthLimit).contains(whole) else {
        throw FormSchemaError.impossibleRule(field: "", rule: "\(name) \(whole)")
      }
      return whole
    }
    let value = try container.decode(Double.self, forKey: key)
    throw FormSchemaError.impossibleRule(field: "", rule: "\(name) \(number(value))")
  }

  /// A rule's number as written in a message: `50`, `2.5`, `1e+30`.
  static func number(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  /// The longest designer's `message` shown; a longer one is cut with `…`.
  static let maxMessageLength = 200

  /// A designer's `message` as one line to show (it is outside data, shown under the field:
  /// `String.lineToShow(maxLength:)`); `nil` when nothing is left (the generic "wrong
  /// format" is shown then).
  static func shown(_ message: String) -> String? {
    message.lineToShow(maxLength: maxMessageLength)
  }

  func encode(to encoder: any Encoder) throws {
    if let name = RuleCoding.named.first(where: { $0.value == rule })?.key {
      var container = encoder.singleValueContainer()
      try container.encode(name)
      return
    }
    var container = encoder.container(keyedBy: SchemaKey.self)
    switch rule {
    case .minLength(let length): try container.encode(length, forKey: SchemaKey("min_length"))
    case .maxLength(let length): try container.encode(length, forKey: SchemaKey("max_length"))
    case .pattern(let pattern, let message):
      try container.encode(pattern, forKey: SchemaKey("pattern"))
      try container.encodeIfPresent(message, forKey: SchemaKey("message"))
    case .range(let min, let max):
      var bounds = container.nestedContainer(keyedBy: SchemaKey.self, forKey: SchemaKey("range"))
      try bounds.encodeIfPresent(min, forKey: SchemaKey("min"))
      try bounds.encodeIfPresent(max, forKey: SchemaKey("max"))
    default:
      break
    }
  }
}

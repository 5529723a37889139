/// How many instances a repeatable section may have (the tourists: 1...4 by default).
///
/// The bounds can come from constants given to ``FormEngine``: when ``minConstant`` (or
/// ``maxConstant``) names a number among the engine's constants, that number is the bound;
/// otherwise ``min`` (or ``max``) is. The booking form takes them from `offer.min_tourists` and
/// `offer.max_tourists`, with the SPEC's defaults 1 and 4.
///
/// JSON: `{"min": 1, "max": 4, "min_constant": "offer.min_tourists",
/// "max_constant": "offer.max_tourists"}`.
public struct RepeatBounds: Hashable, Sendable, Codable {
  /// The fewest instances, unless ``minConstant`` gives it.
  public var min: Int
  /// The most instances, unless ``maxConstant`` gives it.
  public var max: Int
  /// The constant holding the fewest instances, if any.
  public var minConstant: String?
  /// The constant holding the most instances, if any.
  public var maxConstant: String?

  /// Creates bounds.
  public init(min: Int, max: Int, minConstant: String? = nil, maxConstant: String? = nil) {
    self.min = min
    self.max = max
    self.minConstant = minConstant
    self.maxConstant = maxConstant
  }

  /// Decodes snake_case (or camelCase) keys; unknown keys are ignored.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: SchemaKey.self)
    self.min = try container.require(Int.self, "min")
    self.max = try container.require(Int.self, "max")
    self.minConstant = try container.optional(String.self, "min_constant")
    self.maxConstant = try container.optional(String.self, "max_constant")
  }

  /// Encodes snake_case keys.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: SchemaKey.self)
    try container.encode(min, forKey: SchemaKey("min"))
    try container.encode(max, forKey: SchemaKey("max"))
    try container.encodeIfPresent(minConstant, forKey: SchemaKey("min_constant"))
    try container.encodeIfPresent(maxConstant, forKey: SchemaKey("max_constant"))
  }
}

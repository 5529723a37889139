/// A coding key for the schema's JSON: snake_case names, also found in camelCase so that a
/// decoder using `.convertFromSnakeCase` decodes the same schema.
struct SchemaKey: CodingKey, Hashable {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ name: String) { self.stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }

  /// `input_type` -> `inputType`.
  var camelCase: SchemaKey {
    let parts = stringValue.split(separator: "_")
    guard parts.count > 1, let first = parts.first else { return self }
    return SchemaKey(
      String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())
  }
}

extension KeyedDecodingContainer where Key == SchemaKey {
  /// The value under `name` (snake_case, or its camelCase form), or `nil` when absent or null.
  func optional<T: Decodable>(_ type: T.Type, _ name: String) throws -> T? {
    let key = SchemaKey(name)
    if contains(key) { return try decodeIfPresent(type, forKey: key) }
    let camel = key.camelCase
    if camel != key, contains(camel) { return try decodeIfPresent(type, forKey: camel) }
    return nil
  }

  /// The value under `name`; a missing key throws `keyNotFound` naming the snake_case key.
  func require<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
    guard let value = try optional(type, name) else {
      throw DecodingError.keyNotFound(
        SchemaKey(name),
        DecodingError.Context(codingPath: codingPath, debugDescription: "missing key '\(name)'"))
    }
    return value
  }
}

extension SchemaKey {
  /// `inputType` -> `input_type`; snake_case names are unchanged.
  static func snakeCase(_ name: String) -> String {
    var result = ""
    for character in name {
      if character.isUppercase {
        result += "_" + character.lowercased()
      } else {
        result.append(character)
      }
    }
    return result
  }
}

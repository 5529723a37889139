// TODO(issue 3): sections, fields, rules, expressions, decoding.
/// A booking form described as data (SPEC section 6).
public struct FormSchema: Hashable, Sendable, Codable {
  /// The schema format's version.
  public var version: Int

  /// Creates a schema.
  public init(version: Int) { self.version = version }
}

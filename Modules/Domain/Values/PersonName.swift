/// A first or last name: letters of any script, spaces, hyphens and apostrophes, 1 to 50 characters.
public struct PersonName: Hashable, Sendable, Codable {
  /// The name without surrounding white space.
  public let rawValue: String

  /// Validates `text`.
  /// - Throws: the specific ``ValidationError`` of the name rule.
  public init(_ text: String) throws(ValidationError) {
    // TODO(issue 2): full rule and messages.
    let trimmed = text.trimmingWhitespace()
    guard !trimmed.isEmpty else { throw .required }
    rawValue = trimmed
  }
}

/// An e-mail address that passed the e-mail rule of SPEC section 4.
public struct EmailAddress: Hashable, Sendable, Codable {
  /// The address as typed, without surrounding white space.
  public let rawValue: String

  /// Validates `text`.
  /// - Throws: the specific ``ValidationError`` of the e-mail rule.
  public init(_ text: String) throws(ValidationError) {
    // TODO(issue 2): full rule and messages.
    guard text.contains("@") else { throw .emailMissingAt }
    rawValue = text.trimmingWhitespace()
  }
}

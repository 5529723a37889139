/// A passport number: 5 to 20 letters or digits, spaces ignored.
public struct PassportNumber: Hashable, Sendable, Codable {
  /// The letters and digits, without spaces.
  public let rawValue: String

  /// Validates `text`.
  /// - Throws: the specific ``ValidationError`` of the passport rule.
  public init(_ text: String) throws(ValidationError) {
    // TODO(issue 2): full rule and messages.
    let compact = text.filter { !$0.isWhitespace }
    guard !compact.isEmpty else { throw .required }
    rawValue = compact
  }

  /// The last four characters behind bullets (`•••• 3456`), for anywhere outside the form.
  public var masked: String { "•••• " + rawValue.suffix(4) }
}

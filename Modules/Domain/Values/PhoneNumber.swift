/// A phone number that passed the phone rule of SPEC section 4.
///
/// Russian numbers (10 digits, or 11 starting with 7 or 8) are normalised to `+7XXXXXXXXXX`
/// and shown as `+7 (916) 123-45-67`; other numbers written with `+` and 10 to 15 digits are
/// international.
public struct PhoneNumber: Hashable, Sendable, Codable {
  /// The number in E.164 form (`+79161234567`).
  public let e164: String

  /// Validates and normalises `text` as typed.
  /// - Throws: the specific ``ValidationError`` of the phone rule.
  public init(_ text: String) throws(ValidationError) {
    // TODO(issue 2): full rule and messages.
    let digits = text.filter(\.isASCIIDigit)
    guard digits.count >= 10 else { throw .phoneIncomplete }
    e164 = "+" + (digits.count == 10 ? "7" + digits : "7" + digits.dropFirst())
  }
}

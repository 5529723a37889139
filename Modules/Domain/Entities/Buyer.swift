/// The person who pays: how to reach them.
public struct Buyer: Hashable, Sendable, Codable {
  /// The buyer's phone.
  public var phone: PhoneNumber
  /// The buyer's e-mail.
  public var email: EmailAddress

  /// Creates a buyer.
  public init(phone: PhoneNumber, email: EmailAddress) {
    self.phone = phone
    self.email = email
  }
}

/// One traveller, as the booking form collects them.
public struct Tourist: Hashable, Sendable, Codable {
  /// Given name.
  public var firstName: PersonName
  /// Family name.
  public var lastName: PersonName
  /// Date of birth.
  public var birthDate: CalendarDate
  /// Citizenship, as typed.
  public var citizenship: String
  /// Passport number.
  public var passportNumber: PassportNumber
  /// The passport's expiry date (after the tour's last day).
  public var passportExpiry: CalendarDate

  /// Creates a tourist.
  public init(
    firstName: PersonName, lastName: PersonName, birthDate: CalendarDate, citizenship: String,
    passportNumber: PassportNumber, passportExpiry: CalendarDate
  ) {
    self.firstName = firstName
    self.lastName = lastName
    self.birthDate = birthDate
    self.citizenship = citizenship
    self.passportNumber = passportNumber
    self.passportExpiry = passportExpiry
  }
}

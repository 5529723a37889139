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

  /// How a tourist is named outside the form being filled (a list of saved orders, `hotel
  /// orders`), where personal data is not shown in full (SPEC section 8): the first name and
  /// the last name's initial.
  ///
  /// ```swift
  /// tourist.shortName  // "Ivan P." for Ivan Petrov
  /// ```
  public var shortName: String {
    firstName.rawValue + (lastName.rawValue.first.map { " \($0)." } ?? "")
  }
}

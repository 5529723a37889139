import Domain
import Testing

/// The birth date and passport expiry rules, with an injected "today" and trip end.
@Suite struct DateRuleTests {
  static let today = CalendarDate.on(2025, 6, 15)
  static let tripEnd = CalendarDate.on(2027, 9, 27)
  static let context = ValidationContext(today: today, tripEnd: tripEnd)

  static let birthDates: [(text: String, error: ValidationError?)] = [
    ("14.06.2025", nil),
    ("2025-06-14", nil),
    ("15.06.2025", .birthDateNotInPast),
    ("2025-06-15", .birthDateNotInPast),
    ("16.06.2025", .birthDateNotInPast),
    ("01.01.2099", .birthDateNotInPast),
    ("15.06.1905", nil),
    ("1905-06-15", nil),
    ("14.06.1905", .birthDateTooOld(years: 120)),
    ("01.01.0001", .birthDateTooOld(years: 120)),
    ("29.02.2024", nil),
    ("29.02.2023", .dateNotReal),
    ("31.02.2000", .dateNotReal),
    ("30.04.1990", nil),
    ("31.04.1990", .dateNotReal),
    ("32.01.1990", .dateNotReal),
    ("1990-13-01", .dateNotReal),
    ("1.1.1990", .dateFormat),
    ("01011990", .dateFormat),
    ("yesterday", .dateFormat),
    ("01.01.1990 12:00", .dateFormat),
  ]

  @Test(arguments: birthDates)
  func birthDate(text: String, error: ValidationError?) {
    #expect(FieldRule.birthDate.validate(text, in: Self.context) == error)
  }

  @Test func theOldestBirthDateFollowsALeapDayToday() {
    let leapToday = CalendarDate.on(2024, 2, 29)
    let context = ValidationContext(today: leapToday)
    #expect(FieldRule.birthDate.validate("29.02.1904", in: context) == nil)
    #expect(
      FieldRule.birthDate.validate("28.02.1904", in: context) == .birthDateTooOld(years: 120))
    #expect(FieldRule.birthDate.validate("28.02.2024", in: context) == nil)
    #expect(FieldRule.birthDate.validate("29.02.2024", in: context) == .birthDateNotInPast)
  }

  static let expiries: [(text: String, error: ValidationError?)] = [
    ("28.09.2027", nil),
    ("2027-09-28", nil),
    ("01.01.2040", nil),
    ("27.09.2027", .passportExpiresOnTripEnd(tripEnd: tripEnd)),
    ("2027-09-27", .passportExpiresOnTripEnd(tripEnd: tripEnd)),
    ("26.09.2027", .passportExpiresBeforeTripEnd(tripEnd: tripEnd)),
    ("01.01.2020", .passportExpiresBeforeTripEnd(tripEnd: tripEnd)),
    ("29.02.2028", nil),
    ("29.02.2029", .dateNotReal),
    ("31.09.2027", .dateNotReal),
    ("28.9.2027", .dateFormat),
    ("never", .dateFormat),
  ]

  @Test(arguments: expiries)
  func passportExpiry(text: String, error: ValidationError?) {
    #expect(FieldRule.passportExpiry.validate(text, in: Self.context) == error)
  }

  @Test func theTripEndComesFromTheOffer() {
    let rule = PriceRule(
      tourPrice: Money(289_400), fuelCharge: Money(9_300), serviceCharge: Money(2_150))
    let offer = TourDates(start: .on(2027, 9, 19), stop: Self.tripEnd).map {
      BookingOffer(
        id: 2, roomID: 2, hotelName: "Steigenberger Makadi", hotelAddress: "Madinat Makadi",
        rating: 5, ratingName: "Excellent", departure: "Moscow", arrivalCountry: "Egypt",
        tourDates: $0, numberOfNights: 7, room: "Suite", nutrition: "All inclusive", prices: rule)
    }
    #expect(offer != nil)
    #expect(ValidationContext(today: Self.today, offer: offer) == Self.context)
    #expect(ValidationContext(today: Self.today, offer: nil).tripEnd == nil)
  }

  @Test func withoutATripOnlyARealDateIsNeeded() {
    let context = ValidationContext(today: Self.today)
    #expect(FieldRule.passportExpiry.validate("27.09.2027", in: context) == nil)
    #expect(FieldRule.passportExpiry.validate("31.02.2027", in: context) == .dateNotReal)
  }
}

import Domain
import Foundation
import Testing

@Suite struct BookingFormTests {
  static func offer(limits: ClosedRange<Int>) throws -> BookingOffer {
    let start = try #require(CalendarDate(year: 2027, month: 9, day: 19))
    let stop = try #require(CalendarDate(year: 2027, month: 9, day: 27))
    let dates = try #require(TourDates(start: start, stop: stop))
    return BookingOffer(
      id: 1, roomID: 2, hotelName: "Steigenberger Makadi", hotelAddress: "Madinat Makadi",
      rating: 5, ratingName: "Excellent", departure: "Moscow", arrivalCountry: "Egypt",
      tourDates: dates, numberOfNights: 7, room: "Suite", nutrition: "All inclusive",
      prices: PriceRule(
        tourPrice: Money(289_400), fuelCharge: Money(9_300), serviceCharge: Money(2_150)),
      touristLimits: limits)
  }

  func engine(language: Language = .en, limits: ClosedRange<Int> = 1...4) throws -> FormEngine {
    try FormEngine(
      schema: .booking(language: language),
      constants: FormSchema.bookingConstants(for: try Self.offer(limits: limits)))
  }

  @Test func producesTheFieldsOfSpecSection4() throws {
    let state = try engine().makeState()
    #expect(
      state.fieldPaths == [
        "buyer.phone", "buyer.email",
        "tourist.1.firstName", "tourist.1.lastName", "tourist.1.birthDate",
        "tourist.1.citizenship", "tourist.1.passportNumber", "tourist.1.passportExpiry",
        "price.tour", "price.fuelCharge", "price.serviceCharge", "price.total",
      ])
    #expect(state.inputFieldPaths.count == 8)
    #expect(state.field("buyer.phone")?.rules == [.required, .phone])
    #expect(state.field("buyer.email")?.rules == [.required, .email])
    #expect(state.field("tourist.1.birthDate")?.inputType == .date)
    #expect(state.field("tourist.1.passportExpiry")?.rules.contains(.passportExpiry) == true)
    #expect(state.field("price.total")?.inputType == InputType.none)
    #expect(!state.isEnabled("price.total"))
    #expect(state.isEnabled("tourist.1.firstName"))
    #expect(state.schema.sections.map(\.collapsible) == [false, true, true])
  }

  @Test(arguments: [(1, 289_400.0, 9_300.0, 300_850.0), (2, 578_800, 18_600, 599_550)])
  func priceLinesAndTotal(tourists: Int, tour: Double, fuel: Double, total: Double) throws {
    let state = try engine().makeState(repeatCounts: ["tourist": tourists])
    #expect(state.value("price.tour") == .number(tour))
    #expect(state.value("price.fuelCharge") == .number(fuel))
    #expect(state.value("price.serviceCharge") == .number(2_150))
    #expect(state.value("price.total") == .number(total))
    #expect(state.text("price.total") == FormValue.number(total).displayText)
  }

  @Test func addingATouristUpdatesThePrice() throws {
    var state = try engine().makeState()
    #expect(state.text("price.total") == "300850")
    _ = try state.appendRepeat("tourist")
    #expect(state.text("price.total") == "599550")
  }

  @Test func aKeystrokeTouchesOnlyItsField() throws {
    var state = try engine().makeState(repeatCounts: ["tourist": 4])
    #expect(state.setText("I", at: "tourist.4.firstName") == ["tourist.4.firstName"])
    #expect(state.setText("+7 9", at: "buyer.phone") == ["buyer.phone"])
  }

  @Test func touristBoundsComeFromTheOffer() throws {
    let engine = try engine(limits: 2...3)
    #expect(engine.repeatBounds("tourist") == 2...3)
    #expect(engine.makeState().repeatCount("tourist") == 2)
  }

  @Test(arguments: [
    (
      Language.en,
      [
        "Phone number", "Email", "First name", "Last name", "Date of birth", "Citizenship",
        "Passport number", "Passport expiry date", "Tour", "Fuel charge", "Service charge",
        "Total to pay",
      ]
    ),
    (
      .ru,
      [
        "Номер телефона", "Почта", "Имя", "Фамилия", "Дата рождения", "Гражданство",
        "Номер загранпаспорта", "Срок действия загранпаспорта", "Тур", "Топливный сбор",
        "Сервисный сбор", "К оплате",
      ]
    ),
  ])
  func labels(language: Language, expected: [String]) {
    let labels = FormSchema.booking(language: language).sections.flatMap(\.fields).map(\.label)
    #expect(labels == expected)
  }

  @Test func requiredFieldsAreReported() throws {
    let state = try engine().makeState()
    let context = ValidationContext(today: try #require(CalendarDate(year: 2026, month: 1, day: 1)))
    let errors = state.validationErrors(in: context)
    #expect(Set(errors.keys) == Set(state.inputFieldPaths))
    #expect(errors.values.allSatisfy { $0 == .required })
  }

  @Test func fieldsAreCheckedByTheirRules() throws {
    var state = try engine().makeState()
    let offer = try Self.offer(limits: 1...4)
    let context = ValidationContext(
      today: try #require(CalendarDate(year: 2026, month: 1, day: 1)), offer: offer)
    _ = state.setText("+7 (916) 123-45-67", at: "buyer.phone")
    _ = state.setText("ivan@", at: "buyer.email")
    _ = state.setText("27.09.2027", at: "tourist.1.passportExpiry")
    _ = state.setText("Ivan3", at: "tourist.1.firstName")
    #expect(state.validate("buyer.phone", in: context) == nil)
    #expect(state.validate("buyer.email", in: context) != nil)
    #expect(state.validate("tourist.1.firstName", in: context) == .nameInvalidCharacter("3"))
    #expect(
      state.validate("tourist.1.passportExpiry", in: context)
        == .passportExpiresOnTripEnd(tripEnd: offer.tourDates.stop))
    _ = state.setText("28.09.2027", at: "tourist.1.passportExpiry")
    #expect(state.validate("tourist.1.passportExpiry", in: context) == nil)
    #expect(state.validate("price.total", in: context) == nil)
  }

  @Test func constantsComeFromTheOffer() throws {
    let constants = FormSchema.bookingConstants(for: try Self.offer(limits: 1...4))
    #expect(constants["offer.tour_price"] == .number(289_400))
    #expect(constants["offer.fuel_charge"] == .number(9_300))
    #expect(constants["offer.service_charge"] == .number(2_150))
    #expect(constants["offer.min_tourists"] == .number(1))
    #expect(constants["offer.max_tourists"] == .number(4))
  }
}

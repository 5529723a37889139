import Domain
import Foundation

/// The fixture content of SPEC section 3 that the in-process benchmarks work on.
enum Samples {
  static let tourDates: TourDates = {
    guard let start = CalendarDate(year: 2027, month: 9, day: 19),
      let stop = CalendarDate(year: 2027, month: 9, day: 27),
      let dates = TourDates(start: start, stop: stop)
    else { preconditionFailure("the sample tour dates are valid") }
    return dates
  }()

  static let hotel = Hotel(
    id: 1, name: "Steigenberger Makadi", address: "Madinat Makadi, Safaga Road, Makadi Bay, Egypt",
    minimalPrice: Money(134_268), priceForIt: "for a tour with flight", rating: 5,
    ratingName: "Excellent",
    imageURLs: [
      "https://example.com/1.jpg", "https://example.com/2.jpg", "https://example.com/3.jpg",
    ],
    description: "The hotel is in a quiet bay by the sea.",
    peculiarities: ["Free Wi-Fi throughout the hotel", "1 km to the beach", "Free fitness club"])

  static let rooms = [
    Room(
      id: 1, name: "Standard room with view", price: Money(186_600),
      pricePer: "For 7 nights with flight", peculiarities: ["All inclusive", "Air conditioning"],
      imageURLs: ["https://example.com/r1.jpg"]),
    Room(
      id: 2, name: "Deluxe room with sea view", price: Money(289_400),
      pricePer: "For 7 nights with flight", peculiarities: ["All inclusive", "Air conditioning"],
      imageURLs: ["https://example.com/r2.jpg"]),
  ]

  static let offer = BookingOffer(
    id: 2, roomID: 2, hotelName: "Steigenberger Makadi",
    hotelAddress: "Madinat Makadi, Safaga Road",
    rating: 5, ratingName: "Excellent", departure: "Moscow", arrivalCountry: "Egypt, Hurghada",
    tourDates: tourDates, numberOfNights: 7, room: "Deluxe room with sea view",
    nutrition: "All inclusive",
    prices: PriceRule(
      tourPrice: Money(289_400), fuelCharge: Money(9_300), serviceCharge: Money(2_150)))

  /// An order of `tourists` tourists with `number` (each saved order gets its own number).
  static func order(number: Int, tourists: Int = 2) throws -> Order {
    let tourist = try Tourist(
      firstName: PersonName("Ivan"), lastName: PersonName("Ivanov"),
      birthDate: CalendarDate(parsing: "01.02.1990"), citizenship: "Russia",
      passportNumber: PassportNumber("4510 123456"),
      passportExpiry: CalendarDate(parsing: "01.02.2035"))
    let request = OrderRequest(
      offer: offer,
      buyer: Buyer(
        phone: try PhoneNumber("+7 (916) 123-45-67"), email: try EmailAddress("ivan@example.com")),
      tourists: Array(repeating: tourist, count: tourists))
    return Order(
      number: number, idempotencyKey: "bench-\(number)",
      placedAt: Date(timeIntervalSince1970: 1_800_000_000), request: request)
  }
}

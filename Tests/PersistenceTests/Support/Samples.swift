import Domain
import Foundation
import Testing
import UseCases

/// Sample values for the store tests (built through the Domain initialisers, so they are valid).
enum Samples {
  /// The booking offer for room 2 of the fixture (289 400 ₽, 19.09.2027 to 27.09.2027).
  static func offer() throws -> BookingOffer {
    let start = try CalendarDate(parsing: "19.09.2027")
    let stop = try CalendarDate(parsing: "27.09.2027")
    let dates = try #require(TourDates(start: start, stop: stop))
    return BookingOffer(
      id: 2, roomID: 2, hotelName: "Steigenberger Makadi",
      hotelAddress: "Madinat Makadi, Safaga Road, Makadi Bay, Egypt", rating: 5,
      ratingName: "Excellent", departure: "Moscow", arrivalCountry: "Egypt, Hurghada",
      tourDates: dates, numberOfNights: 7, room: "Suite with a sea view",
      nutrition: "All inclusive",
      prices: PriceRule(
        tourPrice: Money(289_400), fuelCharge: Money(9_300), serviceCharge: Money(2_150)))
  }

  /// One tourist.
  static func tourist(_ firstName: String = "Ivan") throws -> Tourist {
    Tourist(
      firstName: try PersonName(firstName), lastName: try PersonName("Petrov"),
      birthDate: try CalendarDate(parsing: "17.05.1990"), citizenship: "Russia",
      passportNumber: try PassportNumber("4510 123456"),
      passportExpiry: try CalendarDate(parsing: "01.01.2030"))
  }

  /// An order with `number`, idempotency key `key` and a whole-second time `second`s after a
  /// fixed instant.
  static func order(_ number: Int, key: String? = nil, second: Int = 0) throws -> Order {
    Order(
      number: number, idempotencyKey: key ?? "key-\(number)",
      placedAt: Date(timeIntervalSince1970: 1_789_000_000 + Double(second)),
      request: OrderRequest(
        offer: try offer(),
        buyer: Buyer(
          phone: try PhoneNumber("+79161234567"), email: try EmailAddress("ivan@example.com")),
        tourists: [try tourist()]))
  }

  /// A draft on the booking screen with `text` typed as the first tourist's first name.
  static func draft(_ text: String) -> BookingDraft {
    BookingDraft(
      stack: [.hotel, .rooms, .booking(roomID: 2)],
      fields: ["tourist.1.firstName": text, "buyer.phone": "+7 (916) 123-45-67"],
      touristCount: 2)
  }
}

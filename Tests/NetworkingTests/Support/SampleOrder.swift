import Domain
import Foundation
import Testing

/// A complete order for room 2 with one tourist (valid under the Domain's rules).
func sampleOrder() throws -> OrderRequest {
  let start = try CalendarDate(parsing: "19.09.2027")
  let stop = try CalendarDate(parsing: "27.09.2027")
  let dates = try #require(TourDates(start: start, stop: stop))
  let offer = BookingOffer(
    id: 2, roomID: 2, hotelName: "The best five-star hotel in Hurghada, Egypt",
    hotelAddress: "Madinat Makadi, Safaga Road, Makadi Bay, Egypt", rating: 5,
    ratingName: "Excellent", departure: "Moscow", arrivalCountry: "Egypt, Hurghada",
    tourDates: dates, numberOfNights: 7, room: "Deluxe room with sea view",
    nutrition: "All inclusive",
    prices: PriceRule(
      tourPrice: Money(289_400), fuelCharge: Money(9_300), serviceCharge: Money(2_150)))
  let tourist = Tourist(
    firstName: try PersonName("Ivan"), lastName: try PersonName("Petrov"),
    birthDate: try CalendarDate(parsing: "01.02.1990"), citizenship: "Russia",
    passportNumber: try PassportNumber("12 3456789"),
    passportExpiry: try CalendarDate(parsing: "01.02.2030"))
  return OrderRequest(
    offer: offer,
    buyer: Buyer(
      phone: try PhoneNumber("+7 (916) 123-45-67"), email: try EmailAddress("ivan@example.com")),
    tourists: [tourist])
}

import Domain
import Foundation
import Testing

@testable import HotelCLI

@Suite struct OrderListingTests {
  static func order(hotelName: String = "Steigenberger Makadi") throws -> Order {
    let start = try CalendarDate(parsing: "19.09.2027")
    let stop = try CalendarDate(parsing: "27.09.2027")
    let dates = try #require(TourDates(start: start, stop: stop))
    let offer = BookingOffer(
      id: 2, roomID: 2, hotelName: hotelName, hotelAddress: "Makadi Bay", rating: 5,
      ratingName: "Excellent", departure: "Moscow", arrivalCountry: "Egypt", tourDates: dates,
      numberOfNights: 7, room: "Deluxe room with a sea view", nutrition: "All inclusive",
      prices: PriceRule(
        tourPrice: Money(289_400), fuelCharge: Money(9_300), serviceCharge: Money(2_150)))
    let tourist = Tourist(
      firstName: try PersonName("Ivan"), lastName: try PersonName("Petrov"),
      birthDate: try CalendarDate(parsing: "1990-02-01"), citizenship: "Russia",
      passportNumber: try PassportNumber("45 12 345678"),
      passportExpiry: try CalendarDate(parsing: "2030-01-01"))
    let buyer = Buyer(
      phone: try PhoneNumber("+7 (916) 123-45-67"), email: try EmailAddress("ivan@example.com"))
    return Order(
      number: 101, idempotencyKey: "key-1", placedAt: Date(timeIntervalSince1970: 1_795_000_000),
      request: OrderRequest(offer: offer, buyer: buyer, tourists: [tourist]))
  }

  @Test func textMasksPersonalData() throws {
    let text = OrderListing.text([try Self.order()], dataDirectory: "/d")
    #expect(
      text == """
        Order №101 · placed 2026-11-18 11:06 UTC
          Steigenberger Makadi · Deluxe room with a sea view
          19.09.2027 – 27.09.2027, 7 nights · 1 tourist · 300 850 ₽
          Buyer: phone •••• 4567, e-mail i•••@example.com
          Tourists: Ivan P. (passport •••• 5678)
        """)
    #expect(!text.contains("345678"))
    #expect(!text.contains("123-45-67"))
    #expect(!text.contains("Petrov"))
  }

  @Test func jsonMasksPersonalData() throws {
    let json = OrderListing.json([try Self.order()])
    let data = try #require(json.data(using: .utf8))
    let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    let first = try #require(array.first)
    #expect(first["number"] as? Int == 101)
    #expect(first["phone"] as? String == "•••• 4567")
    #expect(first["passports"] as? [String] == ["•••• 5678"])
    #expect(first["total"] as? Int == 300_850)
    #expect(!json.contains("345678") && !json.contains("Petrov") && !json.contains("ivan@"))
  }

  @Test func noOrders() {
    #expect(OrderListing.text([], dataDirectory: "/d") == "No saved orders in /d.")
    #expect(OrderListing.json([]) == "[]")
  }

  @Test func hostileHotelNameIsNeutralised() throws {
    let text = OrderListing.text([try Self.order(hotelName: "Evil\u{1B}[2J")], dataDirectory: "/d")
    #expect(!text.contains("\u{1B}"))
  }

  @Test(arguments: [
    (0, "0 ₽"), (999, "999 ₽"), (1_000, "1 000 ₽"), (300_850, "300 850 ₽"),
    (1_234_567, "1 234 567 ₽"),
  ])
  func money(amount: Int, expected: String) {
    #expect(OrderListing.money(Money(amount)) == expected)
  }
}

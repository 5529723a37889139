import Domain
import Foundation
import Testing

@testable import HotelCLI

@Suite struct OrderListingTests {
  static func order(
    hotelName: String = "Steigenberger Makadi", nights: Int = 7, tourists touristCount: Int = 1
  ) throws -> Order {
    let start = try CalendarDate(parsing: "19.09.2027")
    let stop = try CalendarDate(parsing: "27.09.2027")
    let dates = try #require(TourDates(start: start, stop: stop))
    let offer = BookingOffer(
      id: 2, roomID: 2, hotelName: hotelName, hotelAddress: "Makadi Bay", rating: 5,
      ratingName: "Excellent", departure: "Moscow", arrivalCountry: "Egypt", tourDates: dates,
      numberOfNights: nights, room: "Deluxe room with a sea view", nutrition: "All inclusive",
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
      request: OrderRequest(
        offer: offer, buyer: buyer,
        tourists: Array(repeating: tourist, count: touristCount)))
  }

  @Test func textMasksPersonalData() throws {
    let text = OrderListing.lines([try Self.order()], dataDirectory: "/d", language: .en).written
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

  /// A server whose total (0 ₽, or another currency) is not the 300 850 ₽ shown on Pay: the total
  /// shown when paying follows it, in the text and the JSON.
  ///
  /// A total that agrees adds nothing.
  @Test(arguments: [
    (Language.en, Money(0), "0 ₽", "  Total shown when you paid: 300 850 ₽"),
    (
      .ru, Money(300_850, currency: "USD"), "300 850 USD",
      "  Сумма, показанная при оплате: 300 850 ₽"
    ),
  ])
  func aServerTotalUnlikeTheOneShownListsBoth(
    language: Language, serverTotal: Money, total: String, shownLine: String
  ) throws {
    var order = try Self.order()
    order.request.form["price.total"] = "300850"
    order.serverTotal = serverTotal
    let lines = OrderListing.lines([order], dataDirectory: "/d", language: language).written
      .split(separator: "\n").map(String.init)
    #expect(lines.count == 6, "\(lines)")
    #expect(lines[2].hasSuffix(" · " + total))
    #expect(lines[3] == shownLine)
    let json = OrderListing.json([order])
    #expect(json.contains(#""shownCurrency" : "RUB""#), "\(json)")
    #expect(json.contains(#""shownTotal" : 300850"#), "\(json)")
    order.serverTotal = Money(300_850)
    let agreeing = OrderListing.lines([order], dataDirectory: "/d", language: language).written
    #expect(agreeing.split(separator: "\n").count == 5, "\(agreeing)")
    #expect(!OrderListing.json([order]).contains("shown"))
  }

  @Test func russianTextHasRussianWordsAndTheSameMasking() throws {
    let text = OrderListing.lines([try Self.order()], dataDirectory: "/d", language: .ru).written
    #expect(
      text == """
        Заказ №101 · оформлен 2026-11-18 11:06 UTC
          Steigenberger Makadi · Deluxe room with a sea view
          19.09.2027 – 27.09.2027, 7 ночей · 1 турист · 300 850 ₽
          Покупатель: телефон •••• 4567, эл. почта i•••@example.com
          Туристы: Ivan P. (паспорт •••• 5678)
        """)
    #expect(!text.contains("345678") && !text.contains("123-45-67") && !text.contains("Petrov"))
    for english in ["Order", "placed", "nights", "tourist", "Buyer", "phone", "passport"] {
      #expect(!text.contains(english), "\(english)")
    }
  }

  @Test(arguments: [
    (Language.en, 1, 1, "1 night · 1 tourist"), (.en, 2, 3, "2 nights · 3 tourists"),
    (.ru, 1, 1, "1 ночь · 1 турист"), (.ru, 2, 2, "2 ночи · 2 туриста"),
    (.ru, 4, 4, "4 ночи · 4 туриста"), (.ru, 5, 5, "5 ночей · 5 туристов"),
    (.ru, 11, 10, "11 ночей · 10 туристов"), (.ru, 14, 1, "14 ночей · 1 турист"),
    (.ru, 21, 1, "21 ночь · 1 турист"), (.ru, 22, 1, "22 ночи · 1 турист"),
    (.ru, 111, 1, "111 ночей · 1 турист"),
  ])
  func nightsAndTouristsAgreeWithTheirNumber(
    language: Language, nights: Int, tourists: Int, expected: String
  ) throws {
    let order = try Self.order(nights: nights, tourists: tourists)
    let text = OrderListing.lines([order], dataDirectory: "/d", language: language).written
    #expect(text.contains(", " + expected + " · "), "\(text)")
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

  @Test func theServersTotalIsListed() throws {
    var order = try Self.order()
    order.serverTotal = Money(275_410)
    #expect(
      OrderListing.lines([order], dataDirectory: "/d", language: .en).written.contains("275 410 ₽"))
    let json = OrderListing.json([order])
    let data = try #require(json.data(using: .utf8))
    let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    #expect(array.first?["total"] as? Int == 275_410)
  }

  @Test func noOrders() {
    #expect(
      OrderListing.lines([], dataDirectory: "/d", language: .en).written == "No saved orders in /d."
    )
    #expect(
      OrderListing.lines([], dataDirectory: "/d", language: .ru).written
        == "Нет сохранённых заказов в /d.")
    #expect(OrderListing.json([]) == "[]")
  }

  @Test(arguments: [Language.en, .ru])
  func hostileTextIsNeutralised(language: Language) throws {
    let order = try Self.order(hotelName: "Evil\u{1B}[2J")
    let text = OrderListing.lines([order], dataDirectory: "/d", language: language).written
    #expect(!text.contains("\u{1B}"))
    let empty = OrderListing.lines([], dataDirectory: "/tmp/\u{1B}[2J", language: language).written
    #expect(!empty.contains("\u{1B}"))
  }

  @Test(arguments: [
    (0, "0 ₽"), (999, "999 ₽"), (1_000, "1 000 ₽"), (300_850, "300 850 ₽"),
    (1_234_567, "1 234 567 ₽"),
  ])
  func money(amount: Int, expected: String) {
    #expect(OrderListing.money(Money(amount)) == expected)
  }
}

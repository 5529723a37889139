import Domain
import Foundation
import Testing
import UseCases

@testable import Networking

@Suite("DTOs: the public test-task payloads decode; broken ones name the field")
struct DTOMappingTests {
  /// A payload for one of the GET endpoints.
  enum Payload: Sendable, CustomTestStringConvertible {
    case hotel(String)
    case rooms(String)
    case booking(String)

    var testDescription: String {
      switch self {
      case .hotel(let text), .rooms(let text), .booking(let text): String(text.prefix(60))
      }
    }

    func decodeError() -> APIError? {
      let data = Data(
        {
          switch self {
          case .hotel(let text), .rooms(let text), .booking(let text): text
          }
        }().utf8)
      do {
        switch self {
        case .hotel: _ = try Endpoint<Hotel>.hotel.decode(data)
        case .rooms: _ = try Endpoint<[Room]>.rooms.decode(data)
        case .booking: _ = try Endpoint<BookingOffer>.booking(roomID: 2).decode(data)
        }
        return nil
      } catch {
        return error
      }
    }
  }

  @Test("The hotel payload decodes")
  func hotel() throws {
    let hotel = try Endpoint<Hotel>.hotel.decode(Data(SamplePayloads.hotel.utf8))
    #expect(hotel.address == "Madinat Makadi, Safaga Road, Makadi Bay, Египет")
    #expect(hotel.minimalPrice == Money(134_268, currency: "RUB"))
    #expect(hotel.ratingName == "Превосходно")
    #expect(hotel.imageURLs.count == 3)
    #expect(hotel.peculiarities.first == "Бесплатный Wifi на всей территории отеля")
    #expect(hotel.description.hasSuffix("Отель принимает гостей от 18 лет!"))
  }

  @Test("The rooms payload decodes")
  func rooms() throws {
    let rooms = try Endpoint<[Room]>.rooms.decode(Data(SamplePayloads.rooms.utf8))
    #expect(rooms.map(\.id) == [1, 2])
    #expect(rooms.map(\.price.amount) == [186_600, 289_400])
    #expect(rooms.allSatisfy { $0.price.currency == "RUB" })
    #expect(rooms[0].pricePer == "За 7 ночей с перелётом")
    #expect(rooms[1].imageURLs.count == 2)
  }

  @Test("The booking payload decodes, with 1...4 tourists when the API does not say")
  func booking() throws {
    let offer = try Endpoint<BookingOffer>.booking(roomID: 2).decode(
      Data(SamplePayloads.booking.utf8))
    #expect(offer.id == 1)
    #expect(offer.roomID == 2)
    #expect(offer.hotelAddress == "Madinat Makadi, Safaga Road, Makadi Bay, Египет")
    #expect(offer.rating == 5)
    #expect(offer.tourDates.start.dottedString == "19.09.2027")
    #expect(offer.tourDates.stop.dottedString == "27.09.2027")
    #expect(offer.touristLimits == 1...4)
    #expect(
      offer.prices
        == PriceRule(
          tourPrice: Money(289_400), fuelCharge: Money(9_300), serviceCharge: Money(2_150)))
  }

  @Test("min_tourists and max_tourists are used when present")
  func touristLimits() throws {
    let text = SamplePayloads.booking.replacingOccurrences(
      of: #""service_charge": 2150"#,
      with: #""service_charge": 2150, "min_tourists": 2, "max_tourists": 6"#)
    let offer = try Endpoint<BookingOffer>.booking(roomID: 1).decode(Data(text.utf8))
    #expect(offer.touristLimits == 2...6)
  }

  /// A broken payload and the problem it must produce.
  struct Broken: Sendable, CustomTestStringConvertible {
    var payload: Payload
    var problem: DecodingProblem

    var testDescription: String { problem.description }

    static func hotel(
      _ target: String, _ replacement: String, _ problem: DecodingProblem
    )
      -> Broken
    {
      let text = SamplePayloads.hotel.replacingOccurrences(of: target, with: replacement)
      return Broken(payload: .hotel(text), problem: problem)
    }

    static func rooms(
      _ target: String, _ replacement: String, _ problem: DecodingProblem
    )
      -> Broken
    {
      let text = SamplePayloads.rooms.replacingOccurrences(of: target, with: replacement)
      return Broken(payload: .rooms(text), problem: problem)
    }

    static func booking(
      _ target: String, _ replacement: String, _ problem: DecodingProblem
    )
      -> Broken
    {
      let text = SamplePayloads.booking.replacingOccurrences(of: target, with: replacement)
      return Broken(payload: .booking(text), problem: problem)
    }
  }

  static let brokenPayloads: [Broken] = [
    .hotel(#""adress""#, #""address""#, .missingKey(path: "adress")),
    .hotel("134268", #""134 268""#, .wrongType(path: "minimal_price", expected: .wholeNumber)),
    .hotel(
      #""name": "Лучшая"#, ##""name": null, "x": ""##, .wrongType(path: "name", expected: .text)),
    .hotel(#""rating": 5"#, #""rating": 7"#, .outOfRange(path: "rating", value: "7")),
    Broken(
      payload: .hotel(replacingPeculiarities(in: SamplePayloads.hotel)),
      problem: .wrongType(path: "about_the_hotel.peculiarities", expected: .list)),
    .rooms("289400", #""289400""#, .wrongType(path: "rooms[1].price", expected: .wholeNumber)),
    .rooms("186600", "-1", .outOfRange(path: "rooms[0].price", value: "-1")),
    .rooms(
      #""Кондиционер"]"#, "7]", .wrongType(path: "rooms[0].peculiarities[1]", expected: .text)),
    Broken(payload: .rooms("[]"), problem: .wrongType(path: nil, expected: .object)),
    .booking("19.09.2027", "2027/09/19", .invalidValue(path: "tour_date_start")),
    .booking("27.09.2027", "31.02.2027", .invalidValue(path: "tour_date_stop")),
    .booking("27.09.2027", "18.09.2027", .invalidValue(path: "tour_date_stop")),
    .booking("2150", #"2150, "min_tourists": 0"#, .outOfRange(path: "min_tourists", value: "0")),
    .booking(
      "2150", #"2150, "max_tourists": 5000"#, .outOfRange(path: "max_tourists", value: "5000")),
    .booking(
      "2150", #"2150, "min_tourists": 3, "max_tourists": 2"#,
      .outOfRange(path: "max_tourists", value: "2")),
    .booking(
      #""horating": 5"#, #""horating": "5""#, .wrongType(path: "horating", expected: .wholeNumber)),
    .booking(#""fuel_charge": 9300,"#, "", .missingKey(path: "fuel_charge")),
    .booking(
      "289400", "9223372036854775807",
      .outOfRange(path: "tour_price", value: "9223372036854775807")),
    .booking("289400", "5e18", .outOfRange(path: "tour_price", value: "5000000000000000000")),
    .booking(
      "\"fuel_charge\": 9300", "\"fuel_charge\": 99999999999999999999999",
      .outOfRange(path: "fuel_charge", value: "99999999999999999999999")),
    .booking("2150", "1e400", .outOfRange(path: "service_charge", value: "1e400")),
    .rooms(
      "186600", "-99999999999999999999",
      .outOfRange(path: "rooms[0].price", value: "-99999999999999999999")),
    .rooms("289400", "289400.5", .wrongType(path: "rooms[1].price", expected: .wholeNumber)),
    .booking("\"horating\": 5", "\"horating\": 1e30", .outOfRange(path: "horating", value: "1e30")),
    // A photo address a host app would load must be a web address: not a script, a local
    // file or inline data (the app is handed it as it is).
    .hotel(
      "https://deluxe.voyage/useruploads/articles/The_Makadi_Spa_Hotel_02.jpg",
      "javascript:alert(1)", .invalidValue(path: "image_urls[1]")),
    .hotel(
      "https://deluxe.voyage/useruploads/articles/article_1eb0a64d00.jpg", "HTTPS://",
      .invalidValue(path: "image_urls[2]")),
    .rooms(
      "https://q.bstatic.com/xdata/images/hotel/max1024x768/267647265.jpg",
      "file:///etc/passwd", .invalidValue(path: "rooms[0].image_urls[1]")),
    .rooms(
      "https://mmf5angy.twic.pics/ahstatic/www.ahstatic.com/photos/b1j0_roskdc_00_p_1024x768.jpg",
      "data:image/png;base64,AAAA", .invalidValue(path: "rooms[1].image_urls[0]")),
    Broken(payload: .booking("<html>"), problem: .notJSON),
    Broken(payload: .booking(""), problem: .notJSON),
  ]

  @Test("Broken payloads name the failing field", arguments: brokenPayloads)
  func broken(_ broken: Broken) {
    #expect(broken.payload.decodeError() == .undecodable(broken.problem))
  }

  @Test("The order body carries the booking, the buyer, the tourists and the price")
  func orderBody() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(DomainMapping.orderBody(try sampleOrder()))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["booking_id"] as? Int == 2)
    #expect(object["room_id"] as? Int == 2)
    let buyer = try #require(object["buyer"] as? [String: Any])
    #expect(buyer["phone"] as? String == "+79161234567")
    #expect(buyer["email"] as? String == "ivan@example.com")
    let tourist = try #require((object["tourists"] as? [[String: Any]])?.first)
    #expect(tourist["first_name"] as? String == "Ivan")
    #expect(tourist["birth_date"] as? String == "01.02.1990")
    #expect(tourist["passport_number"] as? String == "123456789")
    #expect(tourist["passport_expiry"] as? String == "01.02.2030")
    let price = try #require(object["price"] as? [String: Any])
    #expect(price["total"] as? Int == 300_850)
    #expect(price["currency"] as? String == "RUB")
  }

  @Test(
    "The order answer needs a positive order_number",
    arguments: [
      (#"{"order_number": 104893}"#, APIError?.none),
      (#"{"order_number": 0}"#, .undecodable(.outOfRange(path: "order_number", value: "0"))),
      (#"{"number": 1}"#, .undecodable(.missingKey(path: "order_number"))),
    ])
  func orderAnswer(text: String, expected: APIError?) throws {
    let endpoint = try Endpoint<OrderConfirmation>.submitOrder(try sampleOrder())
    do {
      let confirmation = try endpoint.decode(Data(text.utf8))
      #expect(expected == nil)
      #expect(confirmation.orderNumber == 104_893)
    } catch {
      #expect(error == expected)
    }
  }

  @Test("The order body carries every field of the form")
  func orderBodyForm() throws {
    var order = try sampleOrder()
    order.form = ["extras.promoCode": "SUMMER10", "price.total": "271910"]
    let data = try JSONEncoder().encode(DomainMapping.orderBody(order))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(
      object["form"] as? [String: String]
        == ["extras.promoCode": "SUMMER10", "price.total": "271910"])
  }

  @Test(
    "The order answer's total is the server's, when it gives one",
    arguments: [
      (#"{"order_number": 1, "total": 271910, "currency": "RUB"}"#, Money(271_910)),
      (#"{"order_number": 1, "total": 271910}"#, Money(271_910)),
      (#"{"order_number": 1}"#, nil),
    ])
  func orderAnswerTotal(text: String, total: Money?) throws {
    let endpoint = try Endpoint<OrderConfirmation>.submitOrder(try sampleOrder())
    #expect(try endpoint.decode(Data(text.utf8)).total == total)
  }

  @Test(
    "A total that is not a price is named",
    arguments: [
      (#"{"order_number": 1, "total": -5}"#, "total"),
      (#"{"order_number": 1, "total": 5, "currency": "₽"}"#, "currency"),
      (#"{"order_number": 1, "total": "5"}"#, "total"),
    ])
  func badOrderAnswerTotal(text: String, path: String) throws {
    let endpoint = try Endpoint<OrderConfirmation>.submitOrder(try sampleOrder())
    do {
      _ = try endpoint.decode(Data(text.utf8))
      Issue.record("accepted \(text)")
    } catch {
      guard case .undecodable(let problem) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(problem.path == path)
    }
  }

  @Test("A coding path prints as the API's field path; the whole body has none")
  func pathFormat() {
    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int?
      init(_ string: String) { stringValue = string }
      init(_ int: Int) {
        stringValue = "Index \(int)"
        intValue = int
      }
      init?(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { self.init(intValue) }
    }
    #expect(DecodingProblem.path([Key("rooms"), Key(1), Key("price")]) == "rooms[1].price")
    #expect(DecodingProblem.path([Key(0)]) == "[0]")
    #expect(DecodingProblem.path([]) == nil)
  }
}

private func replacingPeculiarities(in text: String) -> String {
  guard let start = text.range(of: #""peculiarities": ["#),
    let end = text.range(of: "]", range: start.upperBound..<text.endIndex)
  else { return text }
  return text.replacingCharacters(
    in: start.lowerBound..<end.upperBound, with: #""peculiarities": "wifi""#)
}

import Domain
import Foundation
import Testing

@testable import FixtureAPI

@Suite("The fixture's form extras: the promo code, the transfer, the server's total")
struct FixtureExtrasTests {
  @Test("The form: extras between the tourists and the price, with the SPEC's IDs")
  func form() throws {
    for language in [Language.en, .ru] {
      let schema = FixtureContent.bookingFormSchema(language)
      #expect(schema.sections.map(\.id) == ["buyer", "tourist", "extras", "price"])
      #expect(
        schema.sections[2].fields.map(\.id) == ["promoCode", "transfer", "flightNumber", "wishes"])
      #expect(schema.sections[2].fields[3].inputType == .longString)
      #expect(schema.sections[2].fields[3].rules == [.maxLength(500)])
      #expect(
        schema.sections[3].fields.map(\.id)
          == ["tour", "fuelCharge", "serviceCharge", "discount", "transfer", "total"])
      #expect(schema.sections[3].fields[3].actionURL == FixtureExtras.discountPath)
    }
    #expect(FixtureContent.bookingFormSchema(.en).sections[2].title == "Extras")
    #expect(
      FixtureContent.bookingFormSchema(.en).sections[2].fields[3].label == "Wishes for the hotel")
    #expect(
      FixtureContent.bookingFormSchema(.ru).sections[2].fields[3].label == "Пожелания к отелю")
    #expect(FixtureContent.bookingFormSchema(.ru).sections[2].title == "Дополнительно")
  }

  @Test(
    "Room 2, one tourist: 300 850; SUMMER10 271 910; with the transfer 275 410",
    arguments: [
      ([String: String](), 1, 300_850),
      (["extras.promoCode": "SUMMER10"], 1, 271_910),
      (["extras.promoCode": "summer10", "extras.transfer": "true"], 1, 275_410),
      (["extras.transfer": "true"], 2, 599_550 + 7_000),
      (["extras.promoCode": ""], 1, 300_850),
    ])
  func totals(form: [String: String], tourists: Int, total: Int) throws {
    let body: [String: Any] = [
      "room_id": 2, "tourists": Array(repeating: [String: String](), count: tourists),
      "form": form,
    ]
    #expect(try FixtureExtras.orderTotal(body, .en) == total)
  }

  @Test("An unknown code is refused, in the request's language")
  func unknownCode() {
    let body: [String: Any] = ["room_id": 2, "form": ["extras.promoCode": "WINTER"]]
    #expect(throws: FixtureExtras.Refusal(message: "This promo code is not valid")) {
      try FixtureExtras.orderTotal(body, .en)
    }
    #expect(throws: FixtureExtras.Refusal(message: "Этот промокод недействителен")) {
      try FixtureExtras.orderTotal(body, .ru)
    }
  }

  @Test("POST /booking/discount answers a value, refuses a bad code, rejects a bad body")
  func discountEndpoint() {
    let answer = FixtureExtras.answerDiscount(
      Array(
        #"{"field":"price.discount","inputs":{"extras.promoCode":"SUMMER10","price.tour":578800}}"#
          .utf8),
      .en)
    #expect(answer.status == 200)
    #expect(String(decoding: answer.body, as: UTF8.self) == #"{"value":-57880}"#)
    let refused = FixtureExtras.answerDiscount(
      Array(#"{"inputs":{"extras.promoCode":"NOPE","price.tour":289400}}"#.utf8), .en)
    #expect(refused.status == 422)
    #expect(
      String(decoding: refused.body, as: UTF8.self)
        == #"{"error":"This promo code is not valid","field":"extras.promoCode"}"#)
    #expect(FixtureExtras.answerDiscount(Array("[]".utf8), .en).status == 400)
    #expect(
      FixtureExtras.answerDiscount(Array(#"{"inputs":{"price.tour":"a lot"}}"#.utf8), .en).status
        == 400)
  }
  /// `body`, parsed as `POST /orders` parses it (JSONSerialization's NSNumbers on Linux).
  static func order(_ body: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
  }

  @Test("An order's room_id must be a whole number: a bool, a fraction or a text is refused")
  func roomIDMustBeAWholeNumber() throws {
    let refusal = FixtureExtras.Refusal(message: "room_id: a whole number, the id of a room")
    for value in ["true", "false", "2.7", "1.5", "\"2\"", "1e30", "null", "[2]"] {
      #expect(throws: refusal, "room_id \(value)") {
        try FixtureExtras.offer(of: try Self.order(#"{"room_id":\#(value)}"#), .en)
      }
    }
    #expect(throws: refusal) { try FixtureExtras.offer(of: [:], .en) }
    #expect(throws: FixtureExtras.Refusal(message: "unknown room_id")) {
      try FixtureExtras.offer(of: try Self.order(#"{"room_id":9223372036854775807}"#), .en)
    }
    #expect(try FixtureExtras.offer(of: try Self.order(#"{"room_id":2}"#), .en).id == 2)
    #expect(try FixtureExtras.offer(of: try Self.order(#"{"room_id":1}"#), .en).id == 1)
    #expect(try FixtureExtras.offer(of: try Self.order(#"{"room_id":2.0}"#), .en).id == 2)
  }

  @Test("POST /orders with room_id true is a 422 naming the field, not an order for room 1")
  func ordersRefuseABoolRoomID() async throws {
    try await withFixture(FixtureOptions()) { _, port in
      for value in ["true", "2.7"] {
        let body = #"{"room_id":\#(value),"tourists":[{}]}"#
        let exchange = await RawHTTPClient.exchange(
          port: port, orderRequest(key: "k\(value)", body: body))
        #expect(exchange.statuses == [422])
        let message = try jsonObject(exchange)["error"] as? String
        #expect(message == "room_id: a whole number, the id of a room")
      }
    }
  }
}

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
      #expect(schema.sections[2].fields.map(\.id) == ["promoCode", "transfer", "flightNumber"])
      #expect(
        schema.sections[3].fields.map(\.id)
          == ["tour", "fuelCharge", "serviceCharge", "discount", "transfer", "total"])
      #expect(schema.sections[3].fields[3].actionURL == FixtureExtras.discountPath)
    }
    #expect(FixtureContent.bookingFormSchema(.en).sections[2].title == "Extras")
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
      String(decoding: refused.body, as: UTF8.self) == #"{"error":"This promo code is not valid"}"#)
    #expect(FixtureExtras.answerDiscount(Array("[]".utf8), .en).status == 400)
    #expect(
      FixtureExtras.answerDiscount(Array(#"{"inputs":{"price.tour":"a lot"}}"#.utf8), .en).status
        == 400)
  }
}

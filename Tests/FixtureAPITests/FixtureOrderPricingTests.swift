import Domain
import Foundation
import Testing

@testable import FixtureAPI

/// `POST /orders` prices an order by the form the fixture serves (SPEC section 6: the server
/// computes the order's total itself), a designer's own (`hotel serve --form`) included.
@Suite("The fixture prices an order by the form it serves")
struct FixtureOrderPricingTests {
  /// The built-in form with a designer's price line: a numeric `extras.bags`, 1 500 ₽ a bag,
  /// and, when `remote` is given, a field computed by the server at that `action_url` that the
  /// total adds.
  static func form(remote: String? = nil, language: Language = .en) -> FormSchema {
    var schema = FormSchema.booking(language: language)
    let price = schema.sections.firstIndex { $0.id == "price" } ?? 0
    schema.sections.insert(
      FormSection(
        id: "extras", title: "Extras",
        fields: [
          FormField(id: "bags", label: "Bags", inputType: .numeric),
          FormField(id: "promoCode", label: "Promo code", inputType: .string),
        ]), at: price)
    var section = schema.sections[price + 1]
    let total = section.fields.firstIndex { $0.id == "total" } ?? 0
    section.fields.insert(
      FormField(
        id: "bags", label: "Bags", inputType: .none, compute: "extras.bags * 1500"), at: total)
    var sum = "tour + fuelCharge + serviceCharge + bags"
    if let remote {
      section.fields.insert(
        FormField(
          id: "discount", label: "Discount", inputType: .none,
          dependsOn: ["extras.promoCode", "tour"], actionURL: remote), at: total)
      sum += " + discount"
    }
    section.fields[section.fields.count - 1].compute = sum
    section.fields[section.fields.count - 1].dependsOn = []
    schema.sections[price + 1] = section
    return schema
  }

  static func total(
    _ form: [String: String], schema: FormSchema, tourists: Int = 1
  ) throws
    -> Int
  {
    let body: [String: Any] = [
      "room_id": 2, "tourists": Array(repeating: [String: String](), count: tourists),
      "form": form,
    ]
    let offer = try FixtureExtras.offer(of: body, .en)
    let engine = try #require(FixtureOrderPricing.engine(for: schema, offer: offer))
    return try FixtureOrderPricing.total(of: body, engine: engine, offer: offer, .en)
  }

  @Test("A designer's price line is in the total, per the order's values and tourists")
  func aPriceLineOfTheFormIsPriced() throws {
    #expect(try Self.total(["extras.bags": "2"], schema: Self.form()) == 300_850 + 3_000)
    #expect(
      try Self.total(["extras.bags": "1"], schema: Self.form(), tourists: 2) == 599_550 + 1_500)
  }

  @Test("A server calculation the fixture answers is answered for the order too")
  func theFixturesCalculationIsAnswered() throws {
    let schema = Self.form(remote: FixtureExtras.discountPath)
    #expect(
      try Self.total(["extras.bags": "0", "extras.promoCode": "SUMMER10"], schema: schema)
        == 271_910)
    #expect(throws: FixtureExtras.Refusal(message: "This promo code is not valid")) {
      try Self.total(["extras.bags": "0", "extras.promoCode": "WINTER"], schema: schema)
    }
  }

  @Test("An order the form cannot price is refused, naming the field")
  func anOrderTheFormCannotPriceIsRefused() throws {
    // No bags typed: `extras.bags * 1500` has no value, nor has the total.
    #expect(
      throws: FixtureExtras.Refusal(
        message: "price.total cannot be calculated from this order's fields")
    ) { try Self.total([:], schema: Self.form()) }
    #expect(
      throws: FixtureExtras.Refusal(
        message: "price.discount is computed at /elsewhere, which this server does not answer")
    ) { try Self.total(["extras.bags": "0"], schema: Self.form(remote: "/elsewhere")) }
  }

  @Test("POST /orders prices by the form served, in the order's language")
  func ordersArePricedByTheFormServed() async throws {
    var options = FixtureOptions()
    options.bookingFormBodies[.ru] = Array(try JSONEncoder().encode(Self.form(language: .ru)))
    try await withFixture(options) { _, port in
      let body = #"{"room_id":2,"tourists":[{}],"form":{"extras.bags":"2"}}"#
      var russian = orderRequest(key: "ru", body: body)
      russian = russian.replacingOccurrences(of: "Host:", with: "Accept-Language: ru\r\nHost:")
      let ru = await RawHTTPClient.exchange(port: port, russian)
      #expect(ru.statuses == [201])
      let ruTotal = try jsonObject(ru)["total"] as? Int
      #expect(ruTotal == 303_850)
      // Served for English too (no form of its own): the same price line.
      let en = await RawHTTPClient.exchange(port: port, orderRequest(key: "en", body: body))
      let enTotal = try jsonObject(en)["total"] as? Int
      #expect(enTotal == 303_850)
      let form = await RawHTTPClient.exchange(
        port: port, getRequest("/booking/form", headers: ["Accept-Language": "ru"]))
      let sections = try jsonObject(form)["sections"] as? [Any]
      #expect(sections?.count == 4, "the built-in three and the extras")
      let title = (sections?.first as? [String: Any])?["title"] as? String
      #expect(title == "Информация о покупателе", "the Russian file")
      let refused = await RawHTTPClient.exchange(
        port: port, orderRequest(key: "none", body: #"{"room_id":2,"tourists":[{}]}"#))
      #expect(refused.statuses == [422])
      let message = try jsonObject(refused)["error"] as? String
      #expect(message == "price.total cannot be calculated from this order's fields")
    }
  }

  @Test("A form the app refuses is priced as the built-in form the app shows instead")
  func aRefusedFormIsPricedAsTheBuiltInOne() async throws {
    var options = FixtureOptions()
    options.bookingFormBody = Array(try JSONEncoder().encode(Self.form()))
    options.takesForm = { _ in false }
    try await withFixture(options) { _, port in
      let body = #"{"room_id":2,"tourists":[{}],"form":{"extras.bags":"2"}}"#
      let exchange = await RawHTTPClient.exchange(port: port, orderRequest(key: "k", body: body))
      let total = try jsonObject(exchange)["total"] as? Int
      #expect(total == 300_850)
    }
  }

  @Test("A form per language: each served by Accept-Language, one for every language otherwise")
  func aFormPerLanguage() {
    var options = FixtureOptions()
    #expect(options.bookingFormBody(for: .ru) == nil, "the fixture's own")
    options.bookingFormBodies[.ru] = [1]
    #expect(options.bookingFormBody(for: .ru) == [1])
    #expect(options.bookingFormBody(for: .en) == [1], "the other language's, when alone")
    options.bookingFormBody = [2]
    #expect(options.bookingFormBody(for: .en) == [2])
    options.bookingFormBodies[.en] = [3]
    #expect(options.bookingFormBody(for: .en) == [3])
    #expect(options.bookingFormBody(for: .ru) == [1])
  }
}

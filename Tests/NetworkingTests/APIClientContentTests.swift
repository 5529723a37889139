import Domain
import FixtureAPI
import Foundation
import TestSupport
import Testing
import UseCases

@testable import Networking

@Suite("The live BookingAPI against the fixture")
struct APIClientContentTests {
  @Test("GET /hotel maps to the Domain's Hotel")
  func hotel() async throws {
    try await withAPI { harness in
      let loaded = try await harness.api.hotel(.en, .network)
      #expect(loaded.origin == .network)
      let hotel = loaded.value
      #expect(hotel.id == 1)
      #expect(hotel.name == "The best five-star hotel in Hurghada, Egypt")
      #expect(hotel.address == "Madinat Makadi, Safaga Road, Makadi Bay, Egypt")
      #expect(hotel.minimalPrice == Money(134_268, currency: "RUB"))
      #expect(hotel.priceForIt == "for a tour with flight")
      #expect(hotel.rating == 5)
      #expect(hotel.ratingName == "Excellent")
      #expect(hotel.imageURLs.count == 3)
      #expect(hotel.peculiarities.count == 4)
      #expect(hotel.description.hasPrefix("A VIP-class hotel"))
    }
  }

  @Test("The language chooses Accept-Language and so the content")
  func language() async throws {
    try await withAPI { harness in
      let russian = try await harness.api.rooms(.ru, .network).value
      let english = try await harness.api.rooms(.en, .network).value
      #expect(
        russian.map(\.name) == [
          "Стандартный с видом на бассейн или сад", "Люкс номер с видом на море",
        ])
      #expect(
        english.map(\.name) == [
          "Standard room with pool or garden view", "Deluxe room with sea view",
        ])
      #expect(harness.server.receivedRequests.map { $0.header("Accept-Language") } == ["ru", "en"])
    }
  }

  @Test("GET /rooms maps prices to roubles")
  func rooms() async throws {
    try await withAPI { harness in
      let rooms = try await harness.api.rooms(.en, .network).value
      #expect(rooms.map(\.id) == [1, 2])
      #expect(rooms.map(\.price) == [Money(186_600), Money(289_400)])
      #expect(rooms.allSatisfy { $0.pricePer == "For 7 nights with flight" })
      #expect(rooms[1].peculiarities == ["All inclusive", "Air conditioning"])
    }
  }

  @Test("GET /booking?room=2 maps to an offer whose total for one tourist is 300 850")
  func booking() async throws {
    try await withAPI { harness in
      let offer = try await harness.api.booking(2, .ru, .network).value
      #expect(offer.id == 2)
      #expect(offer.roomID == 2)
      #expect(offer.hotelAddress == "Madinat Makadi, Safaga Road, Makadi Bay, Египет")
      #expect(offer.rating == 5)
      #expect(offer.ratingName == "Превосходно")
      #expect(offer.tourDates.start == CalendarDate(year: 2027, month: 9, day: 20))
      #expect(offer.tourDates.stop == CalendarDate(year: 2027, month: 9, day: 27))
      #expect(offer.numberOfNights == 7)
      #expect(offer.room == "Люкс номер с видом на море")
      #expect(offer.touristLimits == 1...4)
      #expect(offer.prices.breakdown(tourists: 1).total == Money(300_850))
      #expect(offer.prices.breakdown(tourists: 2).total == Money(599_550))
      #expect(harness.server.receivedRequests.first?.query == ["room": "2"])
    }
  }

  @Test("GET /booking/form decodes the server's schema, in the asked language")
  func bookingForm() async throws {
    try await withAPI { harness in
      let form = try #require(try await harness.api.bookingForm(.ru, .network))
      let sections = form.value.sections.map(\.id)
      #expect(sections == ["buyer", "tourist", "extras", "price"], "the fixture's form")
      #expect(form.value.sections[2].title == "Дополнительно")
      #expect(form.origin == .network)
      let cached = try #require(try await harness.api.bookingForm(.ru, .cacheOnly))
      #expect(cached.value == form.value)
    }
  }

  @Test("GET /booking/form answering 404 means the built-in schema: nil")
  func bookingFormNotFound() async throws {
    var options = FixtureOptions()
    options.servesBookingForm = false
    try await withAPI(options) { harness in
      let form = try await harness.api.bookingForm(.en, .network)
      #expect(form == nil)
      #expect(harness.paths == ["/booking/form"])
    }
  }

  @Test(
    "A schema that does not decode is undecodable, naming where; one the Domain refuses says why",
    arguments: [
      (
        #"{"version": 2, "sections": []}"#,
        APIError.invalidFormSchema(.unsupportedVersion(found: 2, supported: 1))
      ),
      (#"{"version": 1}"#, .undecodable(.missingKey(path: "sections"))),
      // A key twice: before, decoded with one of the values kept in silence.
      (
        #"{"version": 1, "sections": [], "\u0076ersion": 2}"#,
        .undecodable(.duplicateKey(path: "version"))
      ),
      (
        #"{"version": 1e400, "sections": []}"#,
        .undecodable(.outOfRange(path: "version", value: "1e400"))
      ),
      // Deeper than Foundation's JSON reader follows: named as such, not as "not valid JSON".
      (
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
        .undecodable(.tooDeep(depth: 600, limit: 512))
      ),
      (
        String(repeating: #"{"a":"#, count: 1_000) + "1" + String(repeating: "}", count: 1_000),
        .undecodable(.tooDeep(depth: 1_000, limit: 512))
      ),
    ])
  func badBookingForm(body: String, expected: APIError) async throws {
    var options = FixtureOptions()
    options.script["/booking/form"] = [.content(type: "application/json", body: body)]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.bookingForm(.en, .network)
      }
      #expect(error == expected)
    }
  }

  @Test("POST /orders sends the key and the order as JSON, and answers the order number")
  func submitOrder() async throws {
    try await withAPI { harness in
      let confirmation = try await harness.api.submitOrder(try sampleOrder(), "key-42", .en)
      #expect(
        confirmation == OrderConfirmation(orderNumber: 104_893, total: Money(300_850)),
        "the server's own total")
      let request = try #require(harness.server.receivedRequests.first)
      #expect(request.method == "POST")
      #expect(request.header("Idempotency-Key") == "key-42")
      #expect(request.header("Content-Type") == "application/json")
      #expect(harness.server.createdOrderCount == 1)
    }
  }
}

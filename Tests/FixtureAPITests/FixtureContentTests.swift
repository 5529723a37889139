import FixtureAPI
import Foundation
import Testing

@Suite("Fixture content (SPEC section 3)")
struct FixtureContentTests {
  @Test("GET /hotel in English")
  func hotelInEnglish() async throws {
    try await withFixture { _, port in
      let exchange = await RawHTTPClient.exchange(port: port, getRequest("/hotel"))
      #expect(exchange.statuses == [200])
      #expect(exchange.header("Content-Type") == "application/json; charset=utf-8")
      let hotel = try jsonObject(exchange)
      #expect(hotel["id"] as? Int == 1)
      #expect(hotel["name"] as? String == "The best five-star hotel in Hurghada, Egypt")
      #expect(hotel["adress"] as? String == "Madinat Makadi, Safaga Road, Makadi Bay, Egypt")
      #expect(hotel["minimal_price"] as? Int == 134_268)
      #expect(hotel["price_for_it"] as? String == "for a tour with flight")
      #expect(hotel["rating"] as? Int == 5)
      #expect(hotel["rating_name"] as? String == "Excellent")
      #expect((hotel["image_urls"] as? [String])?.count == 3)
      let about = try #require(hotel["about_the_hotel"] as? [String: Any])
      #expect((about["peculiarities"] as? [String])?.count == 4)
      #expect((about["description"] as? String)?.hasPrefix("A VIP-class hotel") == true)
    }
  }

  @Test(
    "Accept-Language ru chooses the test-task API's Russian content",
    arguments: ["ru", "ru-RU,ru;q=0.9"])
  func hotelInRussian(header: String) async throws {
    try await withFixture { _, port in
      let exchange = await RawHTTPClient.exchange(
        port: port, getRequest("/hotel", headers: ["Accept-Language": header]))
      let hotel = try jsonObject(exchange)
      #expect(hotel["name"] as? String == "Лучшая пятизвездочная гостиница в Хургаде, Египет")
      #expect(hotel["adress"] as? String == "Madinat Makadi, Safaga Road, Makadi Bay, Египет")
      #expect(hotel["rating_name"] as? String == "Превосходно")
      #expect(hotel["price_for_it"] as? String == "За тур с перелётом")
      let about = try #require(hotel["about_the_hotel"] as? [String: Any])
      #expect(
        about["peculiarities"] as? [String] == [
          "Бесплатный Wifi на всей территории отеля", "1 км до пляжа", "Бесплатный фитнес-клуб",
          "20 км до аэропорта",
        ])
      #expect(exchange.header("Content-Language") == "ru")
    }
  }

  @Test("GET /rooms lists rooms 1 and 2 with their prices")
  func rooms() async throws {
    try await withFixture { _, port in
      let exchange = await RawHTTPClient.exchange(
        port: port, getRequest("/rooms", headers: ["Accept-Language": "ru"]))
      let rooms = try #require(try jsonObject(exchange)["rooms"] as? [[String: Any]])
      #expect(rooms.compactMap { $0["id"] as? Int } == [1, 2])
      #expect(rooms.compactMap { $0["price"] as? Int } == [186_600, 289_400])
      #expect(rooms[1]["name"] as? String == "Люкс номер с видом на море")
      #expect(rooms[1]["price_per"] as? String == "За 7 ночей с перелётом")
      #expect(rooms[0]["peculiarities"] as? [String] == ["Включен только завтрак", "Кондиционер"])
      #expect(rooms.allSatisfy { (($0["image_urls"] as? [String])?.count ?? 0) >= 2 })
    }
  }

  @Test("GET /booking?room=ID is the offer for that room")
  func booking() async throws {
    try await withFixture { _, port in
      let exchange = await RawHTTPClient.exchange(port: port, getRequest("/booking?room=2"))
      let booking = try jsonObject(exchange)
      #expect(booking["id"] as? Int == 2)
      #expect(booking["room"] as? String == "Deluxe room with sea view")
      #expect(booking["tour_price"] as? Int == 289_400)
      #expect(booking["fuel_charge"] as? Int == 9_300)
      #expect(booking["service_charge"] as? Int == 2_150)
      #expect(booking["tour_date_start"] as? String == "20.09.2027")
      #expect(booking["tour_date_stop"] as? String == "27.09.2027")
      #expect(booking["number_of_nights"] as? Int == 7)
      #expect(booking["horating"] as? Int == 5)
      #expect(
        booking["hotel_adress"] as? String == "Madinat Makadi, Safaga Road, Makadi Bay, Egypt")
      #expect(booking["departure"] as? String == "Moscow")
      #expect(booking["arrival_country"] as? String == "Egypt, Hurghada")
      #expect(booking["nutrition"] as? String == "All inclusive")
    }
  }

  @Test(
    "The content agrees with itself: nights match the dates, nutrition matches the tags",
    arguments: ["en", "ru"])
  func contentIsConsistent(language: String) async throws {
    try await withFixture { _, port in
      let headers = ["Accept-Language": language]
      let rooms = try #require(
        try jsonObject(
          await RawHTTPClient.exchange(port: port, getRequest("/rooms", headers: headers)))[
            "rooms"] as? [[String: Any]])
      for room in rooms {
        let id = try #require(room["id"] as? Int)
        let booking = try jsonObject(
          await RawHTTPClient.exchange(
            port: port, getRequest("/booking?room=\(id)", headers: headers)))
        let start = try #require(Self.day(booking["tour_date_start"] as? String))
        let stop = try #require(Self.day(booking["tour_date_stop"] as? String))
        #expect(booking["tour_date_start"] as? String == "20.09.2027")
        #expect(booking["tour_date_stop"] as? String == "27.09.2027")
        #expect(booking["number_of_nights"] as? Int == Int((stop - start) / 86_400))
        let nutrition = try #require(booking["nutrition"] as? String)
        let tags = try #require(room["peculiarities"] as? [String])
        #expect(
          tags.contains { $0.localizedCaseInsensitiveContains(nutrition) },
          "room \(id): nutrition '\(nutrition)' is not among its tags \(tags)")
      }
      let hotel = try jsonObject(
        await RawHTTPClient.exchange(port: port, getRequest("/hotel", headers: headers)))
      let about = try #require(hotel["about_the_hotel"] as? [String: Any])
      let description = try #require(about["description"] as? String)
      #expect(!description.contains("уровнь"))
      #expect(!description.contains("гольф полями"))
    }
  }

  /// Seconds since 1970 of a `dd.MM.yyyy` day (UTC), for counting nights.
  static func day(_ text: String?) -> TimeInterval? {
    let parts = (text ?? "").split(separator: ".").compactMap { Int($0) }
    guard parts.count == 3 else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    return calendar.date(from: DateComponents(year: parts[2], month: parts[1], day: parts[0]))?
      .timeIntervalSince1970
  }

  @Test(
    "GET /booking with a bad room answers a clear error",
    arguments: [("/booking", 400), ("/booking?room=abc", 400), ("/booking?room=3", 404)])
  func bookingErrors(target: String, status: Int) async throws {
    try await withFixture { _, port in
      let exchange = await RawHTTPClient.exchange(port: port, getRequest(target))
      #expect(exchange.statuses == [status])
      let error = try jsonObject(exchange)["error"]
      #expect(error is String)
    }
  }

  @Test("Unknown paths answer 404 and wrong methods 405 with Allow")
  func unknownPathsAndMethods() async throws {
    try await withFixture { _, port in
      let missing = await RawHTTPClient.exchange(port: port, getRequest("/nope"))
      #expect(missing.statuses == [404])
      let wrong = await RawHTTPClient.exchange(
        port: port, "DELETE /hotel HTTP/1.1\r\nConnection: close\r\n\r\n")
      #expect(wrong.statuses == [405])
      #expect(wrong.header("Allow") == "GET")
      let getOrders = await RawHTTPClient.exchange(port: port, getRequest("/orders"))
      #expect(getOrders.statuses == [405])
      #expect(getOrders.header("Allow") == "POST")
    }
  }

  @Test("GET /booking/form serves the built-in form schema in the asked language")
  func bookingForm() async throws {
    try await withFixture { _, port in
      let english = await RawHTTPClient.exchange(port: port, getRequest("/booking/form"))
      let russian = await RawHTTPClient.exchange(
        port: port, getRequest("/booking/form", headers: ["Accept-Language": "ru"]))
      #expect(english.statuses == [200])
      #expect(english.header("ETag") != nil)
      let schema = try jsonObject(english)
      #expect(schema["version"] as? Int == 1)
      let sections = try #require(schema["sections"] as? [[String: Any]])
      #expect(sections.compactMap { $0["id"] as? String }.contains("buyer"))
      #expect(russian.body != english.body)
    }
  }

  @Test("GET /booking/form answers 404 when the fixture serves no form")
  func bookingFormNotServed() async throws {
    var options = FixtureOptions()
    options.servesBookingForm = false
    try await withFixture(options) { _, port in
      let exchange = await RawHTTPClient.exchange(port: port, getRequest("/booking/form"))
      #expect(exchange.statuses == [404])
    }
  }

  @Test("An ETag revalidates with 304 and no body; each language has its own")
  func etags() async throws {
    try await withFixture { _, port in
      let first = await RawHTTPClient.exchange(port: port, getRequest("/rooms"))
      let etag = try #require(first.header("ETag"))
      let again = await RawHTTPClient.exchange(
        port: port, getRequest("/rooms", headers: ["If-None-Match": etag]))
      #expect(again.statuses == [304])
      #expect(again.body.isEmpty)
      #expect(again.header("ETag") == etag)
      let weak = await RawHTTPClient.exchange(
        port: port, getRequest("/rooms", headers: ["If-None-Match": "\"other\", W/\(etag)"]))
      #expect(weak.statuses == [304])
      let stale = await RawHTTPClient.exchange(
        port: port, getRequest("/rooms", headers: ["If-None-Match": "\"stale\""]))
      #expect(stale.statuses == [200])
      let russian = await RawHTTPClient.exchange(
        port: port, getRequest("/rooms", headers: ["Accept-Language": "ru"]))
      #expect(russian.header("ETag") != etag)
    }
  }

  @Test(
    "Every answer of a route is the same bytes and ETag, per language and room",
    arguments: ["/hotel", "/rooms", "/booking?room=1", "/booking?room=2", "/booking/form"])
  func answersAreStable(target: String) async throws {
    try await withFixture { _, port in
      var seen: [String: (body: [UInt8], etag: String?)] = [:]
      for language in ["en", "ru", "en", "ru"] {
        let exchange = await RawHTTPClient.exchange(
          port: port, getRequest(target, headers: ["Accept-Language": language]))
        #expect(exchange.statuses == [200])
        if let first = seen[language] {
          #expect(exchange.body == first.body)
          #expect(exchange.header("ETag") == first.etag)
        } else {
          seen[language] = (exchange.body, exchange.header("ETag"))
        }
      }
      #expect(seen["en"]?.body != seen["ru"]?.body)
      #expect(seen["en"]?.etag != seen["ru"]?.etag)
    }
  }

  @Test("A room that does not exist answers 404 every time, and room 1 is not room 2")
  func missingRoomsAreNotRemembered() async throws {
    try await withFixture { _, port in
      for _ in 1...2 {
        let missing = await RawHTTPClient.exchange(port: port, getRequest("/booking?room=3"))
        #expect(missing.statuses == [404])
      }
      let one = await RawHTTPClient.exchange(port: port, getRequest("/booking?room=1"))
      let two = await RawHTTPClient.exchange(port: port, getRequest("/booking?room=2"))
      let first = try jsonObject(one)
      let second = try jsonObject(two)
      #expect(first["id"] as? Int == 1)
      #expect(second["id"] as? Int == 2)
    }
  }
}

import Domain
import FixtureAPI
import Foundation
import TestSupport
import Testing
import UseCases

@testable import Networking

/// Answers that are valid JSON of the right shape but whose content no one could show.
@Suite("Hostile content, against the real server")
struct HostileContentTests {
  static func hotel(name: String) -> String {
    """
    {"id": 1, "name": \(name), "adress": "Makadi", "minimal_price": 134268,
     "price_for_it": "for a tour with flight", "rating": 5, "rating_name": "Excellent",
     "image_urls": [], "about_the_hotel": {"description": "Nice", "peculiarities": []}}
    """
  }

  /// A hotel whose name shows nothing (empty, spaces, a no-break space, combining accents with
  /// nothing to sit on, a zero-width space, a NUL) is refused naming `name`.
  @Test(arguments: [
    #""""#, #""   ""#, #""\u00a0\t""#, #""\u0301\u0301\u0301""#, #""\u200b""#, #""\u0000""#,
  ])
  func aNameThatShowsNothingIsRefused(name: String) async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [
      .content(type: "application/json", body: Self.hotel(name: name))
    ]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.hotel(.en, .network)
      }
      #expect(error == .undecodable(.invalidValue(path: "name")))
    }
  }

  /// Names in any script, right-to-left included, and accented letters, are kept as sent.
  @Test(arguments: [#""فندق שלום""#, #""e\u0301te\u0301""#, #""日本""#])
  func aNameInAnyScriptIsKept(name: String) async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [
      .content(type: "application/json", body: Self.hotel(name: name))
    ]
    try await withAPI(options) { harness in
      let hotel = try await harness.api.hotel(.en, .network)
      #expect(!hotel.value.name.isEmpty)
    }
  }

  /// A room without a visible name is refused naming which room.
  @Test func aRoomWithoutANameIsRefusedNamingIt() async throws {
    var options = FixtureOptions()
    let rest = #""price": 1, "price_per": "", "peculiarities": [], "image_urls": []"#
    let room = #"{"id": 1, "name": "Sea view", \#(rest)}"#
    let blank = #"{"id": 2, "name": " ", \#(rest)}"#
    options.script["/rooms"] = [
      .content(type: "application/json", body: #"{"rooms": [\#(room), \#(blank)]}"#)
    ]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.rooms(.en, .network)
      }
      #expect(error == .undecodable(.invalidValue(path: "rooms[1].name")))
    }
  }

  /// A room that gives its price twice (`{"price": 1, "price": 999}`): the answer is refused,
  /// naming the key and where it is.
  @Test func aKeyTwiceInAnAnswerIsRefusedNamingIt() async throws {
    var options = FixtureOptions()
    let rest = #""price_per": "", "peculiarities": [], "image_urls": []"#
    let room = #"{"id": 1, "name": "Sea view", "price": 1, \#(rest)}"#
    let twice = #"{"id": 2, "name": "Suite", "price": 1, \#(rest), "price": 999}"#
    options.script["/rooms"] = [
      .content(type: "application/json", body: #"{"rooms": [\#(room), \#(twice)]}"#)
    ]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.rooms(.en, .network)
      }
      #expect(error == .undecodable(.duplicateKey(path: "rooms[1].price")))
    }
  }

  /// An offer whose least number of tourists is absurd names `min_tourists`, not the default
  /// `max_tourists` it exceeds.
  @Test(arguments: [
    (#", "min_tourists": 1000000"#, "min_tourists", "1000000"),
    (#", "min_tourists": 0"#, "min_tourists", "0"),
    (#", "min_tourists": 3, "max_tourists": 2"#, "max_tourists", "2"),
  ])
  func absurdTouristLimitsNameTheirField(
    extra: String, path: String, value: String
  )
    async throws
  {
    let body = """
      {"id": 1, "hotel_name": "Steigenberger", "hotel_adress": "Makadi", "horating": 5,
       "rating_name": "Excellent", "departure": "Moscow", "arrival_country": "Egypt",
       "tour_date_start": "20.09.2027", "tour_date_stop": "27.09.2027", "number_of_nights": 7,
       "room": "Standard", "nutrition": "All inclusive", "tour_price": 186600,
       "fuel_charge": 9300, "service_charge": 2150\(extra)}
      """
    var options = FixtureOptions()
    options.script["/booking"] = [.content(type: "application/json", body: body)]
    try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.booking(1, .en, .network)
      }
      #expect(error == .undecodable(.outOfRange(path: path, value: value)))
    }
  }
}

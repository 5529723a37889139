// The API's payloads as the fixture writes them, with the public test-task API's field names
// (including its spellings `adress`, `hotel_adress` and `horating`). Deliberately separate from
// Networking's DTOs, so the client is tested against an independent encoding of the contract.

/// `GET /hotel`.
struct HotelPayload: Encodable, Sendable {
  struct About: Encodable, Sendable {
    var description: String
    var peculiarities: [String]
  }

  var id: Int
  var name: String
  var address: String
  var minimalPrice: Int
  var priceForIt: String
  var rating: Int
  var ratingName: String
  var imageURLs: [String]
  var about: About

  enum CodingKeys: String, CodingKey {
    case id, name, rating
    case address = "adress"
    case minimalPrice = "minimal_price"
    case priceForIt = "price_for_it"
    case ratingName = "rating_name"
    case imageURLs = "image_urls"
    case about = "about_the_hotel"
  }
}

/// One element of `GET /rooms`.
struct RoomPayload: Encodable, Sendable {
  var id: Int
  var name: String
  var price: Int
  var pricePer: String
  var peculiarities: [String]
  var imageURLs: [String]

  enum CodingKeys: String, CodingKey {
    case id, name, price, peculiarities
    case pricePer = "price_per"
    case imageURLs = "image_urls"
  }
}

/// `GET /rooms`.
struct RoomsPayload: Encodable, Sendable {
  var rooms: [RoomPayload]
}

/// `GET /booking?room=ID`.
struct BookingPayload: Encodable, Sendable {
  var id: Int
  var hotelName: String
  var hotelAddress: String
  var rating: Int
  var ratingName: String
  var departure: String
  var arrivalCountry: String
  var tourDateStart: String
  var tourDateStop: String
  var numberOfNights: Int
  var room: String
  var nutrition: String
  var tourPrice: Int
  var fuelCharge: Int
  var serviceCharge: Int
  var minTourists: Int
  var maxTourists: Int

  enum CodingKeys: String, CodingKey {
    case id, departure, room, nutrition
    case hotelName = "hotel_name"
    case hotelAddress = "hotel_adress"
    case rating = "horating"
    case ratingName = "rating_name"
    case arrivalCountry = "arrival_country"
    case tourDateStart = "tour_date_start"
    case tourDateStop = "tour_date_stop"
    case numberOfNights = "number_of_nights"
    case tourPrice = "tour_price"
    case fuelCharge = "fuel_charge"
    case serviceCharge = "service_charge"
    case minTourists = "min_tourists"
    case maxTourists = "max_tourists"
  }
}

/// The answer to `POST /orders`.
struct OrderAcceptedPayload: Encodable, Sendable {
  var orderNumber: Int
  var status: String
  /// The total the server computed for the order.
  var total: Int
  var currency: String

  enum CodingKeys: String, CodingKey {
    case status, total, currency
    case orderNumber = "order_number"
  }
}

/// `GET /rooms`: `{"rooms": [room, ...]}`.
struct RoomsDTO: Decodable, Sendable {
  /// One room as the API spells it.
  struct RoomDTO: Decodable, Sendable {
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

  var rooms: [RoomDTO]
}

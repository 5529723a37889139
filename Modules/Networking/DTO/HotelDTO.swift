/// `GET /hotel` as the API spells it (`adress`, `about_the_hotel`).
struct HotelDTO: Decodable, Sendable {
  struct AboutDTO: Decodable, Sendable {
    var description: String
    var peculiarities: [String]
  }

  var id: Int
  var name: String
  var adress: String
  var minimalPrice: Int
  var priceForIt: String
  var rating: Int
  var ratingName: String
  var imageURLs: [String]
  var aboutTheHotel: AboutDTO

  enum CodingKeys: String, CodingKey {
    case id, name, adress, rating
    case minimalPrice = "minimal_price"
    case priceForIt = "price_for_it"
    case ratingName = "rating_name"
    case imageURLs = "image_urls"
    case aboutTheHotel = "about_the_hotel"
  }
}

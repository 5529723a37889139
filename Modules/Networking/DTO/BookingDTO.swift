/// `GET /booking?room=ID` as the API spells it (`hotel_adress`, `horating`, dates `dd.MM.yyyy`).
struct BookingDTO: Decodable, Sendable {
  var id: Int
  var hotelName: String
  var hotelAdress: String
  var horating: Int
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
  var minTourists: Int?
  var maxTourists: Int?

  enum CodingKeys: String, CodingKey {
    case id, horating, departure, room, nutrition
    case hotelName = "hotel_name"
    case hotelAdress = "hotel_adress"
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

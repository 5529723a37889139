/// The body of `POST /orders`.
struct OrderRequestDTO: Encodable, Sendable {
  struct BuyerDTO: Encodable, Sendable {
    var phone: String
    var email: String
  }

  struct TouristDTO: Encodable, Sendable {
    var firstName: String
    var lastName: String
    var birthDate: String
    var citizenship: String
    var passportNumber: String
    var passportExpiry: String

    enum CodingKeys: String, CodingKey {
      case citizenship
      case firstName = "first_name"
      case lastName = "last_name"
      case birthDate = "birth_date"
      case passportNumber = "passport_number"
      case passportExpiry = "passport_expiry"
    }
  }

  struct PriceDTO: Encodable, Sendable {
    var tour: Int
    var fuelCharge: Int
    var serviceCharge: Int
    var total: Int
    var currency: String

    enum CodingKeys: String, CodingKey {
      case tour, total, currency
      case fuelCharge = "fuel_charge"
      case serviceCharge = "service_charge"
    }
  }

  var bookingID: Int
  var roomID: Int
  var buyer: BuyerDTO
  var tourists: [TouristDTO]
  var price: PriceDTO
  /// Every field of the form by path, as shown (`{"extras.promoCode": "SUMMER10"}`).
  var form: [String: String]

  enum CodingKeys: String, CodingKey {
    case buyer, tourists, price, form
    case bookingID = "booking_id"
    case roomID = "room_id"
  }
}

/// The answer to `POST /orders`: `{"order_number": N, "total": 271910, "currency": "RUB", ...}`
/// (`total` and `currency` optional: a server may leave them out).
struct OrderResponseDTO: Decodable, Sendable {
  var orderNumber: Int
  var total: Int?
  var currency: String?

  enum CodingKeys: String, CodingKey {
    case total, currency
    case orderNumber = "order_number"
  }
}

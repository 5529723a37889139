// The floor under SPEC section 9's replay row: what any Swift client of the booking API pays
// on Linux for the replay's requests. Foundation + FoundationNetworking, one ephemeral
// URLSession, and the requests of the happy path in the replay's order (Hotel: hotel and
// rooms; Booking: the offer and the form; Pay: `POST /orders`, its body encoded with
// JSONEncoder and its `Idempotency-Key`; the restart: hotel and rooms again), each answer
// checked and decoded with JSONDecoder. No fixture in-process, no view models, no files: the
// benchmark runs it against `hotel serve`, side by side with the hello-world baseline.
//
//   BenchFloor http://127.0.0.1:8080
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The fields a screen needs first, enough to make the decoder walk each payload.
struct Hotel: Decodable {
  var name: String
  var adress: String
  var rating: Int
}

struct Rooms: Decodable {
  struct Room: Decodable {
    var id: Int
    var name: String
    var price: Int
  }
  var rooms: [Room]
}

struct Offer: Decodable {
  var id: Int
  var hotelName: String
  var tourPrice: Int
  var fuelCharge: Int
  var serviceCharge: Int

  enum CodingKeys: String, CodingKey {
    case id
    case hotelName = "hotel_name"
    case tourPrice = "tour_price"
    case fuelCharge = "fuel_charge"
    case serviceCharge = "service_charge"
  }
}

struct Form: Decodable {
  struct Section: Decodable { var id: String }
  var version: Int
  var sections: [Section]
}

/// The order the replay posts: the booking, the buyer, one tourist and the price.
struct Order: Encodable {
  struct Buyer: Encodable {
    var phone: String
    var email: String
  }

  struct Tourist: Encodable {
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

  struct Price: Encodable {
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
  var buyer: Buyer
  var tourists: [Tourist]
  var price: Price

  enum CodingKeys: String, CodingKey {
    case buyer, tourists, price
    case bookingID = "booking_id"
    case roomID = "room_id"
  }

  /// The replay's order for `offer` and room `roomID`.
  init(offer: Offer, roomID: Int) {
    bookingID = offer.id
    self.roomID = roomID
    buyer = Buyer(phone: "+7 (916) 123-45-67", email: "ivan@example.com")
    tourists = [
      Tourist(
        firstName: "Ivan", lastName: "Petrov", birthDate: "1990-02-01", citizenship: "Russia",
        passportNumber: "45 12 345678", passportExpiry: "2030-01-01")
    ]
    price = Price(
      tour: offer.tourPrice, fuelCharge: offer.fuelCharge, serviceCharge: offer.serviceCharge,
      total: offer.tourPrice + offer.fuelCharge + offer.serviceCharge, currency: "RUB")
  }
}

struct Accepted: Decodable {
  var orderNumber: Int

  enum CodingKeys: String, CodingKey { case orderNumber = "order_number" }
}

/// The client: one session, every answer checked for its success status and decoded.
struct Client {
  let base: URL
  let session = URLSession(configuration: .ephemeral)

  func get<Value: Decodable>(
    _ path: String, query: [URLQueryItem] = [], as type: Value.Type
  ) async throws -> Value {
    var components = URLComponents(
      url: base.appending(path: path), resolvingAgainstBaseURL: false)
    components?.queryItems = query.isEmpty ? nil : query
    guard let url = components?.url else { throw URLError(.badURL) }
    let (data, response) = try await session.data(from: url)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else {
      throw URLError(.badServerResponse)
    }
    return try JSONDecoder().decode(type, from: data)
  }

  /// `POST /orders` with `order` as JSON and a new idempotency key, as the replay sends it.
  func post(_ order: Order) async throws -> Accepted {
    var request = URLRequest(url: base.appending(path: "orders"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue(UUID().uuidString, forHTTPHeaderField: "Idempotency-Key")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    request.httpBody = try encoder.encode(order)
    let (data, response) = try await session.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 201 else {
      throw URLError(.badServerResponse)
    }
    return try JSONDecoder().decode(Accepted.self, from: data)
  }
}

/// The replay's requests, in its order; exit 0 when all were answered.
func replayRounds(_ client: Client) async -> Int32 {
  do {
    async let hotel = client.get("hotel", as: Hotel.self)
    async let rooms = client.get("rooms", as: Rooms.self)
    let (shown, list) = try await (hotel, rooms)
    let roomID = list.rooms.last?.id ?? 1
    let room = URLQueryItem(name: "room", value: String(roomID))
    async let offer = client.get("booking", query: [room], as: Offer.self)
    async let form = client.get("booking/form", as: Form.self)
    let (chosen, _) = try await (offer, form)
    _ = try await client.post(Order(offer: chosen, roomID: roomID))
    async let hotelAgain = client.get("hotel", as: Hotel.self)
    async let roomsAgain = client.get("rooms", as: Rooms.self)
    _ = try await (hotelAgain, roomsAgain)
    print(shown.name)
    return 0
  } catch {
    FileHandle.standardError.write(Data("BenchFloor: \(error)\n".utf8))
    return 1
  }
}

guard let text = CommandLine.arguments.dropFirst().first, let base = URL(string: text) else {
  FileHandle.standardError.write(Data("usage: BenchFloor BASE-URL\n".utf8))
  exit(2)
}
exit(await replayRounds(Client(base: base)))

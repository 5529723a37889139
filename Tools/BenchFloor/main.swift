// The floor under SPEC section 9's replay row: what any Swift client of the booking API pays
// on Linux before it shows a screen. Foundation + FoundationNetworking, one ephemeral
// URLSession, and the GETs of the happy path in the replay's three rounds (Hotel: hotel and
// rooms; Booking: the offer and the form; the restart: hotel and rooms again), each body
// decoded with JSONDecoder. No fixture in-process, no view models, no files: the benchmark runs
// it against `hotel serve`, side by side with the hello-world baseline.
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

  enum CodingKeys: String, CodingKey {
    case id
    case hotelName = "hotel_name"
    case tourPrice = "tour_price"
  }
}

struct Form: Decodable {
  struct Section: Decodable { var id: String }
  var version: Int
  var sections: [Section]
}

/// The client: one session, every GET checked for `200` and decoded.
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
}

/// The replay's three rounds of requests; exit 0 when all answered.
func replayRounds(_ client: Client) async -> Int32 {
  do {
    async let hotel = client.get("hotel", as: Hotel.self)
    async let rooms = client.get("rooms", as: Rooms.self)
    let (shown, list) = try await (hotel, rooms)
    let room = URLQueryItem(name: "room", value: String(list.rooms.first?.id ?? 1))
    async let offer = client.get("booking", query: [room], as: Offer.self)
    async let form = client.get("booking/form", as: Form.self)
    _ = try await (offer, form)
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

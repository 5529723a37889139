import Domain
import Foundation
import UseCases

/// A typed request to one of the API's endpoints: what to send, and how its body becomes a
/// Domain value.
struct Endpoint<Value: Sendable>: Sendable {
  /// `GET` or `POST`.
  var method: String
  /// The path below the base URL (`/booking`).
  var path: String
  /// The query's parameters, in order.
  var query: [(name: String, value: String)] = []
  /// The JSON body, for `POST`.
  var body: Data?
  /// Decodes the body and maps it to the Domain.
  var decode: @Sendable (Data) throws(APIError) -> Value

  /// The cache key: method, path, query and language (never the host, so the fixture's
  /// ephemeral port does not defeat the cache between runs).
  func cacheKey(language: Language) -> String {
    let query = query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    return "\(method) \(path)\(query.isEmpty ? "" : "?" + query) [\(language.rawValue)]"
  }
}

extension Endpoint where Value == Hotel {
  /// `GET /hotel`.
  static var hotel: Endpoint {
    Endpoint(method: "GET", path: "/hotel") { data throws(APIError) in
      try DomainMapping.hotel(PayloadDecoder.decode(HotelDTO.self, from: data))
    }
  }
}

extension Endpoint where Value == [Room] {
  /// `GET /rooms`.
  static var rooms: Endpoint {
    Endpoint(method: "GET", path: "/rooms") { data throws(APIError) in
      try DomainMapping.rooms(PayloadDecoder.decode(RoomsDTO.self, from: data))
    }
  }
}

extension Endpoint where Value == BookingOffer {
  /// `GET /booking?room=ID`.
  static func booking(roomID: Int) -> Endpoint {
    Endpoint(method: "GET", path: "/booking", query: [("room", String(roomID))]) {
      data throws(APIError) in
      try DomainMapping.booking(PayloadDecoder.decode(BookingDTO.self, from: data), roomID: roomID)
    }
  }
}

extension Endpoint where Value == FormSchema {
  /// `GET /booking/form`, decoded by the schema's own decoder (its snake_case keys), once per
  /// distinct body in `forms`.
  static func bookingForm(decodingIn forms: FormCompilations) -> Endpoint {
    Endpoint(method: "GET", path: "/booking/form") { data throws(APIError) in
      do throws(FormSchemaError) {
        return try forms.schema(decoding: data)
      } catch {
        throw DomainMapping.formSchemaError(error)
      }
    }
  }
}

extension Endpoint where Value == OrderConfirmation {
  /// `POST /orders` with `request` as its body.
  static func submitOrder(_ request: OrderRequest) throws(APIError) -> Endpoint {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let body: Data
    do {
      body = try encoder.encode(DomainMapping.orderBody(request))
    } catch {
      throw .undecodable(.invalidValue(path: nil))
    }
    return Endpoint(method: "POST", path: "/orders", body: body) { data throws(APIError) in
      try DomainMapping.confirmation(PayloadDecoder.decode(OrderResponseDTO.self, from: data))
    }
  }
}

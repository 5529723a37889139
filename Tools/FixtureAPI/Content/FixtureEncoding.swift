import Domain
import Foundation

/// The fixture's `GET` bodies encoded from ``FixtureContent`` with `JSONEncoder` (sorted keys,
/// slashes unescaped, so each body and its `ETag` are stable): what ``FixtureBodies`` holds ahead
/// of time, and what the server falls back to for a body it does not hold.
enum FixtureEncoding {
  /// The routes whose bodies ``FixtureBodies`` holds, as the router names them.
  static let routes = ["/hotel", "/rooms", "/booking?room=1", "/booking?room=2", "/booking/form"]

  /// The body of `route` in `language` (`/booking?room=ID` with any room), encoded now; `nil`
  /// when there is no such content.
  static func body(_ route: String, _ language: Language) -> [UInt8]? {
    switch route {
    case "/hotel": return encode(FixtureContent.hotel(language))
    case "/rooms": return encode(RoomsPayload(rooms: FixtureContent.rooms(language)))
    case "/booking/form": return FixtureContent.bookingForm(language)
    default:
      let prefix = "/booking?room="
      guard route.hasPrefix(prefix), let room = Int(route.dropFirst(prefix.count)),
        let booking = FixtureContent.booking(roomID: room, language)
      else { return nil }
      return encode(booking)
    }
  }

  /// The body of `201 Created` for order `number` of `total` roubles: what ``encode(_:)`` makes of
  /// an ``OrderAcceptedPayload`` (a test checks they agree), written directly.
  static func orderAccepted(number: Int, total: Int) -> [UInt8] {
    Array(
      #"{"currency":"RUB","order_number":\#(number),"status":"accepted","total":\#(total)}"#.utf8)
  }

  /// `value` as the fixture encodes every payload.
  static func encode(_ value: some Encodable) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? Array(encoder.encode(value))) ?? Array("{}".utf8)
  }
}

import Domain
import Foundation
import Testing

@testable import Persistence

/// Order files are written directly, without `JSONEncoder`, byte for byte as the encoder of
/// every other file writes them (and read back by it).
@Suite("Order file written directly")
struct OrderFormatTests {
  static func orders() throws -> [Order] {
    var plain = try Samples.order(104_893)
    var full = try Samples.order(7, key: #"quote " \ / "#, second: 59)
    full.placedAt = Date(timeIntervalSince1970: 1_789_000_000.9996)
    full.serverTotal = Money(300_850, currency: "RUB")
    full.request.tourists = [
      try Samples.tourist(), try Samples.tourist("Мария"), try Samples.tourist("Zoë"),
    ]
    full.request.form = [
      "tourist.10.firstName": "Ivan", "tourist.2.firstName": "Мария", "Z": "", "a": "\u{01}\n",
      "é": "x", "_": "/", "buyer.email": "ivan@example.com",
    ]
    full.request.offer.touristLimits = 2...6
    full.request.offer.hotelName = "Гостиница «Морская» 🏨"
    plain.request.form = [:]
    var empty = plain
    empty.request.tourists = []
    return [plain, full, empty]
  }

  @Test("the order written directly is what JSONEncoder writes, and reads back")
  func directEncodingMatchesTheEncoder() throws {
    for order in try Self.orders() {
      let direct = try OrderFormat.encode(order)
      let encoded = try JSONCoding.encoder().encode(Version2Mirror(schemaVersion: 2, order: order))
      #expect(String(decoding: direct, as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
      let decoded = try OrderFormat.decode(direct, version: 2)
      #expect(decoded.number == order.number && decoded.request == order.request)
      #expect(decoded.serverTotal == order.serverTotal)
    }
  }

  /// The file's shape as `OrderFormat` declares it (its own type is private).
  struct Version2Mirror: Encodable {
    var schemaVersion: Int
    var order: Order

    enum CodingKeys: String, CodingKey {
      case schemaVersion = "schema_version"
      case order
    }
  }
}

import Domain
import Foundation

/// The order file, `orders/<number>.json`.
///
/// Version 2 (current) is `{"schema_version": 2, "order": <Order>}`.
/// Version 1, written by the first release, stored the screen's view of the order: the booking
/// object as the API sent it (snake case, `dd.MM.yyyy` dates, prices as plain numbers), the
/// buyer's phone as typed, and the total as displayed (`"300 850 ₽"`). It is migrated on read by
/// validating each field through the Domain value types; the displayed total is recomputed.
enum OrderFormat: FileFormat {
  static let currentVersion = 2

  static func encode(_ value: Order) throws -> Data {
    try JSONCoding.encoder().encode(Version2(schemaVersion: currentVersion, order: value))
  }

  static func decode(_ data: Data, version: Int) throws -> Order {
    switch version {
    case 1: try JSONCoding.decoder().decode(Version1.self, from: data).migrated()
    default: try JSONCoding.decoder().decode(Version2.self, from: data).order
    }
  }

  // MARK: - Version 2

  private struct Version2: Codable {
    var schemaVersion: Int
    var order: Order

    enum CodingKeys: String, CodingKey {
      case schemaVersion = "schema_version"
      case order
    }
  }
}

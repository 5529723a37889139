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

  /// The order in the file, checked against the Domain's rules (``Domain/Order/firstProblem``).
  /// - Throws: a `DecodingError`, or ``InvalidRecord`` naming the refused value's path in the
  ///   file (`order.request.tourists`).
  static func decode(from decoder: any Decoder, version: Int) throws -> Order {
    let order: Order
    let prefix: String
    switch version {
    case 1:
      order = try Version1(from: decoder).migrated()
      prefix = ""
    default:
      order = try Version2(from: decoder).order
      prefix = "order."
    }
    if let problem = order.firstProblem {
      // Version 1 has other field names: its problems are named as the order's own.
      throw InvalidRecord(problem: prefix.isEmpty ? problem : problem.within(prefix))
    }
    return order
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

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

  /// The file as ``JSONCoding/encoder()`` writes it (a test checks they agree), written
  /// directly: saving an order is on the way to the Paid screen, and `JSONEncoder`'s first use
  /// in a process (its containers for each of the order's types) cost more than the write.
  static func encode(_ value: Order) throws -> Data {
    guard let placedAt = JSONText.date(value.placedAt) else {
      return try JSONCoding.encoder().encode(Version2(schemaVersion: currentVersion, order: value))
    }
    let request = value.request
    let offer = request.offer
    var order: [(key: String, value: JSONText.Value)] = [
      ("number", .int(value.number)), ("idempotencyKey", .string(value.idempotencyKey)),
      ("placedAt", .string(placedAt)),
      (
        "request",
        .object([
          (
            "buyer",
            .object([
              ("phone", .string(request.buyer.phone.e164)),
              ("email", .string(request.buyer.email.rawValue)),
            ])
          ),
          ("form", .object(request.form.map { ($0.key, .string($0.value)) })),
          (
            "offer",
            .object([
              ("id", .int(offer.id)), ("roomID", .int(offer.roomID)),
              ("hotelName", .string(offer.hotelName)),
              ("hotelAddress", .string(offer.hotelAddress)), ("rating", .int(offer.rating)),
              ("ratingName", .string(offer.ratingName)), ("departure", .string(offer.departure)),
              ("arrivalCountry", .string(offer.arrivalCountry)),
              (
                "tourDates",
                .object([
                  ("start", .string(offer.tourDates.start.isoString)),
                  ("stop", .string(offer.tourDates.stop.isoString)),
                ])
              ),
              ("numberOfNights", .int(offer.numberOfNights)), ("room", .string(offer.room)),
              ("nutrition", .string(offer.nutrition)),
              (
                "prices",
                .object([
                  ("tourPrice", money(offer.prices.tourPrice)),
                  ("fuelCharge", money(offer.prices.fuelCharge)),
                  ("serviceCharge", money(offer.prices.serviceCharge)),
                ])
              ),
              (
                "touristLimits",
                .array([.int(offer.touristLimits.lowerBound), .int(offer.touristLimits.upperBound)])
              ),
            ])
          ),
          ("tourists", .array(request.tourists.map(tourist))),
        ])
      ),
    ]
    if let total = value.serverTotal { order.append(("serverTotal", money(total))) }
    let file = JSONText.Value.object([
      ("schema_version", .int(currentVersion)), ("order", .object(order)),
    ])
    return Data(JSONText.pretty(file).utf8)
  }

  private static func money(_ money: Money) -> JSONText.Value {
    .object([("amount", .int(money.amount)), ("currency", .string(money.currency))])
  }

  private static func tourist(_ tourist: Tourist) -> JSONText.Value {
    .object([
      ("firstName", .string(tourist.firstName.rawValue)),
      ("lastName", .string(tourist.lastName.rawValue)),
      ("birthDate", .string(tourist.birthDate.isoString)),
      ("citizenship", .string(tourist.citizenship)),
      ("passportNumber", .string(tourist.passportNumber.rawValue)),
      ("passportExpiry", .string(tourist.passportExpiry.isoString)),
    ])
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

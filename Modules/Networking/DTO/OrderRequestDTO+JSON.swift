import Foundation

extension OrderRequestDTO {
  /// The body of `POST /orders` as `JSONEncoder` with sorted keys writes it (a test checks they
  /// agree byte for byte), written directly: the order is often a process's first use of
  /// `JSONEncoder`, whose generic containers cost more at first use than the request itself.
  func jsonBody() -> Data {
    var text = #"{"booking_id":"# + String(bookingID)
    text += #","buyer":{"email":"# + Self.quoted(buyer.email)
    text += #","phone":"# + Self.quoted(buyer.phone) + #"},"form":{"#
    text += form.keys.sorted().map { Self.quoted($0) + ":" + Self.quoted(form[$0] ?? "") }
      .joined(separator: ",")
    text += #"},"price":{"currency":"# + Self.quoted(price.currency)
    text += #","fuel_charge":"# + String(price.fuelCharge)
    text += #","service_charge":"# + String(price.serviceCharge)
    text += #","total":"# + String(price.total) + #","tour":"# + String(price.tour)
    text += #"},"room_id":"# + String(roomID) + #","tourists":["#
    text += tourists.map { tourist in
      #"{"birth_date":"# + Self.quoted(tourist.birthDate)
        + #","citizenship":"# + Self.quoted(tourist.citizenship)
        + #","first_name":"# + Self.quoted(tourist.firstName)
        + #","last_name":"# + Self.quoted(tourist.lastName)
        + #","passport_expiry":"# + Self.quoted(tourist.passportExpiry)
        + #","passport_number":"# + Self.quoted(tourist.passportNumber) + "}"
    }.joined(separator: ",")
    return Data((text + "]}").utf8)
  }

  /// `text` as a JSON string, escaped as `JSONEncoder` escapes it by default (quotes,
  /// backslashes, slashes and control characters; non-ASCII text kept as it is).
  static func quoted(_ text: String) -> String {
    var result = "\""
    result.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "/": result += "\\/"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case "\u{00}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

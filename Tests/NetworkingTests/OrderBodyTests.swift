import Foundation
import Testing

@testable import Networking

/// The body of `POST /orders` is written directly, byte for byte what `JSONEncoder` with sorted
/// keys writes.
@Suite("The order's body written without JSONEncoder")
struct OrderBodyTests {
  static let texts = [
    "Ivan", #"quote " backslash \ slash /"#, "control \u{01}\u{1F}\n\r\t\u{08}\u{0C}\u{7F} end",
    "Иван 🏨", "",
  ]

  @Test("the body written directly is what JSONEncoder writes", arguments: texts)
  func directBodyMatchesTheEncoder(text: String) throws {
    let tourist = OrderRequestDTO.TouristDTO(
      firstName: text, lastName: "Petrov", birthDate: "01.02.1990", citizenship: text,
      passportNumber: "45 12 345678", passportExpiry: "01.01.2030")
    for tourists in [[], [tourist], [tourist, tourist, tourist]] {
      let order = OrderRequestDTO(
        bookingID: 2, roomID: -7, buyer: .init(phone: "+79161234567", email: text),
        tourists: tourists,
        price: .init(
          tour: 289_400, fuelCharge: 9_300, serviceCharge: 2_150, total: Int.max, currency: text),
        form: tourists.isEmpty
          ? [:] : ["tourist.10.firstName": text, "tourist.2.firstName": "b", "buyer.email": "a"])
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      let encoded = try encoder.encode(order)
      #expect(
        String(decoding: order.jsonBody(), as: UTF8.self)
          == String(decoding: encoded, as: UTF8.self))
    }
  }
}

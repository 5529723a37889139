import Domain
import Foundation

/// The rules behind the fixture form's extras: the promo codes the server knows, the transfer's
/// price, and the order's total as the server computes it (SPEC section 6).
public enum FixtureExtras {
  /// The `action_url` of `price.discount`.
  public static let discountPath = "/booking/discount"
  /// The transfer's price per tourist, in roubles.
  public static let transferPerTourist = 3_500
  /// The only promo code the fixture knows: 10% off the tour price.
  public static let promoCode = "SUMMER10"
  /// Longer codes are refused without a look.
  public static let maxPromoCodeLength = 20
  /// The most characters of `extras.wishes`.
  public static let maxWishesLength = 500

  /// Why the fixture refused a calculation or an order, in the request's language.
  struct Refusal: Error, Equatable {
    var message: String
  }

  /// The discount (zero or negative, in roubles) for `code` on a tour price of `tour`.
  static func discount(code: String, tour: Int, _ language: Language) throws(Refusal) -> Int {
    let trimmed = code.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return 0 }
    guard trimmed.uppercased() == promoCode else {
      throw Refusal(
        message: language == .ru ? "Этот промокод недействителен" : "This promo code is not valid")
    }
    // 10%, rounded to the nearest rouble, never more than the tour itself.
    let tenth = (tour + 5) / 10
    return -max(0, min(tenth, tour))
  }

  /// The answer to `POST /booking/discount`: `{"field": "price.discount", "inputs":
  /// {"extras.promoCode": "SUMMER10", "price.tour": 289400}}` -> `{"value": -28940}`, or a
  /// 400/422 with `{"error": "message"}`; a refused code names its field (`"field":
  /// "extras.promoCode"`), so the app shows the message where the code was typed.
  static func answerDiscount(_ body: [UInt8], _ language: Language) -> HTTPResponse {
    guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
      let inputs = object["inputs"] as? [String: Any]
    else { return .error(400, "the body must be {\"field\": ..., \"inputs\": {...}}") }
    let code = inputs[promoCodePath] as? String ?? ""
    guard let tour = (inputs["price.tour"] as? NSNumber).map({ $0.doubleValue }),
      tour.isFinite, tour >= 0, tour <= 1e12
    else { return .error(400, "inputs[\"price.tour\"] must be a price") }
    do {
      let value = try discount(code: code, tour: Int(tour.rounded()), language)
      return .json(200, Array(#"{"value":\#(value)}"#.utf8))
    } catch {
      return .error(422, error.message, field: promoCodePath)
    }
  }

  /// The input `POST /booking/discount` reads the code from, named in its refusals.
  static let promoCodePath = "extras.promoCode"

  /// The total of an order for the fixture's own form, as the fixture computes it from the order's
  /// own body (``FixtureOrderPricing``): the room's prices for its tourists, the transfer when
  /// `form["extras.transfer"]` is `true`, less the promo code's discount.
  ///
  /// Throws a refusal for an unknown room or promo code.
  static func orderTotal(_ body: [String: Any], _ language: Language) throws(Refusal) -> Int {
    let offer = try FixtureExtras.offer(of: body, language)
    guard
      let engine = FixtureOrderPricing.engine(
        for: FixtureContent.bookingFormSchema(language), offer: offer, language)
    else { throw Refusal(message: "the form cannot be compiled") }
    return try FixtureOrderPricing.total(of: body, engine: engine, offer: offer, language)
  }

  /// The offer an order books (its `room_id`), in `language`.
  static func offer(of body: [String: Any], _ language: Language) throws(Refusal) -> BookingPayload
  {
    guard let roomID = wholeNumber(body["room_id"]) else {
      throw Refusal(message: "room_id: a whole number, the id of a room")
    }
    guard let offer = FixtureContent.booking(roomID: roomID, language) else {
      throw Refusal(message: "unknown room_id")
    }
    return offer
  }

  /// `value` as JSONSerialization gives a whole JSON number (`2`, `2.0`), or `nil` for anything
  /// else: a fraction, a number no `Int` holds, a text, and a JSON `true` or `false`.
  ///
  /// JSONSerialization gives an `NSNumber` for a bool too, and on Linux `as? Int` reads it as 1 or
  /// 0 and `is Bool` holds for a 0 or 1, so a bool is told by its type code (`c`, a `char`), which
  /// JSONSerialization gives no number.
  static func wholeNumber(_ value: Any?) -> Int? {
    guard let number = value as? NSNumber,
      String(cString: number.objCType) != "c"
    else { return nil }
    return value as? Int
  }
}

import Domain
import Foundation

/// The total of an order as the fixture computes it (SPEC section 6: "the server computes the
/// order's total itself"): the form it serves, evaluated by Domain's ``Domain/FormEngine`` with the
/// order's room as the booking constants, its tourists as the repeat count of `tourist`, and the
/// order's own field values (its `form`, by path) typed in.
///
/// Fields computed by the server (`action_url`) get the fixture's own answers, so a designer's
/// price lines (`hotel serve --form FILE`) make the same total on Paid as on Booking. A field the
/// app left out of the order because it was hidden is hidden here too (its `visible_if` reads the
/// same values), so it costs nothing in the total, as on Booking.
///
/// ```swift
/// let body: [String: Any] = ["room_id": 2, "form": ["extras.promoCode": "SUMMER10"]]
/// let offer = try FixtureExtras.offer(of: body, .en)
/// if let engine = FixtureOrderPricing.engine(
///   for: FixtureContent.bookingFormSchema(.en), offer: offer)
/// {
///   try FixtureOrderPricing.total(of: body, engine: engine, offer: offer, .en)  // 271910
/// }
/// ```
enum FixtureOrderPricing {
  /// The path of the form's total, as the app reads it.
  static let totalPath: FieldPath = "price.total"
  /// The repeatable section of the tourists.
  static let touristSection = "tourist"

  /// `schema` compiled with `offer`'s constants; the built-in form in `language` when `schema`
  /// does not compile (the app then shows its built-in form too).
  static func engine(
    for schema: FormSchema, offer: BookingPayload, _ language: Language = .en
  ) -> FormEngine? {
    let constants: [String: FormValue] = [
      FormSchema.BookingConstant.tourPrice: .number(Double(offer.tourPrice)),
      FormSchema.BookingConstant.fuelCharge: .number(Double(offer.fuelCharge)),
      FormSchema.BookingConstant.serviceCharge: .number(Double(offer.serviceCharge)),
      FormSchema.BookingConstant.minTourists: .number(Double(offer.minTourists)),
      FormSchema.BookingConstant.maxTourists: .number(Double(offer.maxTourists)),
    ]
    if let engine = try? FormEngine(schema: schema, constants: constants) { return engine }
    return try? FormEngine(schema: .booking(language: language), constants: constants)
  }

  /// The order's total (whole roubles), computed by `engine` from the order's body.
  /// - Throws: the refusal of a server calculation (an unknown promo code, in `language`), one
  ///   naming the field whose value the fixture cannot compute (a server calculation it does
  ///   not answer, a total the order's values leave without a value), or one naming a part of
  ///   the body of the wrong type or a tourist count outside the form's bounds.
  static func total(
    of body: [String: Any], engine: FormEngine, offer: BookingPayload, _ language: Language
  ) throws(FixtureExtras.Refusal) -> Int {
    let (tourists, texts) = try fields(of: body)
    var state = engine.makeState(repeatCounts: [touristSection: max(1, tourists)], texts: texts)
    // The form would clamp the count to its bounds: the order would be priced for tourists it
    // does not have.
    if let bounds = state.repeatBounds(touristSection), !bounds.contains(tourists) {
      throw FixtureExtras.Refusal(
        message:
          "tourists: the order has \(tourists), this room takes \(bounds.lowerBound) to \(bounds.upperBound)"
      )
    }
    try answerCalculations(in: &state, language)
    guard state.field(totalPath) != nil else {
      // A form without a total: the app shows the offer's price for the tourists.
      let count = state.repeatCount(touristSection)
      return (offer.tourPrice + offer.fuelCharge) * count + offer.serviceCharge
    }
    guard let number = state.value(totalPath).number, let total = Money(rounding: number) else {
      throw FixtureExtras.Refusal(
        message: "\(totalPath) cannot be calculated from this order's fields")
    }
    return total.amount
  }

  /// The order's tourist count (1 when it names none) and its `form` texts by path, as the app
  /// sends them (`"tourists": [...]`, `"form": {"extras.promoCode": "SUMMER10"}`).
  /// - Throws: a refusal naming the part of another type (never read as if it were absent).
  private static func fields(
    of body: [String: Any]
  ) throws(FixtureExtras.Refusal) -> (tourists: Int, texts: [FieldPath: String]) {
    var tourists = 1
    if let value = body["tourists"] {
      guard let list = value as? [Any] else {
        throw FixtureExtras.Refusal(message: "tourists: a list of tourists")
      }
      tourists = list.count
    }
    var texts: [FieldPath: String] = [:]
    if let value = body["form"] {
      guard let form = value as? [String: Any] else {
        throw FixtureExtras.Refusal(message: "form: an object of texts by field path")
      }
      for (path, value) in form {
        guard let text = value as? String else {
          throw FixtureExtras.Refusal(message: "form.\(path): a text, as the field shows it")
        }
        texts[FieldPath(path)] = text
      }
    }
    return (tourists, texts)
  }

  /// Gives every shown field computed by the server the fixture's answer, as the app asked for
  /// them, until no value changes (one field's answer may be another's input); each round is
  /// bounded by the number of such fields.
  private static func answerCalculations(
    in state: inout FormState, _ language: Language
  ) throws(FixtureExtras.Refusal) {
    let requests = state.remoteRequests()
    for _ in 0...requests.count {
      var changed = false
      for request in state.remoteRequests() where state.isVisible(request.path) {
        let value = try answer(request, language)
        if !state.setRemoteValue(value, at: request.path).isEmpty { changed = true }
      }
      if !changed { return }
    }
  }

  private static func answer(
    _ request: RemoteCalculationRequest, _ language: Language
  ) throws(FixtureExtras.Refusal) -> FormValue {
    let path = URL(string: request.url).map(\.path) ?? request.url
    guard path == FixtureExtras.discountPath else {
      throw FixtureExtras.Refusal(
        message: "\(request.path) is computed at \(request.url), which this server does not answer")
    }
    let code = request.inputs["extras.promoCode"]?.displayText ?? ""
    guard let tour = request.inputs["price.tour"]?.number, tour.isFinite, tour >= 0, tour <= 1e12
    else {
      throw FixtureExtras.Refusal(message: "\(request.path) needs price.tour, a price")
    }
    let discount = try FixtureExtras.discount(code: code, tour: Int(tour.rounded()), language)
    return .number(Double(discount))
  }
}

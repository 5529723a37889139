extension Order {
  /// The first value of this order that the Domain's rules refuse, with its path in the order
  /// (`request.tourists`, `serverTotal.amount`), or `nil` when the order is one the app could
  /// have placed: what a saved order read back from disk is checked against (a file edited by
  /// hand or damaged is not listed as a real order).
  ///
  /// The rules: a positive order number; the offer's rating, nights, prices and tourist limits
  /// as ``RecordRules`` check an API's offer; as many tourists as the offer allows
  /// (``TouristCount``); every tourist born before the tour starts, with a passport valid after
  /// it ends (``FieldRule/passportExpiry``); a total (the server's, or the one the form showed)
  /// from 0 to ``Money/maximumComputedAmount``.
  public var firstProblem: DecodingProblem? {
    let offer = request.offer
    let limits = offer.touristLimits
    let checks: [() -> DecodingProblem?] = [
      { RecordRules.orderNumber(number, path: "number") },
      { RecordRules.rating(offer.rating, path: "request.offer.rating") },
      { RecordRules.nights(offer.numberOfNights, path: "request.offer.numberOfNights") },
      { RecordRules.price(offer.prices.tourPrice.amount, path: "request.offer.prices.tourPrice") },
      {
        RecordRules.price(offer.prices.fuelCharge.amount, path: "request.offer.prices.fuelCharge")
      },
      {
        RecordRules.price(
          offer.prices.serviceCharge.amount, path: "request.offer.prices.serviceCharge")
      },
      {
        RecordRules.touristLimits(
          min: limits.lowerBound, max: limits.upperBound,
          minPath: "request.offer.touristLimits", maxPath: "request.offer.touristLimits")
      },
      {
        TouristCount.validate(request.tourists.count, limits: limits) == nil
          ? nil : .outOfRange(path: "request.tourists", value: String(request.tourists.count))
      },
      { touristProblem },
      { serverTotal.flatMap { RecordRules.total($0.amount, path: "serverTotal.amount") } },
      {
        request.form["price.total"].flatMap { Int($0) }.flatMap {
          RecordRules.total($0, path: "request.form.price.total")
        }
      },
    ]
    for check in checks {
      if let problem = check() { return problem }
    }
    return nil
  }

  private var touristProblem: DecodingProblem? {
    let dates = request.offer.tourDates
    let context = ValidationContext(today: dates.start, tripEnd: dates.stop)
    for (index, tourist) in request.tourists.enumerated() {
      if tourist.birthDate >= dates.start {
        return .invalidValue(path: "request.tourists[\(index)].birthDate")
      }
      if FieldRule.passportExpiry.validate(tourist.passportExpiry.isoString, in: context) != nil {
        return .invalidValue(path: "request.tourists[\(index)].passportExpiry")
      }
    }
    return nil
  }
}

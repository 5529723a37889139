/// The price rule of SPEC section 3: `tour_price` and `fuel_charge` are per tourist,
/// `service_charge` per booking.
///
/// ```swift
/// let rule = PriceRule(tourPrice: Money(289_400), fuelCharge: Money(9_300),
///                      serviceCharge: Money(2_150))
/// rule.breakdown(tourists: 1).total  // 300 850 RUB
/// rule.breakdown(tourists: 2).total  // 599 550 RUB
/// ```
public struct PriceRule: Hashable, Sendable, Codable {
  /// The tour's price for one tourist.
  public var tourPrice: Money
  /// The fuel charge for one tourist.
  public var fuelCharge: Money
  /// The service charge for the whole booking.
  public var serviceCharge: Money

  /// Creates a rule.
  public init(tourPrice: Money, fuelCharge: Money, serviceCharge: Money) {
    self.tourPrice = tourPrice
    self.fuelCharge = fuelCharge
    self.serviceCharge = serviceCharge
  }

  /// The price lines for `tourists` tourists.
  public func breakdown(tourists: Int) -> PriceBreakdown {
    let tour = tourPrice * tourists
    let fuel = fuelCharge * tourists
    return PriceBreakdown(
      tour: tour, fuelCharge: fuel, serviceCharge: serviceCharge,
      total: tour + fuel + serviceCharge)
  }
}

/// The price lines shown in the booking's price details.
public struct PriceBreakdown: Hashable, Sendable, Codable {
  /// The tour price times the tourists.
  public var tour: Money
  /// The fuel charge times the tourists.
  public var fuelCharge: Money
  /// The service charge, once per booking.
  public var serviceCharge: Money
  /// The total to pay.
  public var total: Money

  /// Creates a breakdown.
  public init(tour: Money, fuelCharge: Money, serviceCharge: Money, total: Money) {
    self.tour = tour
    self.fuelCharge = fuelCharge
    self.serviceCharge = serviceCharge
    self.total = total
  }
}

/// A line of the price details.
public enum PriceLineKind: Hashable, Sendable, CaseIterable {
  /// The tour price times the tourists.
  case tour
  /// The fuel charge times the tourists.
  case fuelCharge
  /// The service charge.
  case serviceCharge
  /// The total to pay.
  case total
}

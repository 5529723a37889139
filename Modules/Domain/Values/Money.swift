/// An amount of money in whole units of one currency (the API's prices are whole roubles).
///
/// ```swift
/// let perTourist = Money(186_600) + Money(9_300)
/// perTourist * 2 + Money(2_150)  // 392 150 RUB
/// ```
public struct Money: Hashable, Comparable, Sendable, Codable {
  /// The amount in whole units of ``currency``.
  public var amount: Int
  /// The ISO 4217 code, `RUB` for every price the API sends.
  public var currency: String

  /// Creates an amount; the currency defaults to roubles.
  public init(_ amount: Int, currency: String = "RUB") {
    self.amount = amount
    self.currency = currency
  }

  /// The largest price the API may send for one line (`tour_price`, `fuel_charge`,
  /// `service_charge`, a room's or the hotel's price): a trillion units.
  ///
  /// A larger one is refused when the payload is decoded, so every sum and product of prices the
  /// app makes (at most 1 000 tourists) stays exact in a `Double` and far from `Int`'s limits.
  public static let maximumPrice = 1_000_000_000_000

  /// The largest amount a computed value can become (2^53: beyond it a `Double` no longer holds
  /// every whole number); see ``init(rounding:currency:)``.
  public static let maximumComputedAmount = 9_007_199_254_740_992

  /// The whole amount nearest to `value`, a half rounded away from zero, for a number the form
  /// engine computed: the one rounding of computed money (the screen, the order and Paid use it).
  ///
  /// `nil` when `value` is not finite or its magnitude is above ``maximumComputedAmount`` (a
  /// schema's `compute` can make any number, so converting it must never trap).
  ///
  /// ```swift
  /// Money(rounding: 300_850.4)   // 300 850 RUB
  /// Money(rounding: 300_850.5)   // 300 851 RUB
  /// Money(rounding: 1e23)        // nil
  /// ```
  public init?(rounding value: Double, currency: String = "RUB") {
    let rounded = value.rounded(.toNearestOrAwayFromZero)
    guard rounded.isFinite, abs(rounded) <= Double(Self.maximumComputedAmount) else { return nil }
    self.init(Int(rounded), currency: currency)
  }

  /// The amounts a total to pay can be: more than zero, at most ``maximumComputedAmount``.
  ///
  /// A form whose total is outside them cannot be paid.
  public static let payableAmounts = 1...maximumComputedAmount

  /// Whether this amount can be paid (``payableAmounts``).
  public var isPayable: Bool { Self.payableAmounts.contains(amount) }

  /// Zero of `currency`.
  public static func zero(_ currency: String = "RUB") -> Money { Money(0, currency: currency) }

  /// The sum of two amounts of the same currency (the left one's currency is kept); it stops
  /// at the largest or smallest amount rather than overflowing.
  public static func + (lhs: Money, rhs: Money) -> Money {
    let (sum, overflow) = lhs.amount.addingReportingOverflow(rhs.amount)
    return Money(overflow ? saturated(negative: rhs.amount < 0) : sum, currency: lhs.currency)
  }

  /// The amount multiplied by a count (for per-tourist prices); it stops at the largest or
  /// smallest amount rather than overflowing.
  public static func * (lhs: Money, rhs: Int) -> Money {
    let (product, overflow) = lhs.amount.multipliedReportingOverflow(by: rhs)
    let negative = (lhs.amount < 0) != (rhs < 0)
    return Money(overflow ? saturated(negative: negative) : product, currency: lhs.currency)
  }

  /// Compares amounts (of the same currency).
  public static func < (lhs: Money, rhs: Money) -> Bool { lhs.amount < rhs.amount }

  private static func saturated(negative: Bool) -> Int { negative ? Int.min : Int.max }
}

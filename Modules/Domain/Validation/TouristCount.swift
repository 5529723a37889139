/// The tourists rule of SPEC section 4: a booking has between the offer's `min_tourists` and
/// `max_tourists` tourists.
///
/// ```swift
/// TouristCount.validate(5, limits: offer.touristLimits)  // .tooManyTourists(max: 4)
/// TouristCount.canAdd(after: 4, limits: 1...4)           // false: `booking.addTourist` is disabled
/// ```
public enum TouristCount {
  /// The problem with `count` tourists under `limits`, or `nil` when it is within them.
  public static func validate(_ count: Int, limits: ClosedRange<Int>) -> ValidationError? {
    if count < limits.lowerBound { return .tooFewTourists(min: limits.lowerBound) }
    if count > limits.upperBound { return .tooManyTourists(max: limits.upperBound) }
    return nil
  }

  /// Whether one more tourist can be added to `count`.
  public static func canAdd(after count: Int, limits: ClosedRange<Int>) -> Bool {
    count < limits.upperBound
  }

  /// Whether a tourist can be removed from `count`.
  public static func canRemove(from count: Int, limits: ClosedRange<Int>) -> Bool {
    count > limits.lowerBound
  }
}

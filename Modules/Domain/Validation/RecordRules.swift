/// The rules the values of a booking keep wherever they come from (the API's answers, a saved order
/// read back from disk): one home for each, so a value the API may not send cannot come back in
/// through a file either.
///
/// Each check returns the problem with its path, or `nil`.
///
/// ```swift
/// RecordRules.price(-5, path: "tour_price")     // .outOfRange(path: "tour_price", value: "-5")
/// RecordRules.rating(4, path: "horating")        // nil
/// ```
public enum RecordRules {
  /// The ratings a hotel can have.
  public static let ratings = 1...5
  /// The most tourists an offer may allow (`max_tourists`): the booking form repeats its
  /// tourist section at most this often.
  public static let maximumTourists = 100

  /// A price: from 0 to ``Money/maximumPrice``.
  public static func price(_ amount: Int, path: String) -> DecodingProblem? {
    (0...Money.maximumPrice).contains(amount)
      ? nil : .outOfRange(path: path, value: String(amount))
  }

  /// A total the server computed (it may include extras): from 0 to
  /// ``Money/maximumComputedAmount``.
  public static func total(_ amount: Int, path: String) -> DecodingProblem? {
    (0...Money.maximumComputedAmount).contains(amount)
      ? nil : .outOfRange(path: path, value: String(amount))
  }

  /// A hotel's rating: one of ``ratings``.
  public static func rating(_ rating: Int, path: String) -> DecodingProblem? {
    ratings.contains(rating) ? nil : .outOfRange(path: path, value: String(rating))
  }

  /// A number of nights: not negative.
  public static func nights(_ nights: Int, path: String) -> DecodingProblem? {
    nights >= 0 ? nil : .outOfRange(path: path, value: String(nights))
  }

  /// An order number: positive.
  public static func orderNumber(_ number: Int, path: String) -> DecodingProblem? {
    number > 0 ? nil : .outOfRange(path: path, value: String(number))
  }

  /// An offer's tourist limits: at least 1, at most ``maximumTourists``, the least not above the
  /// most.
  ///
  /// `minPath` and `maxPath` name the two.
  public static func touristLimits(
    min: Int, max: Int, minPath: String, maxPath: String
  ) -> DecodingProblem? {
    if min < 1 || min > maximumTourists { return .outOfRange(path: minPath, value: String(min)) }
    if max > maximumTourists || max < min { return .outOfRange(path: maxPath, value: String(max)) }
    return nil
  }
}

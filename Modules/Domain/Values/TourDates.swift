/// The first and last day of a tour; the start is never after the stop.
///
/// ```swift
/// let dates = TourDates(start: try CalendarDate(parsing: "19.09.2027"),
///                       stop: try CalendarDate(parsing: "27.09.2027"))
/// dates?.stop.dottedString  // "27.09.2027"
/// ```
public struct TourDates: Hashable, Sendable {
  /// The first day.
  public let start: CalendarDate
  /// The last day (passports must be valid after it).
  public let stop: CalendarDate

  /// Creates tour dates, or returns `nil` when `stop` is before `start`.
  public init?(start: CalendarDate, stop: CalendarDate) {
    guard start <= stop else { return nil }
    self.start = start
    self.stop = stop
  }
}

extension TourDates: Codable {
  private enum CodingKeys: String, CodingKey {
    case start
    case stop
  }

  /// Decodes `{"start": ..., "stop": ...}`, refusing a stop before the start.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let start = try container.decode(CalendarDate.self, forKey: .start)
    let stop = try container.decode(CalendarDate.self, forKey: .stop)
    guard let dates = TourDates(start: start, stop: stop) else {
      throw DecodingError.dataCorruptedError(
        forKey: .stop, in: container,
        debugDescription: "the tour ends (\(stop)) before it starts (\(start))")
    }
    self = dates
  }

  /// Encodes `{"start": "yyyy-MM-dd", "stop": "yyyy-MM-dd"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(start, forKey: .start)
    try container.encode(stop, forKey: .stop)
  }
}

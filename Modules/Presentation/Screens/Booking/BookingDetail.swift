/// A row of the booking details.
public enum BookingDetail: Hashable, Sendable, CaseIterable {
  /// The city of departure.
  case departure
  /// The country and city of arrival.
  case arrivalCountry
  /// The tour's dates.
  case dates
  /// The number of nights.
  case nights
  /// The hotel's name.
  case hotel
  /// The room's name.
  case room
  /// The meal plan.
  case nutrition
}

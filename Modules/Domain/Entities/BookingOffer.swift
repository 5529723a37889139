/// The booking offer for one room: the trip's details and its prices (`GET /booking?room=ID`).
public struct BookingOffer: Hashable, Sendable, Codable {
  /// The API's identifier of the offer.
  public var id: Int
  /// The room this offer is for (the `room` query parameter that fetched it).
  public var roomID: Int
  /// The hotel's name.
  public var hotelName: String
  /// The hotel's address (`hotel_adress`).
  public var hotelAddress: String
  /// The hotel's rating (`horating`).
  public var rating: Int
  /// The rating's name.
  public var ratingName: String
  /// The city of departure.
  public var departure: String
  /// The country of arrival.
  public var arrivalCountry: String
  /// The first and last day of the tour.
  public var tourDates: TourDates
  /// The number of nights.
  public var numberOfNights: Int
  /// The room's name.
  public var room: String
  /// The meal plan ("All inclusive").
  public var nutrition: String
  /// The prices of SPEC section 3.
  public var prices: PriceRule
  /// How many tourists the offer allows (`min_tourists`...`max_tourists`, default 1...4).
  public var touristLimits: ClosedRange<Int>

  /// Creates an offer.
  public init(
    id: Int, roomID: Int, hotelName: String, hotelAddress: String, rating: Int,
    ratingName: String, departure: String, arrivalCountry: String, tourDates: TourDates,
    numberOfNights: Int, room: String, nutrition: String, prices: PriceRule,
    touristLimits: ClosedRange<Int> = 1...4
  ) {
    self.id = id
    self.roomID = roomID
    self.hotelName = hotelName
    self.hotelAddress = hotelAddress
    self.rating = rating
    self.ratingName = ratingName
    self.departure = departure
    self.arrivalCountry = arrivalCountry
    self.tourDates = tourDates
    self.numberOfNights = numberOfNights
    self.room = room
    self.nutrition = nutrition
    self.prices = prices
    self.touristLimits = touristLimits
  }
}

/// The hotel shown on the first screen.
public struct Hotel: Hashable, Sendable, Codable {
  /// The API's identifier.
  public var id: Int
  /// The hotel's name.
  public var name: String
  /// The street address (the API spells the field `adress`).
  public var address: String
  /// The lowest price of a tour, shown as "from 134 268 ₽".
  public var minimalPrice: Money
  /// What the minimal price buys ("for a tour with flight").
  public var priceForIt: String
  /// The rating, 1...5.
  public var rating: Int
  /// The rating's name ("Excellent").
  public var ratingName: String
  /// Photo addresses, in carousel order.
  public var imageURLs: [String]
  /// The description paragraph.
  public var description: String
  /// Feature tags ("Free Wi-Fi throughout the hotel").
  public var peculiarities: [String]

  /// Creates a hotel.
  public init(
    id: Int, name: String, address: String, minimalPrice: Money, priceForIt: String,
    rating: Int, ratingName: String, imageURLs: [String], description: String,
    peculiarities: [String]
  ) {
    self.id = id
    self.name = name
    self.address = address
    self.minimalPrice = minimalPrice
    self.priceForIt = priceForIt
    self.rating = rating
    self.ratingName = ratingName
    self.imageURLs = imageURLs
    self.description = description
    self.peculiarities = peculiarities
  }
}

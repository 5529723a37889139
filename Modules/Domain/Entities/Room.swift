/// A room that can be booked, shown as a card on the Rooms screen.
public struct Room: Hashable, Sendable, Codable, Identifiable {
  /// The API's identifier, used in `rooms.room.ID.choose` and `GET /booking?room=ID`.
  public var id: Int
  /// The room's name ("Deluxe room with sea view").
  public var name: String
  /// The price of a tour in this room.
  public var price: Money
  /// What the price covers ("For 7 nights with flight").
  public var pricePer: String
  /// Feature tags.
  public var peculiarities: [String]
  /// Photo addresses, in carousel order.
  public var imageURLs: [String]

  /// Creates a room.
  public init(
    id: Int, name: String, price: Money, pricePer: String, peculiarities: [String],
    imageURLs: [String]
  ) {
    self.id = id
    self.name = name
    self.price = price
    self.pricePer = pricePer
    self.peculiarities = peculiarities
    self.imageURLs = imageURLs
  }
}

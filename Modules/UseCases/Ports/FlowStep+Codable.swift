import Foundation

/// The draft's form of a step, as Swift's synthesized coding wrote it (`{"hotel": {}}`,
/// `{"booking": {"roomID": 2}}`, `{"paid": {"orderNumber": 104893}}`), written out so that a
/// step the program does not know (`{"spaceship": {}}`, a saved draft edited by hand) fails as a
/// value that is not valid at its path (`draft.stack[0]`), not as "not an object".
extension FlowStep {
  private enum Kind: String, CodingKey {
    case hotel, rooms, booking, paid
  }

  private enum Field: String, CodingKey {
    case roomID, orderNumber
  }

  /// Decodes the one key naming the step, and the step's fields.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Kind.self)
    guard container.allKeys.count == 1, let kind = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "a step is one of hotel, rooms, booking, paid"))
    }
    let fields = try container.nestedContainer(keyedBy: Field.self, forKey: kind)
    switch kind {
    case .hotel: self = .hotel
    case .rooms: self = .rooms
    case .booking: self = .booking(roomID: try fields.decode(Int.self, forKey: .roomID))
    case .paid: self = .paid(orderNumber: try fields.decode(Int.self, forKey: .orderNumber))
    }
  }

  /// Encodes the step as one key naming it, holding its fields.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Kind.self)
    switch self {
    case .hotel: _ = container.nestedContainer(keyedBy: Field.self, forKey: .hotel)
    case .rooms: _ = container.nestedContainer(keyedBy: Field.self, forKey: .rooms)
    case .booking(let roomID):
      var fields = container.nestedContainer(keyedBy: Field.self, forKey: .booking)
      try fields.encode(roomID, forKey: .roomID)
    case .paid(let orderNumber):
      var fields = container.nestedContainer(keyedBy: Field.self, forKey: .paid)
      try fields.encode(orderNumber, forKey: .orderNumber)
    }
  }
}

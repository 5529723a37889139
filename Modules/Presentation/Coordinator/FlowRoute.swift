import Domain

/// Where a screen asks the coordinator to go; only the coordinator changes the stack.
public enum FlowRoute: Hashable, Sendable {
  /// Hotel: "Choose a room".
  case rooms
  /// Rooms: a room was chosen.
  case booking(roomID: Int)
  /// Booking: the order was accepted (`savedLocally` is false when it could not be saved on
  /// this device).
  case paid(Order, savedLocally: Bool)
  /// Paid: "Done" starts over.
  case restart
  /// Booking: the server no longer offers this room (`GET /booking` answered 404, as for a
  /// booking restored from a draft after the room was withdrawn): back to Rooms, which says so.
  case roomUnavailable(roomID: Int)
}

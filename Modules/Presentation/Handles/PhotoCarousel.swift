/// Which photo carousel: the hotel's, or a room card's.
public enum PhotoCarousel: Hashable, Sendable {
  /// Hotel's carousel (`hotel.photos`).
  case hotel
  /// The carousel of the room with this ID (`rooms.room.ID.photos`).
  case room(Int)
}

/// A step through a carousel's photos.
public enum PhotoStep: String, Hashable, Sendable, CaseIterable {
  /// The photo before (`.previous`).
  case previous
  /// The photo after (`.next`).
  case next
}

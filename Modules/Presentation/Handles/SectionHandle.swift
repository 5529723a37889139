/// Which section a ``SectionModel`` is: what its toggle acts on, and where its accessibility ID
/// comes from (``ElementHandle``).
public enum SectionHandle: Hashable, Sendable {
  /// Hotel: "About the hotel" (`hotel.about`).
  case hotelAbout
  /// Rooms: the card of the room with this ID (`rooms.room.ID`).
  case room(Int)
  /// Booking: the booking details (`booking.details`).
  case bookingDetails
  /// Booking: a section of the form (`booking.buyer`, `booking.tourist.2`, `booking.price`).
  case form(SectionInstance)
}

import Domain

/// What a button does: the typed handle a ``ButtonModel`` carries and its intent takes.
///
/// A view calls `model.perform(button.action)` (every view model and the coordinator take it),
/// or the event-named intent the action names (`payTapped()`, `removeTouristTapped(2)`).
/// ``ElementHandle`` makes its accessibility ID.
public enum ButtonAction: Hashable, Sendable {
  /// Hotel: "Choose a room" (`hotel.chooseRoom`).
  case showRooms
  /// Rooms: "Choose this room" on the room with this ID (`rooms.room.ID.choose`).
  case chooseRoom(Int)
  /// Rooms: the previous or next page of a catalogue longer than
  /// ``RoomsViewModel/pageSize`` rooms (`rooms.page.previous`, `rooms.page.next`).
  case roomsPage(PhotoStep)
  /// A carousel's previous or next photo (`hotel.photos.next`, `rooms.room.ID.photos.previous`).
  case photo(PhotoCarousel, PhotoStep)
  /// Booking: "Add tourist" (`booking.addTourist`).
  case addTourist
  /// Booking: "Remove tourist" on tourist K, from 2 (`booking.tourist.K.remove`).
  case removeTourist(Int)
  /// Booking: Pay (`booking.pay`).
  case pay
  /// Paid: "Done", which starts over (`paid.done`).
  case done
  /// Retry after a load failure on this screen (`SCREEN.retry`).
  case retry(ScreenKind)
  /// Booking: retry the server calculation of the field at this path after a network failure
  /// (`booking.PATH.retry`).
  case retryCalculation(FieldPath)
  /// Collapses or expands a collapsible section (its ID is the section's own).
  case toggle(SectionHandle)
}

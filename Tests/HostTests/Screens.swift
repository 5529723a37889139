import Presentation
import Testing

@MainActor extension AppCoordinator {
  /// Starts afresh and walks Hotel -> Rooms -> Booking for `roomID`, pressing the buttons the
  /// screens show, as the views would.
  func openBooking(roomID: Int) async throws -> BookingViewModel {
    await start(fresh: true)
    await settle()
    let hotel = try #require(root?.hotel)
    hotel.perform(hotel.chooseRoomButton.action)
    await settle()
    let rooms = try #require(path.last?.rooms)
    let card = try #require(rooms.cards.first { $0.id == roomID })
    rooms.perform(card.chooseButton.action)
    await settle()
    return try #require(path.last?.booking)
  }
}

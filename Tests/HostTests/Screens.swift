import Presentation
import Testing

/// How a host's root view picks the view for a screen of the navigation path.
@MainActor extension AppCoordinator.Screen {
  var hotel: HotelViewModel? {
    if case .hotel(let model) = self { return model }
    return nil
  }

  var rooms: RoomsViewModel? {
    if case .rooms(let model) = self { return model }
    return nil
  }

  var booking: BookingViewModel? {
    if case .booking(let model) = self { return model }
    return nil
  }

  var paid: PaidViewModel? {
    if case .paid(let model) = self { return model }
    return nil
  }
}

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

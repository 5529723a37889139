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

extension SectionModel {
  /// The section's fields, as a `ForEach` over its content draws them.
  var fields: [FieldModel] {
    content.compactMap { block in
      if case .field(let field) = block { return field }
      return nil
    }
  }

  /// The section's buttons.
  var buttons: [ButtonModel] {
    content.compactMap { block in
      if case .button(let button) = block { return button }
      return nil
    }
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

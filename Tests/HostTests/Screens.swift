import Presentation

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

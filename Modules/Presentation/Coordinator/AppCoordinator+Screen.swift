import Domain
import UseCases

/// The screens of the flow, as the coordinator's stack and a `NavigationStack` path hold them.
extension AppCoordinator {
  /// A screen on the stack, with its view model: a value a `NavigationStack` path holds (equal
  /// and identified by its view model's identity).
  public enum Screen: Hashable, Identifiable, Sendable {
    /// The hotel.
    case hotel(HotelViewModel)
    /// The rooms.
    case rooms(RoomsViewModel)
    /// The booking form.
    case booking(BookingViewModel)
    /// The accepted order.
    case paid(PaidViewModel)

    /// Which screen.
    public var kind: ScreenKind {
      switch self {
      case .hotel: .hotel
      case .rooms: .rooms
      case .booking: .booking
      case .paid: .paid
      }
    }

    /// Hotel's view model when this is the Hotel screen, else `nil`: what a root view's
    /// `navigationDestination` reads to pick the view for a screen.
    public var hotel: HotelViewModel? {
      if case .hotel(let model) = self { return model }
      return nil
    }

    /// Rooms' view model when this is the Rooms screen, else `nil`.
    public var rooms: RoomsViewModel? {
      if case .rooms(let model) = self { return model }
      return nil
    }

    /// Booking's view model when this is the Booking screen, else `nil`.
    public var booking: BookingViewModel? {
      if case .booking(let model) = self { return model }
      return nil
    }

    /// Paid's view model when this is the Paid screen, else `nil`.
    public var paid: PaidViewModel? {
      if case .paid(let model) = self { return model }
      return nil
    }

    /// The identity of the screen's view model.
    public var id: ObjectIdentifier {
      switch self {
      case .hotel(let model): ObjectIdentifier(model)
      case .rooms(let model): ObjectIdentifier(model)
      case .booking(let model): ObjectIdentifier(model)
      case .paid(let model): ObjectIdentifier(model)
      }
    }

    /// The screen's status (loading, progress, failure, notices, toast).
    @MainActor public var status: ScreenStatus { model.status }

    /// The screen's Retry while it shows a load failure (`SCREEN.retry`), else `nil`: the
    /// same button as the view model's `retryButton`.
    @MainActor public var retryButton: ButtonModel? {
      switch self {
      case .hotel(let model): model.retryButton
      case .rooms(let model): model.retryButton
      case .booking(let model): model.retryButton
      case .paid(let model): model.retryButton
      }
    }

    /// The same screen: the same view model.
    public static func == (lhs: Screen, rhs: Screen) -> Bool { lhs.id == rhs.id }

    /// Hashes the view model's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    @MainActor var model: any ScreenModel {
      switch self {
      case .hotel(let model): model
      case .rooms(let model): model
      case .booking(let model): model
      case .paid(let model): model
      }
    }
  }
}

extension AppCoordinator.Screen {
  /// The draft's record of this screen.
  @MainActor var step: FlowStep {
    switch self {
    case .hotel: .hotel
    case .rooms: .rooms
    case .booking(let booking): .booking(roomID: booking.state.roomID)
    case .paid(let paid): .paid(orderNumber: paid.state.orderNumber)
    }
  }
}

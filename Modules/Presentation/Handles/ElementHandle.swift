import Domain

/// Any element a user acts on, by its typed handle — and the one place where handles become
/// accessibility ID strings and strings become handles again (for scripts and UI tests).
///
/// ```swift
/// ElementHandle.field("buyer.email").accessibilityID          // "booking.buyer.email"
/// ElementHandle.button(.removeTourist(2)).accessibilityID     // "booking.tourist.2.remove"
/// ElementHandle(accessibilityID: "rooms.room.1.photos.next")
///   // .button(.photo(.room(1), .next))
/// ```
///
/// A section's toggle has the section's own ID (`booking.tourist.2`), so that string parses as
/// ``section(_:)``; tapping a collapsible section toggles it.
public enum ElementHandle: Hashable, Sendable {
  /// A Booking form field.
  case field(FieldPath)
  /// A section (tapping a collapsible one toggles it).
  case section(SectionHandle)
  /// A button.
  case button(ButtonAction)

  // MARK: - To strings

  /// The accessibility ID: `booking.buyer.email`, `booking.tourist.2`, `hotel.photos.next`.
  public var accessibilityID: String {
    switch self {
    case .field(let path): Self.id(of: path)
    case .section(let section): Self.id(of: section)
    case .button(let action): Self.id(of: action)
    }
  }

  /// `booking.PATH`.
  static func id(of path: FieldPath) -> String { "booking." + path.rawValue }

  /// `booking.INSTANCE`.
  static func id(of instance: SectionInstance) -> String { "booking." + instance.rawValue }

  static func id(of section: SectionHandle) -> String {
    switch section {
    case .hotelAbout: "hotel.about"
    case .room(let roomID): "rooms.room.\(roomID)"
    case .bookingDetails: "booking.details"
    case .form(let instance): id(of: instance)
    }
  }

  /// The prefix of a carousel's buttons: `hotel.photos`, `rooms.room.ID.photos`.
  static func id(of carousel: PhotoCarousel) -> String {
    switch carousel {
    case .hotel: "hotel.photos"
    case .room(let roomID): "rooms.room.\(roomID).photos"
    }
  }

  static func id(of action: ButtonAction) -> String {
    switch action {
    case .showRooms: "hotel.chooseRoom"
    case .chooseRoom(let roomID): "rooms.room.\(roomID).choose"
    case .roomsPage(let step): "rooms.page." + step.rawValue
    case .photo(let carousel, let step): id(of: carousel) + "." + step.rawValue
    case .addTourist: "booking.addTourist"
    case .removeTourist(let ordinal):
      "booking.\(BookingViewModel.touristSection).\(ordinal).remove"
    case .pay: "booking.pay"
    case .done: "paid.done"
    case .retry(let screen): screen.rawValue + ".retry"
    case .retryCalculation(let path): id(of: path) + ".retry"
    case .toggle(let section): id(of: section)
    }
  }

  // MARK: - From strings

  /// The element an accessibility ID names, or `nil` when no element could have it.
  ///
  /// Whether the current screen shows it is for the screen to say.
  public init?(accessibilityID id: String) {
    guard id.utf8.count <= 512 else { return nil }
    let parts = id.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
    let rest = Array(parts.dropFirst())
    if rest.count == 1, rest[0] == "retry", let screen = ScreenKind(rawValue: parts[0]) {
      self = .button(.retry(screen))
      return
    }
    let parsed: ElementHandle? =
      switch parts[0] {
      case "hotel": Self.hotel(rest)
      case "rooms": Self.rooms(rest)
      case "booking": Self.booking(rest)
      case "paid": rest.count == 1 && rest[0] == "done" ? .button(.done) : nil
      default: nil
      }
    guard let parsed else { return nil }
    self = parsed
  }

  private static func hotel(_ rest: [String]) -> ElementHandle? {
    switch rest.joined(separator: ".") {
    case "chooseRoom": .button(.showRooms)
    case "about": .section(.hotelAbout)
    case "photos.previous": .button(.photo(.hotel, .previous))
    case "photos.next": .button(.photo(.hotel, .next))
    default: nil
    }
  }

  private static func rooms(_ rest: [String]) -> ElementHandle? {
    if rest.count == 2, rest[0] == "page", let step = PhotoStep(rawValue: rest[1]) {
      return .button(.roomsPage(step))
    }
    guard rest.count >= 2, rest[0] == "room", let roomID = Int(rest[1]) else { return nil }
    switch rest.dropFirst(2).joined(separator: ".") {
    case "": return .section(.room(roomID))
    case "choose": return .button(.chooseRoom(roomID))
    case "photos.previous": return .button(.photo(.room(roomID), .previous))
    case "photos.next": return .button(.photo(.room(roomID), .next))
    default: return nil
    }
  }

  private static func booking(_ rest: [String]) -> ElementHandle? {
    switch rest.joined(separator: ".") {
    case "pay": return .button(.pay)
    case "addTourist": return .button(.addTourist)
    case "details": return .section(.bookingDetails)
    default: break
    }
    let index = rest.count >= 2 ? Int(rest[1]) : nil
    switch (rest.count, index) {
    case (1, _):
      return .section(.form(SectionInstance(sectionID: rest[0])))
    case (2, let index?):
      return .section(.form(SectionInstance(sectionID: rest[0], index: index)))
    case (2, nil):
      return .field(FieldPath(section: rest[0], field: rest[1]))
    case (3, nil) where rest[2] == "retry":
      return .button(.retryCalculation(FieldPath(section: rest[0], field: rest[1])))
    case (4, let index?) where rest[3] == "retry":
      return .button(.retryCalculation(FieldPath(section: rest[0], index: index, field: rest[2])))
    case (3, let index?):
      if rest[0] == BookingViewModel.touristSection, rest[2] == "remove" {
        return .button(.removeTourist(index))
      }
      return .field(FieldPath(section: rest[0], index: index, field: rest[2]))
    default:
      return nil
    }
  }
}

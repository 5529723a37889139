@testable import HotelCLI

/// A tiny flow for the runner's tests: Hotel -> Rooms -> Booking, with a carousel, a
/// collapsible section, a disabled button and two fields ("@" makes the e-mail valid).
@MainActor
final class FakeFlow: FlowDriver {
  var stack: [ScreenName] = [.hotel]
  var photo = 1
  var email = ""
  var emailError: String?
  var touristExpanded = false
  var unreachable = false
  var loadFailure: String?
  var notice: String?
  private(set) var actions: [String] = []
  private(set) var flushed = false

  var model: ScreenModel {
    switch stack.last ?? .hotel {
    case .hotel:
      if let loadFailure {
        return ScreenModel(
          screen: .hotel, title: "Hotel",
          content: [
            .problem(title: "Error", message: loadFailure),
            .button(Button(id: "hotel.retry", title: "Retry")),
          ], loadFailure: loadFailure)
      }
      if unreachable {
        return ScreenModel(
          screen: .hotel, title: "Hotel", notice: notice,
          content: [
            .problem(title: "No connection", message: "Check the network and try again."),
            .button(Button(id: "hotel.retry", title: "Retry")),
          ], isUnreachable: true)
      }
      return ScreenModel(
        screen: .hotel, title: "Hotel", notice: notice,
        content: [
          .carousel(Carousel(id: "hotel.photos", position: photo, count: 3, caption: nil)),
          .rating("5 Excellent"),
          .heading("Steigenberger Makadi"),
          .detail(label: "from", value: "134\u{00A0}268\u{00A0}₽"),
          .button(Button(id: "hotel.chooseRoom", title: "Choose a room")),
        ])
    case .rooms:
      return ScreenModel(
        screen: .rooms, title: "Rooms",
        content: [
          .section(
            Section(
              id: nil, title: "Deluxe",
              children: [.button(Button(id: "rooms.room.1.choose", title: "Choose this room"))]))
        ])
    case .booking, .paid:
      return ScreenModel(
        screen: .booking, title: "Booking",
        content: [
          .section(
            Section(
              id: nil, title: "Buyer",
              children: [
                .field(
                  Field(id: "booking.buyer.email", label: "Email", value: email, error: emailError))
              ])),
          .section(
            Section(
              id: "booking.tourist.1", title: "First tourist", isExpanded: touristExpanded,
              children: [
                .field(Field(id: "booking.tourist.1.firstName", label: "First name", value: ""))
              ])),
          .field(Field(id: "booking.total", label: "Total", value: "300 850 ₽", isReadOnly: true)),
          .button(Button(id: "booking.addTourist", title: "Add tourist", isEnabled: false)),
        ],
        footer: Footer(
          label: "Total to pay", value: "300 850 ₽",
          button: Button(id: "booking.pay", title: "Pay")))
    }
  }

  func settle() async {}

  func tap(_ id: String) async -> String? {
    actions.append("tap \(id)")
    switch id {
    case "hotel.photos.next": photo += 1
    case "hotel.photos.previous": photo -= 1
    case "hotel.chooseRoom": stack.append(.rooms)
    case "rooms.room.1.choose": stack.append(.booking)
    case "booking.tourist.1": touristExpanded.toggle()
    case "hotel.retry": return "still no connection"
    default: break
    }
    return nil
  }

  func type(_ id: String, _ text: String) async -> String? {
    actions.append("type \(id) \(text)")
    if id == "booking.buyer.email" {
      email = text
      emailError = text.contains("@") ? nil : "Enter an e-mail address with @"
    }
    return nil
  }

  func next() async { actions.append("next") }

  func back() async -> Bool {
    guard stack.count > 1 else { return false }
    stack.removeLast()
    return true
  }

  func flush() async { flushed = true }
}

import Domain
import Presentation
import UseCases

@testable import HotelCLI

/// A tiny flow for the runner's tests: Hotel -> Rooms -> Booking, with a carousel, a
/// collapsible section, a disabled button and two fields ("@" makes the e-mail valid).
@MainActor
final class FakeFlow: FlowDriver {
  var stack: [ScreenKind] = [.hotel]
  var photo = 1
  var email = ""
  var emailError: String?
  var touristExpanded = false
  var unreachable = false
  var loadFailure: String?
  var notice: String?
  /// The message about the last intent on Booking ("Payment failed: ..."), or `nil`.
  var toast: String?
  private(set) var actions: [String] = []
  private(set) var flushed = false

  var snapshot: ScreenSnapshot {
    switch stack.last ?? .hotel {
    case .hotel:
      if let loadFailure {
        return ScreenSnapshot(
          screen: .hotel, title: "Hotel",
          blocks: [
            .text(loadFailure), .button(ButtonModel(action: .retry(.hotel), title: "Retry")),
          ], failure: loadFailure, loadError: .notFound(url: nil))
      }
      if unreachable {
        return ScreenSnapshot(
          screen: .hotel, title: "Hotel",
          blocks: [
            .text("No connection to the server"),
            .button(ButtonModel(action: .retry(.hotel), title: "Retry")),
          ], failure: "No connection to the server", loadError: .noConnection, notice: notice)
      }
      return ScreenSnapshot(
        screen: .hotel, title: "Hotel",
        blocks: [
          .carousel(
            CarouselModel(
              carousel: .hotel, imageURLs: ["a.jpg", "b.jpg", "c.jpg"], index: photo - 1,
              position: "\(photo) / 3",
              previous: ButtonModel(
                action: .photo(.hotel, .previous), title: "Previous photo", isEnabled: photo > 1),
              next: ButtonModel(
                action: .photo(.hotel, .next), title: "Next photo", isEnabled: photo < 3))),
          .rating("★ 5 Excellent"),
          .heading("Steigenberger Makadi"),
          .rows([InfoRow(label: "from", value: "134\u{00A0}268\u{00A0}₽")]),
          .button(ButtonModel(action: .showRooms, title: "Choose a room")),
        ], notice: notice)
    case .rooms:
      return ScreenSnapshot(
        screen: .rooms, title: "Rooms",
        blocks: [
          .section(
            SectionModel(
              handle: .room(1), title: "Deluxe",
              content: [.button(ButtonModel(action: .chooseRoom(1), title: "Choose this room"))]
            ))
        ])
    case .booking, .paid:
      return ScreenSnapshot(
        screen: .booking, title: "Booking",
        blocks: [
          .section(
            SectionModel(
              handle: .form(SectionInstance(sectionID: "buyer")), title: "Buyer",
              content: [
                .field(
                  FieldModel(path: "buyer.email", label: "Email", value: email, error: emailError))
              ])),
          .section(
            SectionModel(
              handle: .form(SectionInstance(sectionID: "tourist", index: 1)),
              title: "First tourist", isCollapsible: true, isExpanded: touristExpanded,
              content: [.field(FieldModel(path: "tourist.1.firstName", label: "First name"))])),
          .field(FieldModel(path: "total", label: "Total", value: "300 850 ₽", isEnabled: false)),
          .button(ButtonModel(action: .addTourist, title: "Add tourist", isEnabled: false)),
          .section(
            SectionModel(
              handle: .form(SectionInstance(sectionID: "price")), title: "Price",
              content: [
                .field(
                  FieldModel(
                    path: "price.total", label: "Total to pay", value: "300 850 ₽",
                    isEnabled: false))
              ])),
          .button(ButtonModel(action: .pay, title: "Pay")),
        ], notice: notice, toast: toast)
    }
  }

  func settle() async {}

  /// What ``similarIDs(to:)`` answers, by ID (a long catalogue's rooms off the shown page).
  var similar: [String: [String]] = [:]

  func similarIDs(to id: String) -> [String] { similar[id] ?? [] }

  /// Refuses as the coordinator does, by Presentation's rule over this fake's snapshot.
  func tap(_ id: String) async -> ActionError? {
    do throws(ActionError) {
      guard let handle = ElementHandle(accessibilityID: id) else {
        throw .unknownElement(id, available: snapshot.availableIDs)
      }
      _ = try snapshot.tapTarget(handle)
    } catch {
      return error
    }
    actions.append("tap \(id)")
    switch id {
    case "hotel.photos.next": photo += 1
    case "hotel.photos.previous": photo -= 1
    case "hotel.chooseRoom": stack.append(.rooms)
    case "rooms.room.1.choose": stack.append(.booking)
    case "booking.tourist.1": touristExpanded.toggle()
    case "hotel.retry": return .disabled(id)
    default: break
    }
    return nil
  }

  func type(_ id: String, _ text: String) async -> ActionError? {
    do throws(ActionError) {
      guard let handle = ElementHandle(accessibilityID: id) else {
        throw .unknownElement(id, available: snapshot.availableIDs)
      }
      _ = try snapshot.typeTarget(handle)
    } catch {
      return error
    }
    actions.append("type \(id) \(text)")
    if id == "booking.buyer.email" {
      email = text
      emailError = text.contains("@") ? nil : "Enter an e-mail address with @"
    }
    return nil
  }

  func next() async { actions.append("next") }

  func back() async -> ActionError? {
    guard stack.count > 1 else { return .cannotGoBack(stack.last ?? .hotel) }
    stack.removeLast()
    return nil
  }

  func flush() async { flushed = true }
}

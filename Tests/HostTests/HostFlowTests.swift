import Domain
import Foundation
import Presentation
import Testing
import UseCases

/// A host of the library, as SwiftUI views would drive it: bindings for text and focus, the
/// navigation path, the status of each screen, and buttons performing the actions their models
/// carry.
///
/// No accessibility IDs, no script surface, nothing internal.
@MainActor @Suite struct HostFlowTests {
  let api = HostAPI()
  let stores = HostStores()
  let coordinator: AppCoordinator

  init() {
    coordinator = api.coordinator(stores: stores)
  }

  @Test func walksHotelRoomsBookingPaidAndBackToHotel() async throws {
    await coordinator.start(fresh: true)

    // Hotel: the navigation stack's root, loading at first.
    let hotel = try #require(coordinator.root?.hotel)
    #expect(hotel.status.isBusy)
    await coordinator.settle()
    #expect(coordinator.isIdle)
    #expect(hotel.status == ScreenStatus())
    #expect(coordinator.path.isEmpty)
    #expect(!coordinator.canGoBack)
    let carousel = try #require(hotel.carousel)
    #expect(carousel.position == "1 / 2")
    hotel.perform(carousel.next.action)
    #expect(hotel.carousel?.position == "2 / 2")
    #expect(hotel.carousel?.next.isEnabled == false)
    hotel.perform(hotel.chooseRoomButton.action)

    // Rooms: pushed on the path; the back button pops the path.
    #expect(coordinator.path.map(\.kind) == [.rooms])
    #expect(coordinator.canGoBack)
    coordinator.path = []
    #expect(coordinator.path.isEmpty)
    #expect(coordinator.root?.hotel === hotel)
    hotel.perform(hotel.chooseRoomButton.action)
    let rooms = try #require(coordinator.path.last?.rooms)
    await coordinator.settle()
    #expect(rooms.status == ScreenStatus())
    let deluxe = try #require(rooms.cards.first { $0.price == "289 400 ₽" })
    rooms.perform(deluxe.chooseButton.action)

    // Booking: the form, through bindings.
    #expect(coordinator.path.map(\.kind) == [.rooms, .booking])
    let booking = try #require(coordinator.path.last?.booking)
    #expect(booking.status.isLoading)
    await coordinator.settle()
    #expect(booking.total == Money(300_850))
    #expect(booking.payButton?.title == "Pay 300 850 ₽")
    let focus = Binding(booking, \.focusedField)
    let buyer = try #require(booking.sections.first)
    let phone = try #require(buyer.fields.first)
    let email = try #require(buyer.fields.last)
    #expect(email.keyboard == .email)

    // A bad e-mail shows its error once focus leaves it, and clears as it is fixed.
    focus.wrappedValue = email.path
    Binding(booking, \.[text: email.path]).wrappedValue = "ivan@"
    #expect(booking.fieldModel(email.path)?.error == nil, "not checked while typing")
    focus.wrappedValue = phone.path
    #expect(
      booking.fieldModel(email.path)?.error == "Enter a domain such as example.com after the @")
    #expect(booking.fieldModel(phone.path)?.isFocused == true)
    let phoneText = Binding(booking, \.[text: phone.path])
    phoneText.wrappedValue = "9161234567"
    #expect(phoneText.wrappedValue == "+7 (916) 123-45-67", "masked as typed")
    Binding(booking, \.[text: email.path]).wrappedValue = "ivan@example.com"
    #expect(booking.fieldModel(email.path)?.error == nil)

    // A second tourist makes room 2 cost 599 550 ₽; removing it, 300 850 ₽.
    let addTourist = try #require(booking.addTouristButton)
    booking.perform(addTourist.action)
    #expect(booking.total == Money(599_550))
    #expect(booking.payButton?.title == "Pay 599 550 ₽")
    #expect(booking.sections.map(\.title).contains("Second tourist"))
    let remove = try #require(booking.sections.flatMap(\.buttons).first)
    #expect(remove.title == "Remove tourist")
    booking.perform(remove.action)
    #expect(booking.total == Money(300_850))
    #expect(!booking.sections.map(\.title).contains("Second tourist"))

    // Going back keeps what was typed.
    coordinator.path.removeLast()
    #expect(coordinator.path.map(\.kind) == [.rooms])
    rooms.perform(deluxe.chooseButton.action)
    let again = try #require(coordinator.path.last?.booking)
    await coordinator.settle()
    #expect(Binding(again, \.[text: phone.path]).wrappedValue == "+7 (916) 123-45-67")

    // The first tourist, field by field as a person fills them in.
    let tourist = try #require(again.sections.first { $0.isCollapsible && !$0.fields.isEmpty })
    #expect(tourist.title == "First tourist")
    let focusAgain = Binding(again, \.focusedField)
    let typed = ["Ivan", "Petrov", "15031985", "Russia", "4510 123456", "01012030"]
    for (field, text) in zip(tourist.fields, typed) {
      focusAgain.wrappedValue = field.path
      Binding(again, \.[text: field.path]).wrappedValue = text
    }
    focusAgain.wrappedValue = nil
    #expect(again.fields.allSatisfy { $0.error == nil })
    #expect(again.fieldModel(tourist.fields[2].path)?.value == "15.03.1985")
    #expect(again.sections.last?.isExpanded == true, "the price details open once complete")

    // Pay: progress, then Paid; nothing goes back from Paid.
    let pay = try #require(again.payButton)
    again.perform(pay.action)
    #expect(again.status.isSubmitting)
    #expect(again.status.isBusy)
    #expect(!coordinator.canGoBack)
    await coordinator.settle()
    #expect(coordinator.path.map(\.kind) == [.rooms, .booking, .paid])
    let paid = try #require(coordinator.path.last?.paid)
    #expect(!coordinator.canGoBack)
    coordinator.path.removeLast()
    #expect(coordinator.path.map(\.kind) == [.rooms, .booking, .paid], "Paid cannot be popped")
    #expect(paid.summary.first?.value == "104894")
    #expect(stores.orders.map(\.number) == [104_894])
    #expect(stores.orders.first?.request.price.total == Money(300_850))

    // Done: back to Hotel, with a new root and an empty path.
    paid.perform(paid.doneButton.action)
    #expect(coordinator.path.isEmpty)
    let restarted = try #require(coordinator.root?.hotel)
    #expect(restarted !== hotel)
    await coordinator.settle()
    #expect(restarted.ratingText == "★ 5 Excellent")
    #expect(restarted.status == ScreenStatus())
  }

  /// A section gives its own fields and buttons (`SectionModel.fields`, `.buttons`), as the
  /// snippets of Docs/Presentation.md use them: public API, not a helper of these tests.
  @Test func aSectionGivesItsFieldsAndButtons() async throws {
    let booking = try await coordinator.openBooking(roomID: 2)
    let buyer = try #require(booking.sections.first)
    #expect(buyer.fields.map(\.keyboard) == [.phone, .email])
    #expect(buyer.buttons.isEmpty)
    let addTourist = try #require(booking.addTouristButton)
    booking.perform(addTourist.action)
    let second = try #require(booking.sections.first { $0.title == "Second tourist" })
    #expect(second.fields.count == 6)
    #expect(
      second.fields.map(\.path)
        == second.content.compactMap { block in
          if case .field(let field) = block { return field.path }
          return nil
        })
    #expect(second.buttons.map(\.title) == ["Remove tourist"])
    #expect(second.toggle.map { second.buttons.contains($0) } == false, "the toggle is apart")
    booking.perform(second.buttons[0].action)
    #expect(!booking.sections.map(\.title).contains("Second tourist"))
  }

  @Test func noConnectionShowsTheFailureWithRetry() async throws {
    api.isOnline = false
    await coordinator.start(fresh: true)
    await coordinator.settle()
    let hotel = try #require(coordinator.root?.hotel)
    #expect(hotel.status.failure == .noConnection)
    #expect(hotel.strings.apiError(.noConnection) == "No connection to the server")
    #expect(hotel.carousel == nil)
    let retry = try #require(hotel.retryButton)
    #expect(retry.title == "Retry")
    hotel.perform(retry.action)
    await coordinator.settle()
    #expect(hotel.status.failure == .noConnection, "still offline")

    api.isOnline = true
    hotel.perform(retry.action)
    #expect(hotel.status.isLoading)
    await coordinator.settle()
    #expect(hotel.status == ScreenStatus())
    #expect(hotel.retryButton == nil)
    #expect(hotel.carousel?.position == "1 / 2")
  }

  /// "Restored your unfinished booking" is said until the person does something, through the
  /// bindings as much as through anything else (focusing a field is not doing something).
  @Test func theRestoredNoticeGoesWithTheFirstBindingChange() async throws {
    await coordinator.start(fresh: true)
    await coordinator.settle()
    let hotel = try #require(coordinator.root?.hotel)
    hotel.perform(hotel.chooseRoomButton.action)
    await coordinator.settle()
    let rooms = try #require(coordinator.path.last?.rooms)
    let room = try #require(rooms.cards.first)
    rooms.perform(room.chooseButton.action)
    await coordinator.settle()
    let booking = try #require(coordinator.path.last?.booking)
    let phone = try #require(booking.sections.first?.fields.first)
    Binding(booking, \.[text: phone.path]).wrappedValue = "9161234567"
    try await coordinator.flush()

    let next = AppCoordinator(
      api: api.port, orders: stores.orderStore, drafts: stores.draftStore,
      dependencies: coordinator.service.dependencies)
    await next.start()
    await next.settle()
    let restored = try #require(next.path.last?.booking)
    #expect(restored.status.notices == [.restoredDraft])
    #expect(restored.status.notices == [.restoredDraft], "reading is no intent")
    Binding(restored, \.focusedField).wrappedValue = phone.path
    #expect(restored.status.notices == [.restoredDraft], "moving the focus is no change")
    Binding(restored, \.[text: phone.path]).wrappedValue = "9161234568"
    #expect(restored.status.notices == [])
    #expect(next.snapshot.notice == nil)
  }
}

import Domain
import Foundation
import Observation
import Presentation
import Synchronization
import Testing
import UseCases

/// What an iOS developer tries after the happy path, through the public API only: Pay on a form
/// with mistakes (the section that holds the first one opens, the focus binding moves to it, the
/// status says why), errors that clear as they are fixed, and a view that observes the model.
@MainActor @Suite struct HostPayTests {
  let api = HostAPI()
  let stores = HostStores()
  let coordinator: AppCoordinator

  init() {
    coordinator = api.coordinator(stores: stores)
  }

  @Test func payWithMistakesOpensTheirSectionFocusesTheFirstAndSaysWhy() async throws {
    let booking = try await coordinator.openBooking(roomID: 2)
    let buyer = try #require(booking.sections.first)
    Binding(booking, \.[text: buyer.fields[0].path]).wrappedValue = "9161234567"
    Binding(booking, \.[text: buyer.fields[1].path]).wrappedValue = "ivan@example.com"
    // The person collapsed the tourist's section before paying.
    let tourist = try #require(booking.sections.first { $0.isCollapsible && !$0.fields.isEmpty })
    let toggle = try #require(tourist.toggle)
    booking.perform(toggle.action)
    #expect(booking.sections.first { $0.id == tourist.id }?.isExpanded == false)

    let pay = try #require(booking.payButton)
    #expect(pay.isEnabled, "Pay is always enabled")
    booking.perform(pay.action)
    await coordinator.settle()

    #expect(coordinator.path.last?.booking === booking, "a form with mistakes stays")
    #expect(booking.status.toast == .correctHighlightedFields)
    #expect(
      booking.status.toast.map(booking.strings.toast) == "Please correct the highlighted fields")
    let reopened = try #require(booking.sections.first { $0.id == tourist.id })
    #expect(reopened.isExpanded, "the section holding a mistake opens")
    #expect(reopened.hasErrors)
    let firstName = tourist.fields[0].path
    #expect(Binding(booking, \.focusedField).wrappedValue == firstName, "focus on the first")
    #expect(booking.fieldModel(firstName)?.error == "Fill in this field")
    #expect(booking.fieldModel(buyer.fields[0].path)?.error == nil)

    // A field showing an error is checked again as it changes: the error goes at once.
    Binding(booking, \.[text: firstName]).wrappedValue = "Iv"
    #expect(booking.fieldModel(firstName)?.error == nil)
    #expect(booking.status.toast == nil, "the toast goes with the next intent")
    // A field without an error is checked when the focus leaves it.
    Binding(booking, \.[text: firstName]).wrappedValue = "Iv4n"
    #expect(booking.fieldModel(firstName)?.error == nil, "not while typing")
    Binding(booking, \.focusedField).wrappedValue = tourist.fields[1].path
    #expect(
      booking.fieldModel(firstName)?.error
        == "Use letters, spaces, hyphens and apostrophes, not “4”")
    #expect(stores.orders.isEmpty, "nothing was ordered")
  }

  @Test func aViewObservingTheModelHearsOfEachEdit() async throws {
    let booking = try await coordinator.openBooking(roomID: 2)
    let phone = try #require(booking.sections.first?.fields.first)
    let changes = Changes()
    // What SwiftUI does for a view's body: read the model, be told when what it read changes.
    withObservationTracking {
      _ = booking.fieldModel(phone.path)?.value
    } onChange: {
      changes.record()
    }
    Binding(booking, \.[text: phone.path]).wrappedValue = "916"
    #expect(changes.count == 1)
    #expect(booking.fieldModel(phone.path)?.value == "+7 (916")
  }
}

/// How many times an observation fired (its callback may run on any thread).
final class Changes: Sendable {
  private let value = Mutex(0)

  func record() { value.withLock { $0 += 1 } }

  var count: Int { value.withLock { $0 } }
}

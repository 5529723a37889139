import Domain
import FixtureAPI
import Foundation
import Networking
import Persistence
import Presentation
import Testing
import UseCases

/// A payment whose outcome is unknown, as a live host meets it (URLSession client, file stores,
/// the fixture API, which refuses an `Idempotency-Key` used with another order): the form is
/// held until the server answers, quitting keeps the hold, and a refusal frees it.
@MainActor @Suite struct HostHeldPaymentTests {
  let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("host-held-\(UUID().uuidString)").path

  /// The fixture whose next six `POST /orders` make the order and lose the answer: the client
  /// tries a `POST` three times with its key, and the system's HTTP library may try a request
  /// on a dropped connection once more, so Pay's outcome is unknown, and asking again may meet
  /// the drops left.
  static func answersLost() -> FixtureServer {
    FixtureServer(
      options: FixtureOptions(
        script: ["/orders": Array(repeating: .handleThenDrop, count: 6)]))
  }

  /// Taps Pay until the booking is paid, at most three times (each tap asks the server again).
  func payUntilPaid(_ booking: BookingViewModel, _ coordinator: AppCoordinator) async throws {
    for _ in 1...3 where coordinator.path.last?.kind != .paid {
      booking.perform(try #require(booking.payButton).action)
      await coordinator.settle()
    }
  }

  func launch(_ baseURL: URL) throws -> (AppCoordinator, LocalStores) {
    let dependencies = Dependencies.live(language: .en)
    let stores = LocalStores(
      directory: DataDirectory(path: root), clock: dependencies.clock,
      report: { Issue.record("a store reported \($0)") })
    #expect(try stores.openSession() == .acquired)
    let server = try LiveServer(baseURL: baseURL, dependencies: dependencies, cache: stores.cache)
    let coordinator = AppCoordinator(
      api: server.api, orders: stores.orders, drafts: stores.drafts, cache: stores.cache,
      dependencies: dependencies, calculator: server.calculator)
    return (coordinator, stores)
  }

  /// Opens room 2's booking, fills it and taps Pay once.
  func fillAndPay(_ coordinator: AppCoordinator) async throws -> BookingViewModel {
    let booking = try await coordinator.openBooking(roomID: 2)
    fill(booking)
    booking.perform(try #require(booking.payButton).action)
    await coordinator.settle()
    return booking
  }

  /// Fills the built-in form's fields through their bindings.
  func fill(_ booking: BookingViewModel, email: String = "ivan@example.com") {
    let typed: [String: String] = [
      "phone": "9161234567", "email": email, "firstName": "Ivan", "lastName": "Petrov",
      "birthDate": "15031985", "citizenship": "Russia", "passportNumber": "4510 123456",
      "passportExpiry": "01012030",
    ]
    for field in booking.fields where field.isEnabled {
      guard let text = typed[field.path.fieldID] else { continue }
      Binding(booking, \.[text: field.path]).wrappedValue = text
    }
  }

  func orderPosts(_ fixture: FixtureServer) -> [FixtureRequestRecord] {
    fixture.receivedRequests.filter { $0.method == "POST" && $0.path == "/orders" }
  }

  @Test func anEditAfterAnUnknownOutcomeCannotChangeTheOrderAndPayFinishesIt() async throws {
    let fixture = Self.answersLost()
    let baseURL = try fixture.start()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let (coordinator, stores) = try launch(baseURL)
    let booking = try await fillAndPay(coordinator)
    #expect(coordinator.path.last?.booking === booking, "no answer: the booking stays")
    #expect(fixture.createdOrderCount == 1, "the server made the order")
    #expect(booking.isPaymentPending)
    #expect(booking.status.notices.map(booking.strings.notice) == ["Checking your payment…"])
    #expect(booking.fields.allSatisfy { !$0.isEnabled }, "the form is read-only")
    #expect(!coordinator.canGoBack)

    // The person corrects the e-mail and pays again.
    let email = try #require(booking.fields.first { $0.keyboard == .email })
    Binding(booking, \.[text: email.path]).wrappedValue = "anna@example.com"
    #expect(booking.text(of: email.path) == "ivan@example.com", "the held order stays")
    #expect(booking.status.toast == .paymentBeingChecked)
    try await payUntilPaid(booking, coordinator)

    let paid = try #require(coordinator.path.last?.paid, "the held order is paid")
    #expect(fixture.createdOrderCount == 1)
    let keys = orderPosts(fixture).compactMap { $0.header("Idempotency-Key") }
    #expect(keys.count > 3)
    #expect(Set(keys).count == 1, "asked again with the same key")
    let orders = try await stores.orders.all()
    #expect(orders.map(\.request.buyer.email.rawValue) == ["ivan@example.com"])
    #expect(orders.map(\.number) == [paid.state.orderNumber])
    stores.closeSession()
    await fixture.stop()
  }

  @Test func quittingKeepsTheHeldOrderAndTheNextStartChecksIt() async throws {
    let fixture = Self.answersLost()
    let baseURL = try fixture.start()
    defer { try? FileManager.default.removeItem(atPath: root) }
    var (coordinator, stores) = try launch(baseURL)
    let booking = try await fillAndPay(coordinator)
    #expect(coordinator.path.last?.booking === booking)

    // The process ends, and starts again.
    try await coordinator.flush()
    stores.closeSession()
    let asked = orderPosts(fixture).count
    (coordinator, stores) = try launch(baseURL)
    await coordinator.start()
    await coordinator.settle()

    #expect(orderPosts(fixture).count > asked, "the start asked the server again")
    if let held = coordinator.path.last?.booking {
      try await payUntilPaid(held, coordinator)
    }
    #expect(coordinator.path.last?.kind == .paid)
    #expect(fixture.createdOrderCount == 1)
    let keys = orderPosts(fixture).compactMap { $0.header("Idempotency-Key") }
    #expect(Set(keys).count == 1)
    #expect(
      try await stores.orders.all().map(\.request.buyer.email.rawValue) == ["ivan@example.com"])
    stores.closeSession()
    await fixture.stop()
  }

  @Test func aRefusalFreesTheFormAndTheNextPayIsANewOrder() async throws {
    let fixture = FixtureServer(
      options: FixtureOptions(
        script: ["/orders": [.refusal(409, body: #"{"error": "The room was just taken"}"#)]]))
    let baseURL = try fixture.start()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let (coordinator, stores) = try launch(baseURL)
    let booking = try await fillAndPay(coordinator)
    #expect(
      booking.status.toast.map(booking.strings.toast)
        == "Payment failed: The room was just taken. Tap Pay to try again")

    let email = try #require(booking.fields.first { $0.keyboard == .email })
    Binding(booking, \.[text: email.path]).wrappedValue = "anna@example.com"
    #expect(booking.text(of: email.path) == "anna@example.com", "the form is free")
    booking.perform(try #require(booking.payButton).action)
    await coordinator.settle()

    #expect(coordinator.path.last?.kind == .paid)
    let keys = orderPosts(fixture).compactMap { $0.header("Idempotency-Key") }
    #expect(keys.count == 2)
    #expect(Set(keys).count == 2, "a new order, a new key")
    #expect(
      try await stores.orders.all().map(\.request.buyer.email.rawValue) == ["anna@example.com"])
    stores.closeSession()
    await fixture.stop()
  }
}

import Domain
import FixtureAPI
import Foundation
import Networking
import Persistence
import Presentation
import Testing
import UseCases

/// The whole flow of a live host (URLSession client, file stores, the fixture API's form with its
/// server-computed promo code), as a SwiftUI host's views would drive it: the navigation path
/// popped as a `NavigationStack` pops it, fields through their bindings, each screen's one status,
/// and a restart of the process.
///
/// Then a server host: two flows at once in one process, each with its own coordinator and data
/// directory, sharing nothing but the server.
@MainActor @Suite struct LiveFlowTests {
  let fixture = FixtureServer()
  let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("host-live-\(UUID().uuidString)").path

  /// What a host writes at launch: the stores over `directory`, its session, the live server, the
  /// coordinator.
  ///
  /// A server host's flows may share one `URLSession` (`transport`) and one cache of compiled
  /// booking forms (`forms`): neither holds state of a flow's.
  func launch(
    _ directory: String, baseURL: URL, transport: HTTPTransport? = nil,
    forms: FormCompilations = FormCompilations()
  ) throws -> (AppCoordinator, LocalStores) {
    let dependencies = Dependencies.live(language: .en)
    let stores = LocalStores(
      directory: DataDirectory(path: root + "/" + directory), clock: dependencies.clock,
      report: { Issue.record("a store reported \($0)") })
    #expect(try stores.openSession() == .acquired)
    let server = try LiveServer(
      baseURL: baseURL, dependencies: dependencies, cache: stores.cache, transport: transport,
      forms: forms)
    let coordinator = AppCoordinator(
      api: server.api, orders: stores.orders, drafts: stores.drafts, cache: stores.cache,
      dependencies: dependencies, calculator: server.calculator, forms: forms)
    return (coordinator, stores)
  }

  /// Fills every field a person fills for two tourists, through the bindings, with `name` as
  /// both tourists' first name and a promo code.
  func fill(_ booking: BookingViewModel, name: String, promoCode: String) throws {
    if !booking.sections.map(\.title).contains("Second tourist") {
      booking.perform(try #require(booking.addTouristButton).action)
    }
    let typed: [String: String] = [
      "phone": "9161234567", "email": "\(name.lowercased())@example.com", "firstName": name,
      "lastName": "Petrov", "birthDate": "15031985", "citizenship": "Russia",
      "passportNumber": "4510 123456", "passportExpiry": "01012030", "promoCode": promoCode,
    ]
    let focus = Binding(booking, \.focusedField)
    for field in booking.fields where field.isEnabled {
      guard let text = typed[field.path.fieldID] else { continue }
      focus.wrappedValue = field.path
      Binding(booking, \.[text: field.path]).wrappedValue = text
    }
    focus.wrappedValue = nil
  }

  @Test func aLiveHostWalksTheWholeFlowAndRestarts() async throws {
    let baseURL = try fixture.start()
    defer { try? FileManager.default.removeItem(atPath: root) }
    var (coordinator, stores) = try launch("app", baseURL: baseURL)
    let booking = try await coordinator.openBooking(roomID: 2)

    // The NavigationStack pops two screens at once (a long press on Back), then the person
    // comes back; a path no NavigationStack could make is ignored.
    coordinator.path.removeLast(2)
    #expect(coordinator.path.isEmpty)
    let hotel = try #require(coordinator.root?.hotel)
    coordinator.path = [.hotel(hotel)]
    #expect(coordinator.path.isEmpty, "only the coordinator pushes")
    hotel.perform(hotel.chooseRoomButton.action)
    let rooms = try #require(coordinator.path.last?.rooms)
    coordinator.path = [.rooms(rooms), .rooms(rooms)]
    #expect(coordinator.path.map(\.kind) == [.rooms])
    await coordinator.settle()
    rooms.perform(.chooseRoom(2))
    await coordinator.settle()
    let again = try #require(coordinator.path.last?.booking)
    #expect(again !== booking)

    // Two tourists, a mistake shown when focus leaves the field and gone once fixed.
    again.perform(try #require(again.addTouristButton).action)
    #expect(again.sections.map(\.title).contains("Second tourist"))
    try fill(again, name: "Ivan", promoCode: "SUMMER10")
    let email = try #require(again.fields.first { $0.keyboard == .email })
    let focus = Binding(again, \.focusedField)
    focus.wrappedValue = email.path
    Binding(again, \.[text: email.path]).wrappedValue = "ivan@example"
    focus.wrappedValue = nil
    #expect(again.fieldModel(email.path)?.error == "Enter a domain such as example.com after the @")
    Binding(again, \.[text: email.path]).wrappedValue = "ivan@example.com"
    #expect(again.fieldModel(email.path)?.error == nil)

    // The promo code's discount is computed by the server: wait for the screen to be idle.
    await coordinator.settle()
    #expect(again.fields.allSatisfy { $0.error == nil })
    #expect(again.status == ScreenStatus())
    #expect(again.total == Money(541_670), "(289 400 + 9 300) × 2 + 2 150 − 57 880")
    #expect(again.fieldModel(FieldPath("price.discount"))?.value == "-57 880 ₽")

    // The airport transfer: a Toggle bound to the switch shows the flight number it needs.
    let transfer = try #require(again.fields.first { $0.keyboard == .toggle })
    let fieldsBefore = Set(again.fields.map(\.path))
    let isOn = Binding(again, \.[isOn: transfer.path])
    #expect(!isOn.wrappedValue)
    isOn.wrappedValue = true
    #expect(again.fieldModel(transfer.path)?.isOn == true)
    #expect(again.fieldModel(transfer.path)?.value == "Yes")
    let shown = again.fields.filter { !fieldsBefore.contains($0.path) }
    #expect(shown.map(\.label) == ["Flight number", "Airport transfer"], "and its price line")
    let flight = try #require(shown.first { $0.isEnabled })
    again.perform(try #require(again.payButton).action)
    #expect(again.fieldModel(flight.path)?.error != nil, "a shown required field is checked")
    #expect(again.focusedField == flight.path)
    Binding(again, \.[text: flight.path]).wrappedValue = "SU 123"
    #expect(again.fieldModel(flight.path)?.error == nil)
    await coordinator.settle()
    #expect(again.total == Money(548_670), "541 670 + 3 500 × 2")

    // The process ends in the middle of the booking, and starts again.
    try await coordinator.flush()
    stores.closeSession()
    (coordinator, stores) = try launch("app", baseURL: baseURL)
    await coordinator.start()
    await coordinator.settle()
    let restored = try #require(coordinator.path.last?.booking)
    #expect(restored.status.notices == [.restoredDraft])
    #expect(restored.total == Money(548_670))

    // Pay, Paid with the server's total, Done: Hotel again, and nothing to restore.
    restored.perform(try #require(restored.payButton).action)
    #expect(restored.status.isSubmitting)
    await coordinator.settle()
    let paid = try #require(coordinator.path.last?.paid)
    #expect(paid.summary.map(\.value).contains("548 670 ₽"))
    paid.perform(paid.doneButton.action)
    #expect(coordinator.path.isEmpty)
    await coordinator.settle()
    #expect(coordinator.root?.status == ScreenStatus())
    try await coordinator.flush()
    stores.closeSession()
    (coordinator, stores) = try launch("app", baseURL: baseURL)
    await coordinator.start()
    await coordinator.settle()
    #expect(coordinator.path.isEmpty)
    #expect(coordinator.root?.status.notices == [])
    #expect(try await stores.orders.all().map(\.total) == [Money(548_670)])
    stores.closeSession()
    await fixture.stop()
  }

  /// A list outside the form names a tourist by the first name and the last name's initial.
  @Test(arguments: [
    ("Ivan", "Petrov", "Ivan P."), ("Анна", "Щукина", "Анна Щ."),
    ("Jean-Luc", "O'Neil", "Jean-Luc O."),
  ])
  func aTouristsShortName(first: String, last: String, shown: String) throws {
    let tourist = Tourist(
      firstName: try PersonName(first), lastName: try PersonName(last),
      birthDate: try #require(CalendarDate(year: 1985, month: 3, day: 15)), citizenship: "Russia",
      passportNumber: try PassportNumber("4510123456"),
      passportExpiry: try #require(CalendarDate(year: 2030, month: 1, day: 1)))
    #expect(tourist.shortName == shown)
  }

  @Test func twoFlowsInOneProcessShareNothing() async throws {
    let baseURL = try fixture.start()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let transport = HTTPTransport(timeout: .seconds(10))
    let forms = FormCompilations()
    let (first, firstStores) = try launch(
      "first", baseURL: baseURL, transport: transport, forms: forms)
    let (second, secondStores) = try launch(
      "second", baseURL: baseURL, transport: transport, forms: forms)
    async let firstBooking = first.openBooking(roomID: 1)
    async let secondBooking = second.openBooking(roomID: 2)
    let (one, two) = try await (firstBooking, secondBooking)
    try fill(one, name: "Anna", promoCode: "")
    try fill(two, name: "Boris", promoCode: "SUMMER10")
    await first.settle()
    await second.settle()
    #expect(one.total == Money((186_600 + 9_300) * 2 + 2_150))
    #expect(two.total == Money(541_670))
    one.perform(try #require(one.payButton).action)
    two.perform(try #require(two.payButton).action)
    async let firstSettled: Void = first.settle()
    async let secondSettled: Void = second.settle()
    _ = await (firstSettled, secondSettled)
    try await first.flush()
    try await second.flush()

    let firstOrders = try await firstStores.orders.all()
    let secondOrders = try await secondStores.orders.all()
    #expect(firstOrders.map(\.request.tourists.first?.firstName.rawValue) == ["Anna"])
    #expect(secondOrders.map(\.request.tourists.first?.firstName.rawValue) == ["Boris"])
    #expect(Set(firstOrders.map(\.number)).isDisjoint(with: secondOrders.map(\.number)))

    // A "My bookings" view of a flow's orders: personal data masked by the Domain's rules.
    let order = try #require(secondOrders.first)
    #expect(order.request.tourists.map(\.shortName) == ["Boris P.", "Boris P."])
    #expect(order.request.tourists.map(\.passportNumber.masked) == ["•••• 3456", "•••• 3456"])
    #expect(order.request.buyer.phone.masked == "•••• 4567")
    #expect(order.request.buyer.email.masked == "b•••@example.com")
    #expect(second.strings.money(order.total) == "541 670 ₽")
    #expect(first.path.last?.kind == .paid)
    #expect(second.path.last?.kind == .paid)
    firstStores.closeSession()
    secondStores.closeSession()
    await fixture.stop()
  }
}

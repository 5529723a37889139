import Domain
import FixtureAPI
import Foundation
import Networking
import Persistence
import Presentation
import Testing
import UseCases

/// Whether the platform's URL library refuses IPv6 address literals (Linux).
private let refusesIPv6Literals: Bool = {
  #if canImport(FoundationNetworking)
    true
  #else
    false
  #endif
}()

/// An IPv6 address literal as a host (`http://[::1]:8080`) cannot be reached on Linux
/// (swift-corelibs-foundation refuses every request to one before connecting: Docs/Platform.md).
///
/// The rule lives in one place, `APIConfiguration.validate(baseURL:)`, so what a host builds from a
/// `URL` and what a form's `action_url` names are refused for what they are, in both languages,
/// never as a vague "no connection" about a server that is up. Public API only.
@MainActor @Suite(.enabled(if: refusesIPv6Literals))
struct HostIPv6Tests {
  let english = Localizer(language: .en)
  let russian = Localizer(language: .ru)
  let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("host-ipv6-\(UUID().uuidString)").path

  /// A host that builds its configuration from a `URL` (its settings, a discovered service) hears at
  /// once what is wrong and what to type instead.
  @Test(arguments: [
    ("http://[::1]:8080", "[::1]"), ("http://[::ffff:127.0.0.1]:8080", "[::ffff:127.0.0.1]"),
    ("https://[2001:DB8::1]/api", "[2001:DB8::1]"), ("http://[fe80::1%25lo]:8080", "[fe80::1%lo]"),
  ])
  func aURLBuiltConfigurationRefusesAnIPv6Host(text: String, host: String) throws {
    let url = try #require(URL(string: text))
    let error = try #require(throws: APIError.self) { try APIConfiguration(baseURL: url) }
    #expect(error == .ipv6Literal(host))
    #expect(
      english.apiError(error)
        == "The IPv6 address \(host) cannot be reached: Foundation on Linux refuses IPv6"
        + " addresses in URLs; use a host name for it (localhost for [::1])")
    #expect(
      russian.apiError(error)
        == "IPv6-адрес \(host) недоступен: Foundation в Linux не принимает IPv6-адреса в URL;"
        + " укажите имя хоста (localhost для [::1])")
  }

  /// A server's form whose field is computed at an IPv6 `action_url`: that field says why it
  /// has no value, nothing is sent, and the rest of the form (typing, checking, the total)
  /// works.
  @Test func anIPv6ActionURLFailsOnItsFieldOnly() async throws {
    var schema = FormSchema.booking(language: .en)
    let price = try #require(schema.sections.firstIndex { $0.id == "price" })
    schema.sections.insert(
      FormSection(
        id: "extras", title: "Extras",
        fields: [
          FormField(id: "code", label: "Code", inputType: .string),
          FormField(
            id: "check", label: "Check", inputType: .none, dependsOn: ["extras.code"],
            actionURL: "http://[::1]:8080/booking/discount"),
        ]), at: price)
    var options = FixtureOptions()
    options.bookingFormBody = Array(try JSONEncoder().encode(schema))
    let fixture = FixtureServer(options: options)
    let baseURL = try fixture.start()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let dependencies = Dependencies.live(language: .en)
    let stores = LocalStores(
      directory: DataDirectory(path: root), clock: dependencies.clock,
      report: { Issue.record("a store reported \($0)") })
    #expect(try stores.openSession() == .acquired)
    let server = try LiveServer(baseURL: baseURL, dependencies: dependencies, cache: stores.cache)
    let coordinator = AppCoordinator(
      api: server.api, orders: stores.orders, drafts: stores.drafts, cache: stores.cache,
      dependencies: dependencies, calculator: server.calculator)
    let booking = try await coordinator.openBooking(roomID: 2)
    await coordinator.settle()

    let check = FieldPath("extras.check")
    #expect(
      booking.fieldModel(check)?.error
        == "The IPv6 address [::1] cannot be reached: Foundation on Linux refuses IPv6"
        + " addresses in URLs; use a host name for it (localhost for [::1])")
    #expect(booking.status.notices.isEmpty, "the form itself was accepted")
    #expect(!fixture.receivedRequests.contains { $0.path == "/booking/discount" })

    let typed: [String: String] = [
      "phone": "9161234567", "email": "ivan@example.com", "firstName": "Ivan",
      "lastName": "Petrov", "birthDate": "15031985", "citizenship": "Russia",
      "passportNumber": "4510 123456", "passportExpiry": "01012030", "code": "A1",
    ]
    for field in booking.fields where field.isEnabled {
      guard let text = typed[field.path.fieldID] else { continue }
      Binding(booking, \.[text: field.path]).wrappedValue = text
    }
    await coordinator.settle()
    #expect(booking.fieldModel(FieldPath("buyer.email"))?.error == nil)
    #expect(booking.total == Money(300_850))
    #expect(booking.fieldModel(check)?.error?.hasPrefix("The IPv6 address [::1]") == true)
    // Pay refuses an order while a shown field has no value, moving focus to its input (as
    // for any server calculation that failed), and the field still says why.
    booking.perform(try #require(booking.payButton).action)
    await coordinator.settle()
    #expect(coordinator.path.last?.booking === booking)
    #expect(booking.focusedField == FieldPath("extras.code"))
    #expect(booking.fieldModel(check)?.error?.hasPrefix("The IPv6 address [::1]") == true)
    try await coordinator.flush()
    stores.closeSession()
    await fixture.stop()
  }
}

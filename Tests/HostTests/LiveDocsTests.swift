import Domain
import FixtureAPI
import Foundation
import Networking
import Persistence
import Presentation
import Testing
import UseCases

/// The snippets of Docs/Presentation.md, run against the live stack (URLSession client, file
/// stores, the fixture API in-process): what a host meets, not what a test double gives.
@MainActor @Suite struct LiveDocsTests {
  let fixture = FixtureServer()
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("host-docs-\(UUID().uuidString)").path

  @Test func theCarouselAndAServerFormsFieldByItsPath() async throws {
    let baseURL = try fixture.start()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (coordinator, stores) = try LiveCompositionTests.compose(
      baseURL: baseURL, directory: directory)
    await coordinator.start(fresh: true)
    await coordinator.settle()
    let hotel = try #require(coordinator.root?.hotel)
    let carousel = try #require(hotel.carousel)
    #expect(carousel.position == "1 / 3")
    hotel.perform(carousel.next.action)
    #expect(hotel.carousel?.position == "2 / 3")
    #expect(hotel.carousel?.previous.isEnabled == true)
    hotel.perform(hotel.chooseRoomButton.action)
    await coordinator.settle()
    let rooms = try #require(coordinator.path.last?.rooms)
    rooms.perform(.chooseRoom(2))
    await coordinator.settle()
    let booking = try #require(coordinator.path.last?.booking)

    // A field of the server's own form is reached by its path, as the schema names it.
    let promoCode = FieldPath(section: "extras", field: "promoCode")
    booking[text: promoCode] = "SUMMER10"
    await coordinator.settle()  // the server computes the discount
    #expect(booking.fieldModel(FieldPath("price.discount"))?.value == "-28 940 ₽")

    // What was put in is typed: text as shown, a switch as on or off.
    let transfer = try #require(booking.fields.first { $0.keyboard == .toggle })
    booking.fieldToggled(transfer.path)
    #expect(booking.input.fields[promoCode] == .text("SUMMER10"))
    #expect(booking.input.fields[transfer.path] == .isOn(true))

    stores.closeSession()
    await fixture.stop()
  }

  @Test func noConnectionOnTheLiveStackIsAConnectivityProblemWithRetry() async throws {
    let baseURL = try fixture.start()
    await fixture.stop()  // nothing listens there now
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (coordinator, stores) = try LiveCompositionTests.compose(
      baseURL: baseURL, directory: directory)
    await coordinator.start(fresh: true)
    await coordinator.settle()

    let hotel = try #require(coordinator.root?.hotel)
    let failure = try #require(hotel.status.failure)
    #expect(failure.isConnectivityProblem)  // `.connectionFailed(...)`, not `.noConnection`
    #expect(hotel.carousel == nil)
    let retry = try #require(coordinator.current?.retryButton)
    #expect(retry == hotel.retryButton)
    #expect(retry.title == "Retry")
    #expect(coordinator.current?.retryButton?.action == .retry(.hotel))
    stores.closeSession()
  }
}

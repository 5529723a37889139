import Domain
import TestSupport
import Testing
import UseCases

@testable import HotelCLI

/// The API the composition root hands out while the HTTP client is still being created.
@Suite struct DeferredBookingAPITests {
  @Test func aCallMadeBeforeTheAPIIsReadyWaitsForItThenGoesToIt() async throws {
    let server = InMemoryBookingAPI()
    let (released, release) = AsyncStream<Void>.makeStream()
    let making = Task { () -> BookingAPI in
      for await _ in released { break }
      return server.api
    }
    let api = BookingAPI.deferred(making)

    let hotel = Task { () throws(APIError) -> Loaded<Hotel> in try await api.hotel(.en, .network) }
    release.yield()
    #expect(try await hotel.value.value == Samples.hotel())
    #expect(server.calls(to: .hotel) == [.init(endpoint: .hotel, language: .en, policy: .network)])
  }

  @Test func everyEndpointIsForwardedWithItsArgumentsAndErrors() async throws {
    let server = InMemoryBookingAPI()
    let api = BookingAPI.deferred(Task { server.api })

    #expect(try await api.rooms(.ru, .network).value == Samples.rooms(language: .ru))
    #expect(try await api.booking(2, .en, .network).value == Samples.offer(roomID: 2))
    #expect(try await api.bookingForm(.en, .network) == nil)
    #expect(server.calls(to: .booking).map(\.roomID) == [2])
    #expect(server.calls(to: .rooms).map(\.language) == [.ru])

    server.fail(.booking, with: .httpStatus(500), times: 1)
    await #expect(throws: APIError.httpStatus(500)) {
      try await api.booking(1, .en, .network)
    }
    server.fail(.hotel, with: .noConnection)
    await #expect(throws: APIError.noConnection) { try await api.hotel(.en, .network) }
  }
}

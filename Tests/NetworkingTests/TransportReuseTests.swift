import Domain
import FixtureAPI
import Foundation
import TestSupport
import Testing
import UseCases

@testable import Networking

@Suite("A transport made ahead of time")
struct TransportReuseTests {
  static func client(_ baseURL: URL, transport: HTTPTransport?) throws -> APIClient {
    let configuration = try APIConfiguration(baseURL: baseURL, timeout: .seconds(10))
    return APIClient(
      configuration: configuration, dependencies: .live(language: .en),
      cache: InMemoryResponseCache().port, transport: transport)
  }

  @Test func isUsedWhenItFitsTheConfigurationAndServesRequests() async throws {
    let server = FixtureServer()
    let baseURL = try server.start()
    do {
      let ahead = HTTPTransport(timeout: .seconds(10))
      let client = try Self.client(baseURL, transport: ahead)
      #expect(client.transport === ahead)
      let hotel = try await BookingAPI.live(client: client).hotel(.en, .network).value
      #expect(hotel.name == "The best five-star hotel in Hurghada, Egypt")
      await server.stop()
    } catch {
      await server.stop()
      throw error
    }
  }

  @Test(arguments: [
    HTTPTransport(timeout: .seconds(3)),
    HTTPTransport(timeout: .seconds(10), maxResponseBytes: 1_024),
  ])
  func isReplacedWhenItsTimeoutOrSizeLimitDiffer(ahead: HTTPTransport) throws {
    // Nothing listens there: no request is made.
    let client = try Self.client(try #require(URL(string: "http://127.0.0.1:9")), transport: ahead)
    #expect(client.transport !== ahead)
    #expect(client.transport.timeout == .seconds(10))
    #expect(client.transport.maxResponseBytes == APIConfiguration.defaultMaxResponseBytes)
  }
}

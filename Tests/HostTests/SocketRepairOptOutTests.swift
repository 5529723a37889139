import Domain
import FixtureAPI
import Foundation
import Networking
import Persistence
import Testing
import UseCases

/// A host that must not have FoundationNetworking patched opts out of the Linux socket repair at
/// each level of the public API (the snippet in Docs/Platform.md, "How to turn it off").
@Suite struct SocketRepairOptOutTests {
  @Test func aHostOptsOutAtEveryLevel() async throws {
    let fixture = FixtureServer()
    let baseURL = try fixture.start()
    let dependencies = Dependencies.live(language: .en)
    let stores = LocalStores(
      directory: DataDirectory(path: FileManager.default.temporaryDirectory.path),
      clock: dependencies.clock, report: { Issue.record("a store reported \($0)") })
    // The composition a host writes (SPEC section 10):
    let server = try LiveServer(
      baseURL: baseURL, dependencies: dependencies, cache: stores.cache,
      repairsSocketSources: false)
    // Or lower down: the client's configuration, or a transport made ahead of time.
    var configuration = try APIConfiguration(baseURL: baseURL)
    configuration.repairsSocketSources = false
    let transport = HTTPTransport(timeout: .seconds(10), repairsSocketSources: false)

    let client = APIClient(
      configuration: configuration, dependencies: dependencies, cache: stores.cache,
      transport: transport)
    let viaServer = try? await server.api.hotel(.en, .network).value
    let viaClient = try? await BookingAPI.live(client: client).hotel(.en, .network).value
    await fixture.stop()
    #expect(!configuration.repairsSocketSources)
    #expect(viaServer?.name == "The best five-star hotel in Hurghada, Egypt")
    #expect(viaClient?.name == "The best five-star hotel in Hurghada, Egypt")
  }
}

import Domain
import FixtureAPI
import Foundation
import TestSupport
import Testing
import UseCases

@testable import Networking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The Linux repair of URLSession's socket sources (Docs/Platform.md) is on by default, and a
/// host can opt out: then its sessions keep Foundation's socket callback, whatever other
/// transports of the process asked for.
@Suite("The socket-source repair and its opt-out")
struct SocketSourceRepairTests {
  /// Whether this platform gets the repair at all.
  static let platformNeedsRepair: Bool = {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      true
    #else
      false
    #endif
  }()

  @Test func isOnByDefaultWhereThePlatformNeedsIt() {
    let transport = HTTPTransport(timeout: .seconds(1))
    #expect(transport.repairsSocketSources)
    #expect(transport.socketSourcesRepaired == Self.platformNeedsRepair)
    #expect(SocketSourceRepair.isInstalled == Self.platformNeedsRepair)
  }

  @Test func anOptedOutClientKeepsFoundationsCallbackAndServesRequests() async throws {
    _ = HTTPTransport(timeout: .seconds(1))  // the repair installed by another transport
    let optOut: (inout APIConfiguration) -> Void = { $0.repairsSocketSources = false }
    try await withAPI(configure: optOut) { harness in
      #expect(!harness.client.transport.repairsSocketSources)
      #expect(!harness.client.transport.socketSourcesRepaired)
      let hotel = try await harness.api.hotel(.en, .network).value
      #expect(hotel.name == "The best five-star hotel in Hurghada, Egypt")
    }
  }

  @Test func aSessionMadeOutsideTheRepairsScopeIsLeftAlone() {
    _ = HTTPTransport(timeout: .seconds(1))
    let made = SocketSourceRepair.makeSession(repairing: false) {
      URLSession(configuration: .ephemeral)
    }
    #expect(!made.repaired)
    let repaired = SocketSourceRepair.makeSession(repairing: true) {
      URLSession(configuration: .ephemeral)
    }
    #expect(repaired.repaired == Self.platformNeedsRepair)
  }

  @Test func transportsMadeConcurrentlyGetWhatEachAskedFor() async {
    let made = await withTaskGroup(of: (Bool, Bool).self) { group in
      for index in 0..<16 {
        group.addTask {
          let transport = HTTPTransport(
            timeout: .seconds(1), repairsSocketSources: index.isMultiple(of: 2))
          return (transport.repairsSocketSources, transport.socketSourcesRepaired)
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(made.count == 16)
    for (asked, repaired) in made {
      #expect(repaired == (asked && Self.platformNeedsRepair))
    }
  }

  @Test func theConfigurationsOptOutReachesTheClientsTransport() throws {
    var configuration = try APIConfiguration(
      baseURL: try #require(URL(string: "http://127.0.0.1:9")), timeout: .seconds(10))
    #expect(configuration.repairsSocketSources)
    configuration.repairsSocketSources = false
    // A transport made with the repair does not fit a configuration that opts out: replaced.
    let ahead = HTTPTransport(timeout: .seconds(10))
    let client = APIClient(
      configuration: configuration, dependencies: .live(language: .en),
      cache: InMemoryResponseCache().port, transport: ahead)
    #expect(client.transport !== ahead)
    #expect(!client.transport.repairsSocketSources)
    #expect(!client.transport.socketSourcesRepaired)
  }

  @Test(arguments: [true, false])
  func liveServerPassesTheChoiceOn(repairs: Bool) throws {
    let server = try LiveServer(
      baseURL: try #require(URL(string: "http://127.0.0.1:9")),
      dependencies: .live(language: .en), cache: InMemoryResponseCache().port,
      transport: HTTPTransport(timeout: .seconds(10)), repairsSocketSources: repairs)
    #expect(server.client.transport.repairsSocketSources == repairs)
    #expect(server.client.transport.socketSourcesRepaired == (repairs && Self.platformNeedsRepair))
  }
}

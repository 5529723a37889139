import Domain
import FixtureAPI
import Foundation
import Testing
import UseCases

@testable import Networking

/// How a base URL with more than a scheme, host and port is joined with each endpoint.
@Suite("Base URL paths and queries")
struct BaseURLJoinTests {
  /// A base URL's path is a prefix of every endpoint's, with or without a trailing slash.
  @Test(arguments: ["/", "/v1", "/v1/", "/v1//"])
  func aPathIsAPrefix(path: String) async throws {
    let server = FixtureServer()
    let root = try server.start()
    let base = try #require(URL(string: root.absoluteString + path))
    let harness = try makeHarness(server, base)
    _ = try? await harness.api.hotel(.en, .network)
    await server.stop()
    let prefix = path.hasPrefix("/v1") ? "/v1" : ""
    #expect(harness.server.receivedRequests.map(\.path) == ["\(prefix)/hotel"])
  }

  /// A base URL's query (an API key a gateway wants, `?key=abc`) goes with every request, before
  /// the endpoint's own parameters; its fragment, which is never sent, is dropped.
  @Test func aQueryGoesWithEveryRequest() async throws {
    let server = FixtureServer()
    let root = try server.start()
    let base = try #require(URL(string: root.absoluteString + "/?key=abc%26d&x=1#frag"))
    let harness = try makeHarness(server, base)
    _ = try await harness.api.hotel(.en, .network)
    _ = try await harness.api.booking(2, .en, .network)
    await server.stop()
    let requests = harness.server.receivedRequests
    #expect(requests.map(\.path) == ["/hotel", "/booking"])
    #expect(requests.map { $0.query["key"] } == ["abc&d", "abc&d"])
    #expect(requests.map { $0.query["x"] } == ["1", "1"])
    #expect(requests.last?.query["room"] == "2")
  }
}

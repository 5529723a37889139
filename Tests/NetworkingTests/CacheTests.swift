import Domain
import FixtureAPI
import Foundation
import TestSupport
import Testing
import UseCases

@testable import Networking

@Suite("ETag revalidation and the cache port")
struct CacheTests {
  @Test("A 200 is cached with its ETag; the next fetch revalidates and a 304 answers from it")
  func revalidation() async throws {
    try await withAPI { harness in
      let first = try await harness.api.rooms(.en, .network)
      let key = "GET /rooms [en]"
      let stored = try #require(harness.cache.all[key])
      let etag = try #require(stored.etag)
      #expect(stored.storedAt == NetworkHarness.start)

      let second = try await harness.api.rooms(.en, .network)
      #expect(second == first)
      #expect(second.origin == .network)
      let requests = harness.server.receivedRequests
      #expect(requests.count == 2)
      #expect(requests[0].header("If-None-Match") == nil)
      #expect(requests[1].header("If-None-Match") == etag)
      // Confirmed a second later, well within the refresh interval: not written again.
      #expect(harness.cache.all[key] == stored)
      #expect(harness.cache.stores == 1)
    }
  }

  @Test("A 304 rewrites an entry as old as the refresh interval with the time it was confirmed")
  func revalidationRefreshesAnOldEntry() async throws {
    let oneSecond: (inout APIConfiguration) -> Void = {
      $0.revalidationRefreshInterval = .seconds(1)
    }
    try await withAPI(configure: oneSecond) { harness in
      _ = try await harness.api.rooms(.en, .network)
      let key = "GET /rooms [en]"
      let stored = try #require(harness.cache.all[key])

      _ = try await harness.api.rooms(.en, .network)
      let refreshed = try #require(harness.cache.all[key])
      #expect(refreshed.storedAt == stored.storedAt.addingTimeInterval(1))
      #expect(refreshed.body == stored.body)
      #expect(refreshed.etag == stored.etag)
      #expect(harness.cache.stores == 2)
    }
  }

  @Test("A 304 carrying another ETag than the cached one is stored even when the entry is fresh")
  func revalidationStoresAChangedETag() async throws {
    try await withAPI { harness in
      _ = try await harness.api.hotel(.en, .network)
      let key = "GET /hotel [en]"
      let stored = try #require(harness.cache.all[key])
      let etag = try #require(stored.etag)
      harness.cache.set(
        key, CachedResponse(etag: "W/" + etag, body: stored.body, storedAt: stored.storedAt))

      _ = try await harness.api.hotel(.en, .network)
      #expect(harness.server.receivedRequests.last?.header("If-None-Match") == "W/" + etag)
      let updated = try #require(harness.cache.all[key])
      #expect(updated.etag == etag)
      #expect(updated.body == stored.body)
      #expect(updated.storedAt > stored.storedAt)
    }
  }

  @Test("cacheOnly answers from the cache without any request, with when it was saved")
  func cacheOnly() async throws {
    try await withAPI { harness in
      let network = try await harness.api.booking(2, .ru, .network)
      let cached = try await harness.api.booking(2, .ru, .cacheOnly)
      #expect(cached.value == network.value)
      #expect(cached.origin == .cache(savedAt: NetworkHarness.start))
      #expect(harness.paths == ["/booking"])
    }
  }

  @Test("cacheOnly with nothing cached is noConnection; keys include query and language")
  func cacheOnlyMiss() async throws {
    try await withAPI { harness in
      _ = try await harness.api.booking(2, .ru, .network)
      for (roomID, language) in [(2, Language.en), (1, .ru)] {
        let error = await apiError { () async throws(APIError) in
          try await harness.api.booking(roomID, language, .cacheOnly)
        }
        #expect(error == .noConnection)
      }
      #expect(harness.paths == ["/booking"])
    }
  }

  @Test("A cached body that no longer decodes is fetched again in full after a 304")
  func corruptCacheRefetched() async throws {
    try await withAPI { harness in
      _ = try await harness.api.hotel(.en, .network)
      let key = "GET /hotel [en]"
      let entry = try #require(harness.cache.all[key])
      harness.cache.set(
        key, CachedResponse(etag: entry.etag, body: Data("{".utf8), storedAt: entry.storedAt))
      let hotel = try await harness.api.hotel(.en, .network)
      #expect(hotel.value.id == 1)
      let conditions = harness.server.receivedRequests.map { $0.header("If-None-Match") }
      #expect(conditions == [nil, entry.etag, nil])
      #expect(harness.cache.all[key]?.body == entry.body)
    }
  }

  @Test("A cache whose store fails does not fail a good answer")
  func failingStore() async throws {
    struct StoreFailed: Error {}
    let server = FixtureServer()
    let baseURL = try server.start()
    let configuration = try APIConfiguration(baseURL: baseURL)
    let client = APIClient(
      configuration: configuration, dependencies: .live(language: .en),
      cache: ResponseCache(entry: { _ in nil }, store: { _, _ in throw StoreFailed() }))
    let hotel = try await BookingAPI.live(client: client).hotel(.en, .network)
    #expect(hotel.value.id == 1)
    await server.stop()
  }
}

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

  /// A schema of more sections than a form can have: JSON, but no form this app loads.
  static let unloadableForm = Data(
    (#"{"version": 1, "sections": ["#
      + (0...1_000).map { #"{"id": "s\#($0)", "fields": []}"# }.joined(separator: ",") + "]}")
      .utf8)

  @Test("A cached body that no longer decodes is dropped, not read again at every start")
  func anUnloadableCachedBodyIsDropped() async throws {
    try await withAPI { harness in
      let key = "GET /booking/form [en]"
      harness.cache.set(
        key, CachedResponse(etag: "\"v0\"", body: Self.unloadableForm, storedAt: .distantPast))
      let refused = await apiError { () async throws(APIError) in
        try await harness.api.bookingForm(.en, .cacheOnly)
      }
      guard case .invalidFormSchema? = refused else {
        Issue.record("expected the schema's problem, got \(String(describing: refused))")
        return
      }
      #expect(harness.cache.all[key] == nil)
      let next = await apiError { () async throws(APIError) in
        try await harness.api.bookingForm(.en, .cacheOnly)
      }
      #expect(next == .noConnection)
      #expect(harness.paths.isEmpty)
    }
  }

  @Test("A cached body that no longer decodes is dropped when the server answers 304 for it")
  func anUnloadableCachedBodyIsDroppedOnA304() async throws {
    try await withAPI { harness in
      _ = try await harness.api.bookingForm(.en, .network)
      let key = "GET /booking/form [en]"
      let entry = try #require(harness.cache.all[key])
      harness.cache.set(
        key, CachedResponse(etag: entry.etag, body: Self.unloadableForm, storedAt: entry.storedAt))
      let form = try await harness.api.bookingForm(.en, .network)
      #expect(form?.value.sections.isEmpty == false)
      let conditions = harness.server.receivedRequests.map { $0.header("If-None-Match") }
      #expect(conditions == [nil, entry.etag, nil])
      #expect(harness.cache.removals == [key])
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

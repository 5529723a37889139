import Foundation
import Testing
import UseCases

@testable import Persistence

@Suite("Response cache")
struct ResponseCacheTests {
  static let response = CachedResponse(
    etag: "W/\"rooms-v3\"", body: Data(#"{"rooms": []}"#.utf8),
    storedAt: Date(timeIntervalSince1970: 1_789_000_000.25))

  @Test func anEntryRoundTripsWithItsETagAndTime() async throws {
    try await TemporaryDirectory.with { temp in
      let cache = ResponseCache.files(FileStore(directory: temp.dataDirectory))
      try await cache.store("GET /rooms en", Self.response)
      #expect(await cache.entry("GET /rooms en") == Self.response)
      #expect(await cache.entry("GET /rooms ru") == nil)

      let newer = CachedResponse(
        etag: nil, body: Data([0, 1, 255]), storedAt: Date(timeIntervalSince1970: 2_000_000_000))
      try await cache.store("GET /rooms en", newer)
      await cache.flush()
      let reopened = ResponseCache.files(FileStore(directory: temp.dataDirectory))
      #expect(await reopened.entry("GET /rooms en") == newer)
    }
  }

  @Test(
    arguments: [
      "../../etc/passwd", "/absolute", "nul\0key", "GET /booking?room=1&x=../..",
      String(repeating: "long ", count: 400), "",
    ].map(Text.init))
  func anyKeyIsStoredUnderAHashedFileName(text: Text) async throws {
    let key = text.value
    try await TemporaryDirectory.with { temp in
      let store = FileStore(directory: temp.dataDirectory)
      let cache = ResponseCache.files(store)
      try await cache.store(key, Self.response)
      #expect(await cache.entry(key) == Self.response)
      await cache.flush()
      let names = try #require(try FileSystem.live.list(store.path("cache")))
      #expect(names.count == 1)
      #expect(names.allSatisfy { $0.count == 37 && $0.hasSuffix(".json") })
      #expect(
        try FileSystem.live.list(temp.dataDirectory.path).map(Set.init) == [".lock", "cache"])
    }
  }

  @Test func aFileForAnotherKeyWithTheSameNameIsAMiss() async throws {
    try await TemporaryDirectory.with { temp in
      let store = FileStore(directory: temp.dataDirectory)
      let cache = ResponseCache.files(store)
      try await cache.store("GET /hotel en", Self.response)
      await cache.flush()
      try FileSystem.live.rename(
        store.path("cache", CacheFormat.fileName(for: "GET /hotel en")),
        store.path("cache", CacheFormat.fileName(for: "GET /hotel ru")))
      #expect(await cache.entry("GET /hotel ru") == nil)
    }
  }

  @Test func aCorruptEntryIsAMissMovedAsideAndReported() async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let store = FileStore(directory: temp.dataDirectory, report: log.report)
      let cache = ResponseCache.files(store)
      try await cache.store("GET /hotel en", Self.response)
      await cache.flush()
      let path = store.path("cache", CacheFormat.fileName(for: "GET /hotel en"))
      let data = try #require(try FileSystem.live.read(path, 1 << 20))
      try data.prefix(20).write(to: URL(fileURLWithPath: path))

      #expect(await cache.entry("GET /hotel en") == nil)
      #expect(log.all.count == 1)
      #expect(FileManager.default.fileExists(atPath: path + ".corrupt"))
      try await cache.store("GET /hotel en", Self.response)
      #expect(await cache.entry("GET /hotel en") == Self.response)
    }
  }

  @Test func anEntryFromANewerVersionIsAMissAndNeverOverwritten() async throws {
    try await TemporaryDirectory.with { temp in
      let store = FileStore(directory: temp.dataDirectory)
      let cache = ResponseCache.files(store)
      try store.prepare(subdirectory: "cache")
      let path = store.path("cache", CacheFormat.fileName(for: "GET /hotel en"))
      let future = Data(#"{"schema_version": 5, "key": "GET /hotel en"}"#.utf8)
      try future.write(to: URL(fileURLWithPath: path))

      #expect(await cache.entry("GET /hotel en") == nil)
      #expect(throws: StoreError.unsupportedVersion(path: path, version: 5)) {
        try CacheFiles(store: store).store("GET /hotel en", Self.response)
      }
      #expect(try FileSystem.live.read(path, 1 << 20) == future)

      // Written in the background: the failure is kept by the writer, the file left alone.
      let writer = CacheWriter(files: CacheFiles(store: store))
      writer.store("GET /hotel en", Self.response)
      await writer.flush()
      #expect(writer.failures.map(\.error) == [.unsupportedVersion(path: path, version: 5)])
      #expect(try FileSystem.live.read(path, 1 << 20) == future)
      #expect(writer.entry("GET /hotel en") == nil)
    }
  }
}

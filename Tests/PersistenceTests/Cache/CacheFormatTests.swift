import Foundation
import Testing
import UseCases

@testable import Persistence

/// The cache file's layouts: version 2 keeps a JSON body as the bytes it came as, not base64 inside
/// a pretty-printed file (a 5 MB answer would take 14 MB of the heap to write); version 1 files are
/// still read.
@Suite("Cache file format")
struct CacheFormatTests {
  static let storedAt = Date(timeIntervalSince1970: 1_789_000_000.25)

  /// The file `cache` wrote for `key`, after storing `response` under it.
  static func written(
    _ response: CachedResponse, key: String, in temp: TemporaryDirectory
  ) throws -> (files: CacheFiles, path: String, data: Data) {
    // A damaged file's report is not looked at here: the file moved aside is.
    let files = CacheFiles(store: FileStore(directory: temp.dataDirectory, report: { _ in }))
    try files.store(key, response)
    let path = files.store.path("cache", CacheFormat.fileName(for: key))
    return (files, path, try #require(try FileSystem.live.read(path, 1 << 24)))
  }

  @Test func aJSONBodyIsStoredAsTheBytesItCameAsInOneJSONLine() async throws {
    try await TemporaryDirectory.with { temp in
      // Spaces, a newline and an escaped slash kept as they came: the bytes, not a re-encoding.
      let body = Data(" {\"rooms\": [{\"id\": 1, \"url\": \"a\\/b\"}],\n \"n\": 1.50} ".utf8)
      let response = CachedResponse(etag: #"W/"v1""#, body: body, storedAt: Self.storedAt)
      let key = #"GET /rooms ","body":"x" en"#
      let (files, _, data) = try Self.written(response, key: key, in: temp)

      let text = String(decoding: data, as: UTF8.self)
      #expect(text.hasPrefix(#"{"schema_version":2,"key":"GET /rooms \",\"body\":\"x\" en","#))
      #expect(
        text.hasSuffix(
          #","body": {"rooms": [{"id": 1, "url": "a\/b"}],"# + "\n" + #" "n": 1.50} }"# + "\n"))
      #expect(data.count < body.count + 200)
      let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      #expect(object["schema_version"] as? Int == 2)
      #expect((object["body"] as? [String: Any])?["n"] as? Double == 1.5)
      #expect(files.entry(key) == response)
    }
  }

  @Test func aBodyThatIsNotJSONIsStoredAsBase64() async throws {
    try await TemporaryDirectory.with { temp in
      for body in [Data([0, 1, 255]), Data(), Data("{ not closed".utf8), Data("\"text\"".utf8)] {
        let response = CachedResponse(etag: nil, body: body, storedAt: Self.storedAt)
        let (files, _, data) = try Self.written(response, key: "GET /x", in: temp)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["schema_version"] as? Int == 2)
        let stored = (object["response"] as? [String: Any])?["body"] as? String
        #expect(stored == body.base64EncodedString())
        #expect(files.entry("GET /x") == response)
      }
    }
  }

  /// A file the program before version 2 wrote, byte for byte.
  static let versionOne = """
    {
      "key" : "GET /rooms en",
      "response" : {
        "body" : "eyJyb29tcyI6IFtdfQ==",
        "etag" : "W\\/\\"rooms-v3\\"",
        "storedAt" : "2026-09-10T00:26:40.250Z"
      },
      "schema_version" : 1
    }
    """

  @Test func aVersionOneFileIsStillRead() async throws {
    try await TemporaryDirectory.with { temp in
      let store = FileStore(directory: temp.dataDirectory)
      try store.prepare(subdirectory: "cache")
      let path = store.path("cache", CacheFormat.fileName(for: "GET /rooms en"))
      try Data(Self.versionOne.utf8).write(to: URL(fileURLWithPath: path))

      let cache = ResponseCache.files(store)
      let expected = CachedResponse(
        etag: #"W/"rooms-v3""#, body: Data(#"{"rooms": []}"#.utf8), storedAt: Self.storedAt)
      #expect(await cache.entry("GET /rooms en") == expected)
      // Stored again, it is written as version 2.
      try await cache.store("GET /rooms en", expected)
      await cache.flush()
      let rewritten = try #require(try FileSystem.live.read(path, 1 << 20))
      #expect(rewritten.starts(with: Data(#"{"schema_version":2,"#.utf8)))
      #expect(await ResponseCache.files(store).entry("GET /rooms en") == expected)
    }
  }

  /// The same JSON in other whitespace (pretty printed by an editor or `jq`, or without the final
  /// newline) is read as drafts and orders are, the body the same JSON.
  @Test(arguments: ["pretty", "no final newline", "spaces"])
  func theSameJSONInOtherWhitespaceIsRead(layout: String) async throws {
    try await TemporaryDirectory.with { temp in
      let body = Data(
        #"{"rooms": [{"id": 1, "url": "a\/b", "name": "Люкс", "free": true, "note": null}], "n": 1.5}"#
          .utf8)
      let response = CachedResponse(etag: #"W/"v1""#, body: body, storedAt: Self.storedAt)
      let (files, path, data) = try Self.written(response, key: "GET /rooms en", in: temp)
      let resaved: Data
      switch layout {
      case "pretty":
        let object = try JSONSerialization.jsonObject(with: data)
        resaved = try JSONSerialization.data(
          withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
      case "no final newline":
        resaved = data.dropLast()
      default:
        resaved = Data(
          String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\":", with: "\" : ")
            .utf8)
      }
      try resaved.write(to: URL(fileURLWithPath: path))
      let read = try #require(files.entry("GET /rooms en"), "\(layout)")
      #expect(read.etag == response.etag)
      #expect(read.storedAt == response.storedAt)
      let expected = try JSONSerialization.jsonObject(with: body) as? NSDictionary
      #expect(try JSONSerialization.jsonObject(with: read.body) as? NSDictionary == expected)
      #expect(!FileManager.default.fileExists(atPath: path + ".corrupt"), "\(layout)")
    }
  }

  static let damaged: [(name: String, bytes: @Sendable (Data) -> Data)] = [
    ("no body", { data in data.prefix(60) }),
    ("no end", { data in data.dropLast(2) }),
    ("header damaged", { _ in Data(#"{"schema_version":2,"key":5,"body":{}}"#.utf8 + [10]) }),
    (
      "a key twice",
      { _ in
        Data(
          (#"{"schema_version":2,"key":"a","key":"b","#
            + #""response":{"storedAt":"2026-09-10T00:26:40.250Z"},"body":{}}"#).utf8 + [10])
      }
    ),
    (
      "the version twice",
      { _ in
        Data(
          (#"{"schema_version":2,"schema_version":1,"key":"a","#
            + #""response":{"storedAt":"2026-09-10T00:26:40.250Z"},"body":{}}"#).utf8 + [10])
      }
    ),
    (
      "the body twice",
      { _ in
        Data(
          (#"{"schema_version":2,"body":[],"key":"a","#
            + #""response":{"storedAt":"2026-09-10T00:26:40.250Z"},"body":{}}"#).utf8 + [10])
      }
    ),
  ]

  @Test(arguments: damaged.indices)
  func aDamagedVersionTwoFileIsAMissMovedAside(index: Int) async throws {
    let (name, damage) = Self.damaged[index]
    try await TemporaryDirectory.with { temp in
      let response = CachedResponse(
        etag: "e", body: Data(#"{"rooms": [1, 2, 3]}"#.utf8), storedAt: Self.storedAt)
      let (files, path, data) = try Self.written(response, key: "a", in: temp)
      try damage(data).write(to: URL(fileURLWithPath: path))
      #expect(files.entry("a") == nil, "\(name)")
      #expect(FileManager.default.fileExists(atPath: path + ".corrupt"), "\(name)")
    }
  }
}

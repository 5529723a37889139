import Foundation
import Testing

extension EndToEnd {
  /// The response cache is written behind the answers; the process writes what is left before
  /// it exits.
  @Suite struct CacheEndToEndTests {
    /// The keys of the entries in the data directory's `cache/`.
    static func cachedKeys(_ hotel: HotelProcess) throws -> Set<String> {
      let folder = hotel.dataDirectory.appendingPathComponent("cache")
      var keys: Set<String> = []
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
        #expect(name.hasSuffix(".json") && !name.hasPrefix("."), "\(name)")
        let data = try Data(contentsOf: folder.appendingPathComponent(name))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["schema_version"] as? Int == 2)
        // The answer itself, as JSON, not base64 (schema version 2).
        #expect(object["body"] is [String: Any], "\(name)")
        keys.insert(try #require(object["key"] as? String))
      }
      return keys
    }

    @Test func everyResponseFetchedIsOnDiskWhenTheProcessHasExited() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      // The script ends as soon as Hotel shows: the last answers (Hotel and the Rooms
      // prefetch) arrive just before the exit, so only the exit flush writes them in time.
      let result = try await hotel.run(
        ["replay", "-", "--today", "2026-06-01", "--data-dir", hotel.dataDirectory.path],
        stdin: "expect screen hotel\n")
      #expect(result.status == 0, "\(result)")
      #expect(try Self.cachedKeys(hotel) == ["GET /hotel [en]", "GET /rooms [en]"])

      let booking = try await hotel.run(
        [
          "replay", "-", "--today", "2026-06-01", "--fresh", "--data-dir", hotel.dataDirectory.path,
        ],
        stdin: "tap hotel.chooseRoom\ntap rooms.room.2.choose\nexpect screen booking\n")
      #expect(booking.status == 0, "\(booking)")
      #expect(
        try Self.cachedKeys(hotel) == [
          "GET /hotel [en]", "GET /rooms [en]", "GET /booking?room=2 [en]",
          "GET /booking/form [en]",
        ])
    }
  }
}

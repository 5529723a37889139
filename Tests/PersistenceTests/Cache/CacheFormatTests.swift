import Foundation
import Testing
import UseCases

@testable import Persistence

/// Cache entries are written directly, without `JSONEncoder`, byte for byte as the encoder of
/// every other file writes them.
@Suite("Cache entry format")
struct CacheFormatTests {
  static let dates: [Date] = [
    Date(timeIntervalSince1970: 1_789_000_000),
    Date(timeIntervalSince1970: 1_789_000_000.25),
    Date(timeIntervalSince1970: 1_789_000_000.9996),
    Date(timeIntervalSince1970: 1_789_000_000.0004),
    Date(timeIntervalSince1970: 0),
    Date(timeIntervalSince1970: 951_782_400.999),  // 2000-02-29, the last millisecond's start
    Date(timeIntervalSince1970: -86_400 * 365.25 * 100),
    Date(timeIntervalSince1970: 4_102_444_799),  // 2099-12-31T23:59:59
  ]

  static let keys = [
    "GET /hotel [en]", "GET /booking?room=1 [ru]", #"quote " backslash \ slash /"#,
    "control \u{01}\u{1F}\n\r\t\u{08}\u{0C} end", "Гостиница 🏨", "",
  ]

  @Test("the entry written directly is what JSONEncoder writes", arguments: dates)
  func directEncodingMatchesTheEncoder(date: Date) throws {
    for key in Self.keys {
      for etag in [#""abc""#, nil, "W/\"x/\u{7F}\""] {
        let entry = CacheFormat.Entry(
          key: key,
          response: CachedResponse(
            etag: etag, body: Data("{\"a\": \(key.count)}".utf8), storedAt: date))
        let direct = try CacheFormat.encode(entry)
        let encoded = try JSONCoding.encoder().encode(entry)
        #expect(String(decoding: direct, as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
        let decoded = try CacheFormat.decode(direct, version: 1)
        #expect(decoded.key == key && decoded.response.etag == etag)
      }
    }
  }

  @Test("a date outside the years 1 to 9999 is left to the encoder")
  func datesOutOfRange() {
    #expect(JSONText.date(Date(timeIntervalSince1970: 1e15)) == nil)
    #expect(JSONText.date(Date(timeIntervalSince1970: -1e15)) == nil)
    #expect(JSONText.date(Date(timeIntervalSince1970: .nan)) == nil)
    #expect(JSONText.date(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
  }
}

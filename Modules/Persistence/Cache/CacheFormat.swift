import Foundation
import UseCases

/// A response cache file, `cache/<hash>.json`:
/// `{"schema_version": 1, "key": "...", "response": {"etag", "body" (base64), "storedAt"}}`.
/// The key is stored so that a hash collision reads as a miss, never as another key's data.
enum CacheFormat: FileFormat {
  static let currentVersion = 1

  static func encode(_ value: Entry) throws -> Data {
    try JSONCoding.encoder().encode(value)
  }

  static func decode(_ data: Data, version: Int) throws -> Entry {
    try JSONCoding.decoder().decode(Entry.self, from: data)
  }

  /// One cached response and the key it was stored under.
  struct Entry: Codable {
    var schemaVersion: Int = CacheFormat.currentVersion
    var key: String
    var response: CachedResponse

    enum CodingKeys: String, CodingKey {
      case schemaVersion = "schema_version"
      case key, response
    }
  }

  /// The file name for `key`: 128 bits of FNV-1a as hex, safe whatever the key holds.
  static func fileName(for key: String) -> String {
    let bytes = Array(key.utf8)
    let first = fnv1a(bytes, basis: 0xcbf2_9ce4_8422_2325)
    let second = fnv1a(bytes, basis: 0x8422_2325_cbf2_9ce4)
    return hex(first) + hex(second) + ".json"
  }

  private static func fnv1a(_ bytes: [UInt8], basis: UInt64) -> UInt64 {
    var hash = basis
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

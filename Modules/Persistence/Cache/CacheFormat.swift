import Domain
import Foundation
import UseCases

/// A response cache file, `cache/<hash>.json`.
///
/// The key is stored so that a hash collision reads as a miss, never as another key's data.
///
/// - Version 2 (written today), one line:
///   `{"schema_version":2,"key":"...","response":{"etag":"...","storedAt":"..."},"body":BODY}`
///   where `BODY` is the answer's bytes as they came (always a JSON text: the client caches only
///   answers it decoded), so the file is JSON and the body costs its own size, once. A body
///   that does not start and end as a JSON object or array would not leave the file JSON: it is
///   written as version 1 is, base64 (`"body"` inside `"response"`), without pretty printing.
///   Reading such a file as written never parses the body: it is the bytes between
///   `,"body":` (the first, as every quote inside a string of the header is escaped) and the
///   closing `}` of the line. The same JSON in any other layout (pretty printed by an editor,
///   without the final newline) is read as every other file is, in one parse, and the body is
///   the same JSON written again.
/// - Version 1: `{"key", "response": {"body" (base64), "etag", "storedAt"}, "schema_version": 1}`,
///   pretty printed (a 5 MB body took 14 MB of the heap to write: base64, then indented); still
///   read.
enum CacheFormat: FileFormat {
  static let currentVersion = 2

  /// How a version 2 file with the body as it came begins.
  static let rawPrefix = Data(#"{"schema_version":2,"#.utf8)
  private static let bodyMarker = Data(#","body":"#.utf8)
  private static let rawSuffix = Data("}\n".utf8)

  static func encode(_ value: Entry) throws -> Data {
    let encoder = JSONCoding.encoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let body = value.response.body
    guard isJSONLooking(body) else {
      var entry = value
      entry.schemaVersion = currentVersion
      return try encoder.encode(entry) + Data("\n".utf8)
    }
    // `{"key":"...","response":{...}}`, whose braces the file's own replace.
    let header = try encoder.encode(
      Header(
        key: value.key,
        response: .init(etag: value.response.etag, storedAt: value.response.storedAt)))
    var data = Data()
    data.reserveCapacity(
      rawPrefix.count + header.count + bodyMarker.count + body.count + rawSuffix.count)
    data.append(rawPrefix)
    data.append(header.dropFirst().dropLast())
    data.append(bodyMarker)
    data.append(body)
    data.append(rawSuffix)
    return data
  }

  static func decode(from decoder: any Decoder, version: Int) throws -> Entry {
    try Entry(from: decoder)
  }

  static func decode(_ data: Data, version: Int) throws -> Entry {
    let start = data.startIndex + rawPrefix.count
    guard version >= 2, data.starts(with: rawPrefix),
      let marker = data.range(of: bodyMarker, in: start..<data.endIndex),
      data.count - rawPrefix.count - bodyMarker.count >= rawSuffix.count,
      data.suffix(rawSuffix.count).elementsEqual(rawSuffix)
    else {
      // Not laid out as written: read as any file is (a truncated one is not JSON then).
      if let problem = JSONNesting.problem(in: data) { throw InvalidRecord(problem: problem) }
      return try JSONCoding.decoder().decode(VersionedFile<Self>.self, from: data).value
    }
    let header = Data("{".utf8) + data[start..<marker.lowerBound] + Data("}".utf8)
    if let problem = JSONNesting.problem(in: header) { throw InvalidRecord(problem: problem) }
    let fields: Header
    do {
      fields = try JSONCoding.decoder().decode(Header.self, from: header)
    } catch let invalid as InvalidRecord {
      throw invalid
    } catch {
      throw InvalidRecord(problem: DecodingProblem(error, decoding: header))
    }
    let bodyEnd = data.endIndex - rawSuffix.count
    guard marker.upperBound <= bodyEnd else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "a cache entry without its body"))
    }
    return Entry(
      schemaVersion: version, key: fields.key,
      response: CachedResponse(
        etag: fields.response.etag, body: Data(data[marker.upperBound..<bodyEnd]),
        storedAt: fields.response.storedAt))
  }

  /// Version 2 with the body as it came is read here whole, header checked (``decode(_:version:)``),
  /// not parsed as one JSON text: the body is the answer's, checked when the client decodes it.
  static func probedVersion(_ data: Data) -> Int? {
    data.starts(with: rawPrefix) ? 2 : nil
  }

  /// Whether `body` begins and ends as a JSON object or array does (whitespace aside).
  static func isJSONLooking(_ body: Data) -> Bool {
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    guard let first = body.first(where: { !isSpace($0) }),
      let last = body.last(where: { !isSpace($0) })
    else { return false }
    return (first == UInt8(ascii: "{") && last == UInt8(ascii: "}"))
      || (first == UInt8(ascii: "[") && last == UInt8(ascii: "]"))
  }

  /// One cached response and the key it was stored under (version 1's layout, and version 2's for a
  /// body that is not JSON).
  ///
  /// Decoded from version 2's layout with the body as it came too, in any formatting: the body is
  /// then the same JSON, written again.
  struct Entry: Codable {
    var schemaVersion: Int = CacheFormat.currentVersion
    var key: String
    var response: CachedResponse

    enum CodingKeys: String, CodingKey {
      case schemaVersion = "schema_version"
      case key, response, body
    }

    init(schemaVersion: Int = CacheFormat.currentVersion, key: String, response: CachedResponse) {
      self.schemaVersion = schemaVersion
      self.key = key
      self.response = response
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
      key = try container.decode(String.self, forKey: .key)
      guard schemaVersion >= 2, container.contains(.body) else {
        response = try container.decode(CachedResponse.self, forKey: .response)
        return
      }
      let header = try container.decode(Header.Response.self, forKey: .response)
      let body = try container.decode(JSONValue.self, forKey: .body)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.withoutEscapingSlashes]
      response = CachedResponse(
        etag: header.etag, body: try encoder.encode(body), storedAt: header.storedAt)
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(schemaVersion, forKey: .schemaVersion)
      try container.encode(key, forKey: .key)
      try container.encode(response, forKey: .response)
    }
  }

  /// Any JSON value, to write a body read from another layout again.
  private enum JSONValue: Codable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case text(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
      if let container = try? decoder.container(keyedBy: AnyKey.self) {
        var object: [String: JSONValue] = [:]
        for key in container.allKeys {
          object[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        self = .object(object)
      } else if var container = try? decoder.unkeyedContainer() {
        var array: [JSONValue] = []
        while !container.isAtEnd { array.append(try container.decode(JSONValue.self)) }
        self = .array(array)
      } else {
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
          self = .null
        } else if let flag = try? value.decode(Bool.self) {
          self = .bool(flag)
        } else if let integer = try? value.decode(Int64.self) {
          self = .integer(integer)
        } else if let number = try? value.decode(Double.self) {
          self = .number(number)
        } else {
          self = .text(try value.decode(String.self))
        }
      }
    }

    func encode(to encoder: any Encoder) throws {
      switch self {
      case .object(let object):
        var container = encoder.container(keyedBy: AnyKey.self)
        for (key, value) in object { try container.encode(value, forKey: AnyKey(key)) }
      case .array(let array):
        var container = encoder.unkeyedContainer()
        for value in array { try container.encode(value) }
      case .null:
        var container = encoder.singleValueContainer()
        try container.encodeNil()
      case .bool(let flag):
        var container = encoder.singleValueContainer()
        try container.encode(flag)
      case .integer(let integer):
        var container = encoder.singleValueContainer()
        try container.encode(integer)
      case .number(let number):
        var container = encoder.singleValueContainer()
        try container.encode(number)
      case .text(let text):
        var container = encoder.singleValueContainer()
        try container.encode(text)
      }
    }

    private struct AnyKey: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(_ key: String) { stringValue = key }
      init?(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }
  }

  /// Version 2's fields other than the body.
  private struct Header: Codable {
    struct Response: Codable {
      var etag: String?
      var storedAt: Date
    }

    var key: String
    var response: Response

    init(key: String, response: Response) {
      self.key = key
      self.response = response
    }

    /// Also refuses the keys the file holds outside the header (`"schema_version"`, `"body"`):
    /// a second one would be a key twice in the file, which every file is refused for.
    init(from decoder: any Decoder) throws {
      let outside = try decoder.container(keyedBy: OutsideKeys.self)
      if let key = outside.allKeys.first {
        throw InvalidRecord(problem: .duplicateKey(path: key.stringValue))
      }
      let container = try decoder.container(keyedBy: CodingKeys.self)
      key = try container.decode(String.self, forKey: .key)
      response = try container.decode(Response.self, forKey: .response)
    }

    private enum CodingKeys: String, CodingKey {
      case key, response
    }

    private enum OutsideKeys: String, CodingKey {
      case schemaVersion = "schema_version"
      case body
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

import Foundation

/// How one kind of file is encoded: its current schema version, how to write a value, and how
/// to read any version up to the current one (migrating older ones).
protocol FileFormat {
  /// The value a file holds.
  associatedtype Value
  /// The schema version written today; higher versions are refused, never overwritten.
  static var currentVersion: Int { get }
  /// The file's bytes for `value`, at ``currentVersion``.
  static func encode(_ value: Value) throws -> Data
  /// The value in `data`, written with schema `version` (1...``currentVersion``).
  static func decode(_ data: Data, version: Int) throws -> Value
  /// The schema version of `data` when this format reads its layout whole itself, checking
  /// what it parses, rather than as one JSON text (checked for duplicate keys and depth, then
  /// probed for `schema_version`); `nil` (the default) for the latter.
  static func probedVersion(_ data: Data) -> Int?
}

extension FileFormat {
  static func probedVersion(_ data: Data) -> Int? { nil }
}

/// What reading a file found.
enum ReadOutcome<Value> {
  /// There is no such file.
  case missing
  /// The file's value (migrated if it was older).
  case value(Value)
  /// A newer program wrote the file (schema `version`); it is left as it is.
  case newerVersion(Int)
  /// The file could not be decoded and was moved aside to `movedTo`.
  case movedAside(movedTo: String)
}

/// The first thing read from any file: its schema version.
struct VersionProbe: Decodable {
  var schemaVersion: Int

  enum CodingKeys: String, CodingKey {
    case schemaVersion = "schema_version"
  }
}

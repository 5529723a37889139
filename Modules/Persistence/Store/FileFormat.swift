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
  /// The value of a file written with schema `version` (1...``currentVersion``), read from the
  /// file's top-level `decoder`: the one parse of the file, whose `schema_version` was just
  /// read from it (``VersionedFile``).
  static func decode(from decoder: any Decoder, version: Int) throws -> Value
  /// The value in `data`, written with schema `version` (1...``currentVersion``). By default
  /// the file is decoded as a ``VersionedFile`` (its own `schema_version` is the one read); a
  /// format with a layout of its own (``probedVersion(_:)``) reads it here.
  static func decode(_ data: Data, version: Int) throws -> Value
  /// The schema version of `data` when this format reads its layout whole itself, checking
  /// what it parses, rather than as one JSON text (checked for duplicate keys and depth, then
  /// probed for `schema_version`); `nil` (the default) for the latter.
  static func probedVersion(_ data: Data) -> Int?
}

extension FileFormat {
  static func probedVersion(_ data: Data) -> Int? { nil }

  static func decode(_ data: Data, version: Int) throws -> Value {
    try JSONCoding.decoder().decode(VersionedFile<Self>.self, from: data).value
  }
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
  /// The file could not be decoded, nor moved aside (a read-only data directory); it is left
  /// where it is, and reported (``UseCases/StoreReport/notMovedAside(path:reason:error:)``).
  case leftInPlace
}

/// A file of `Format` as one JSON text, decoded in one parse: its `schema_version` first, then the
/// value that version holds (``FileFormat/decode(from:version:)``, migrating an older one).
///
/// A version the format cannot read stops the decoding with a ``VersionRefusal`` before the rest is
/// looked at, so a newer file is told as newer whatever it holds.
struct VersionedFile<Format: FileFormat>: Decodable {
  /// The file's value.
  var value: Format.Value

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decode(Int.self, forKey: .schemaVersion)
    if version > Format.currentVersion { throw VersionRefusal.newer(version) }
    guard version >= 1 else { throw VersionRefusal.invalid(version) }
    value = try Format.decode(from: decoder, version: version)
  }

  private enum CodingKeys: String, CodingKey {
    case schemaVersion = "schema_version"
  }
}

/// Why a ``VersionedFile`` was not decoded past its `schema_version`.
enum VersionRefusal: Error {
  /// Written by a newer version of the program.
  case newer(Int)
  /// A version no version of the program wrote (zero or negative).
  case invalid(Int)
}

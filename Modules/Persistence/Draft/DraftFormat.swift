import Foundation
import UseCases

/// The draft file, `draft.json`: `{"schema_version": 1, "draft": <BookingDraft>}`.
enum DraftFormat: FileFormat {
  static let currentVersion = 1

  static func encode(_ value: BookingDraft) throws -> Data {
    try JSONCoding.encoder().encode(File(schemaVersion: currentVersion, draft: value))
  }

  static func decode(from decoder: any Decoder, version: Int) throws -> BookingDraft {
    try File(from: decoder).draft
  }

  private struct File: Codable {
    var schemaVersion: Int
    var draft: BookingDraft

    enum CodingKeys: String, CodingKey {
      case schemaVersion = "schema_version"
      case draft
    }
  }
}

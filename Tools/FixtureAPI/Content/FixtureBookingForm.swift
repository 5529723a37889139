import Domain
import Foundation

extension FixtureContent {
  /// The body of `GET /booking/form` in `language`: the built-in booking form
  /// (`FormSchema.booking(language:)`) in the schema's own JSON (snake_case keys), with sorted
  /// keys so its `ETag` is stable. `nil` (a `404`, so clients use their built-in schema) only
  /// if it cannot be encoded.
  static func bookingForm(_ language: Language) -> [UInt8]? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try? Array(encoder.encode(FormSchema.booking(language: language)))
  }
}

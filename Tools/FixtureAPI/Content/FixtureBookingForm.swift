import Domain

extension FixtureContent {
  /// The body of `GET /booking/form` in `language`, or `nil` to answer `404` (clients then use
  /// their built-in schema, SPEC section 3).
  ///
  /// WIRE-FORM-SCHEMA: the single place to serve the form. Once Domain has
  /// `FormSchema.booking(language:)`, return `JSONEncoder` output of it here (with
  /// `.sortedKeys`, so the `ETag` is stable), keeping the schema's own `Codable` keys.
  static func bookingForm(_ language: Language) -> [UInt8]? {
    nil
  }
}

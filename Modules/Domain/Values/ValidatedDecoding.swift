extension SingleValueDecodingContainer {
  /// Decodes a string and runs it through a validating initialiser, so a file or a payload can
  /// never smuggle in a value the initialiser would refuse.
  ///
  /// - Throws: `DecodingError.dataCorrupted` naming the rule's message key when the text is
  ///   refused, or the container's own error when the value is not a string.
  func decodeValidated<Value>(
    _ type: Value.Type, _ make: (String) throws(ValidationError) -> Value
  ) throws -> Value {
    let text = try decode(String.self)
    do {
      return try make(text)
    } catch {
      throw DecodingError.dataCorruptedError(
        in: self, debugDescription: "not a valid \(Value.self) (\(error.key))")
    }
  }
}

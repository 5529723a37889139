import Testing

/// A test argument shown escaped (`"nul\0"`), so control characters in it cannot garble the
/// test output.
struct Text: CustomTestStringConvertible, Sendable {
  /// The text itself.
  let value: String

  init(_ value: String) { self.value = value }

  var testDescription: String { value.debugDescription }
}

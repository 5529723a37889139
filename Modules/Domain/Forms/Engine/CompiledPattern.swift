/// A `pattern` rule's regular expression, compiled once when a schema is compiled
/// (``FormEngine``) and shared by every check of every field that uses the same pattern, in every
/// ``FormState`` of the engine.
///
/// Why `@unchecked Sendable` is sound here: `Regex<AnyRegexOutput>` is not declared `Sendable`
/// in Swift 6.3.1, but this wrapper never changes after `init`. Its stored properties are `let`s;
/// the `Regex` is a struct around the standard library's private program class, whose parsed
/// tree is immutable and whose lowered (executable) program is a cache filled once, with an
/// atomic load and compare-and-exchange, by the first match; each match runs on its own
/// per-call state. This type calls no mutating `Regex` API, and `init` runs one match so the
/// cache is already filled before the value can be shared: later checks only read it.
final class CompiledPattern: @unchecked Sendable {
  /// The pattern as written in the schema.
  let source: String
  private let regex: Regex<AnyRegexOutput>

  /// Compiles `source`; `nil` when it is not a valid regular expression.
  init?(_ source: String) {
    guard let regex = try? Regex(source) else { return nil }
    self.source = source
    self.regex = regex
    _ = try? regex.wholeMatch(in: "")
  }

  /// The problem with `text` under the pattern: `nil` when, without surrounding white space, it
  /// is empty (whether that is an error is the `required` rule's business) or matches the
  /// pattern in full; ``ValidationError/patternMismatch`` otherwise, also when matching throws.
  func check(_ text: String) -> ValidationError? {
    let trimmed = text.trimmingWhitespace()
    guard !trimmed.isEmpty else { return nil }
    return (try? regex.wholeMatch(in: trimmed)) == nil ? .patternMismatch : nil
  }
}

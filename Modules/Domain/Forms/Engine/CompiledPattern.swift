/// A `pattern` rule's regular expression, compiled once when a schema is compiled
/// (``FormEngine``) and shared by every check of every field that uses the same pattern, in every
/// ``FormState`` of the engine.
///
/// Patterns come from a server, so they are matched by ``PatternProgram``, an automaton that
/// never backtracks: a check takes time linear in the text (at most
/// ``PatternProgram/maximumTextLength`` characters), whatever the pattern. The standard
/// library's `Regex` backtracks without bound (`^(a|aa)*b$` and 50 letters kept it busy for
/// minutes).
final class CompiledPattern: Sendable {
  /// The pattern as written in the schema.
  let source: String
  private let program: PatternProgram

  /// Compiles `source`; `nil` when it is not a pattern this engine matches.
  convenience init?(_ source: String) {
    guard case .success(let compiled) = Self.compile(source) else { return nil }
    self.init(source: source, program: compiled.program)
  }

  private init(source: String, program: PatternProgram) {
    self.source = source
    self.program = program
  }

  /// Compiles `source`, or says why it cannot be used (the position and the problem).
  static func compile(_ source: String) -> Result<CompiledPattern, PatternSyntaxError> {
    do throws(PatternSyntaxError) {
      return .success(CompiledPattern(source: source, program: try PatternProgram(source)))
    } catch {
      return .failure(error)
    }
  }

  /// The problem with `text` under the pattern: `nil` when, without surrounding white space, it
  /// is empty (whether that is an error is the `required` rule's business) or matches the
  /// pattern in full; ``ValidationError/patternMismatch`` otherwise (also for a text longer
  /// than ``PatternProgram/maximumTextLength``).
  func check(_ text: String) -> ValidationError? {
    let trimmed = text.trimmingWhitespace()
    guard !trimmed.isEmpty else { return nil }
    return program.matches(trimmed) ? nil : .patternMismatch
  }
}

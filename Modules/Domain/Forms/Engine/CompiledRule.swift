/// A field's rule as the compiled schema checks it: a `pattern` rule carries its regular
/// expression compiled once (``CompiledPattern``); every other rule is checked as written.
enum CompiledRule: Sendable {
  /// A rule without anything to compile.
  case rule(FieldRule)
  /// A `pattern` rule with its compiled expression and the schema's message, if any.
  case pattern(CompiledPattern, message: String?)

  /// The rule compiled, taking an already compiled pattern from `patterns` (and adding new
  /// ones to it) so each distinct pattern is compiled once per schema; throws
  /// ``FormSchemaError/invalidPattern(field:pattern:problem:)`` naming `path` for one that
  /// does not parse or that the engine refuses (backreferences, lookaround).
  init(
    _ rule: FieldRule, path: String, patterns: inout [String: CompiledPattern]
  ) throws(FormSchemaError) {
    guard case .pattern(let source, let message) = rule else {
      self = .rule(rule)
      return
    }
    if let compiled = patterns[source] {
      self = .pattern(compiled, message: message)
      return
    }
    let compiled: CompiledPattern
    switch CompiledPattern.compile(source) {
    case .success(let value): compiled = value
    case .failure(let problem):
      throw .invalidPattern(field: path, pattern: source, problem: problem.description)
    }
    patterns[source] = compiled
    self = .pattern(compiled, message: message)
  }

  /// Throws ``FormSchemaError/impossibleRule(field:rule:)`` naming `path` when `rules` ask
  /// for what no text can be: a `min_length` above the `max_length`, or a `range` whose
  /// minimum is above its maximum.
  static func checkBounds(_ rules: [FieldRule], path: String) throws(FormSchemaError) {
    var minimumLength: Int?
    var maximumLength: Int?
    for rule in rules {
      switch rule {
      case .minLength(let length): minimumLength = max(minimumLength ?? length, length)
      case .maxLength(let length): maximumLength = min(maximumLength ?? length, length)
      case .range(let low?, let high?) where low > high:
        throw .impossibleRule(
          field: path,
          rule: "range \(RuleCoding.number(low)) > \(RuleCoding.number(high))")
      default: break
      }
    }
    if let minimumLength, let maximumLength, minimumLength > maximumLength {
      throw .impossibleRule(
        field: path, rule: "min_length \(minimumLength) > max_length \(maximumLength)")
    }
  }

  /// The first problem with `text` under this rule, or `nil` (as ``FieldRule/validate(_:in:)``).
  func validate(_ text: String, in context: ValidationContext) -> ValidationError? {
    switch self {
    case .rule(let rule): rule.validate(text, in: context)
    case .pattern(let pattern, let message):
      pattern.check(text).map { _ in ValidationError.patternMismatch(message: message) }
    }
  }
}

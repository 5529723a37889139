import Foundation

/// Why a form schema was rejected, when it is decoded or compiled; every case names where.
///
/// Paths are `section.field` (schema level, without instance numbers); expression positions
/// count characters from 1.
public enum FormSchemaError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The schema's version is not one this build reads.
  case unsupportedVersion(found: Int, supported: Int)
  /// The JSON does not have the schema's shape in the part named `path` (`"buyer.phone"`,
  /// `"tourist"`, empty for the whole schema): `problem` says what is wrong, with the JSON path
  /// of the failing value (`sections[1].fields[0].id`).
  case invalidJSON(path: String, problem: DecodingProblem)
  /// A rule name this build does not know.
  case unknownRule(field: String, name: String)
  /// A rule with bounds no text can meet or that make no sense, as written (`min_length -5`,
  /// `min_length 60 > max_length 50`, `range 9 > 1`): a field under it could never be filled
  /// in, so the schema is refused rather than trapping the person at Pay.
  case impossibleRule(field: String, rule: String)
  /// More fields than a form can have (``FormSchema/maximumFieldCount``).
  case tooManyFields(count: Int, limit: Int)
  /// More sections than a form can have (``FormSchema/maximumSectionCount``).
  case tooManySections(count: Int, limit: Int)
  /// An identifier that is empty or not letters, digits and `_` (not starting with a digit).
  case invalidID(path: String)
  /// Two sections, or two fields of a section, with the same identifier.
  case duplicateID(path: String)
  /// Repeat bounds that are negative, reversed or too large (after constants are applied).
  case invalidRepeatBounds(section: String, min: Int, max: Int)
  /// A `pattern` rule the form's engine refuses: it does not parse, or uses what cannot be
  /// matched without backtracking (backreferences, lookaround); `problem` says which and where
  /// ("position 4: backreferences are not supported").
  case invalidPattern(field: String, pattern: String, problem: String)
  /// An expression (`compute`, `visible_if`, `enabled_if`) that does not parse or misuses a
  /// name, at a character position (from 1); `problem` says what is wrong.
  case syntax(field: String, property: String, position: Int, problem: ExpressionProblem)
  /// A name that is neither a field nor a constant, in an expression or in `depends_on`
  /// (position 0 for `depends_on`).
  case unknownReference(field: String, property: String, name: String, position: Int)
  /// Fields that depend on each other in a circle, each named once, in dependency order.
  case cycle([String])
  /// Fields that depend on each other in a circle (as in ``cycle(_:)``) which only the
  /// `visible_if` of `conditions` close: a hidden field reads as empty, so a field's value
  /// depends on its condition. `conditions` names each field whose `visible_if` is a link.
  case cycleThroughCondition(fields: [String], conditions: [String])
  /// A `visible_if` or `enabled_if` (`property`) that reads its own field: a hidden field
  /// cannot be typed into and a disabled one cannot be edited, so the condition would hide or
  /// lock the field for good.
  case conditionReadsItself(field: String, property: String)
  /// A `style` part (`key`: `font`, `size`, `foreground`, `background`) whose `value` is not
  /// one this build reads, in the section or field at `path`; `expected` says what is.
  case invalidStyle(path: String, key: String, value: String, expected: String)

  /// One readable sentence naming the problem and where it is.
  public var description: String {
    switch self {
    case .unsupportedVersion(let found, let supported):
      "Unsupported form schema version \(found) (this app reads version \(supported))"
    case .invalidJSON(let path, let problem):
      path.isEmpty
        ? "Invalid form schema: \(problem.description)"
        : "Invalid form schema at \(path): \(problem.description)"
    case .unknownRule(let field, let name):
      "Unknown validation rule '\(name)' in field \(field)"
    case .impossibleRule(let field, let rule):
      "Impossible validation rule in field \(field): \(rule)"
    case .tooManyFields(let count, let limit):
      "The form has \(count) fields, more than the \(limit) a form can have"
    case .tooManySections(let count, let limit):
      "The form has \(count) sections, more than the \(limit) a form can have"
    case .invalidID(let path):
      "Invalid identifier at \(path): use Latin letters (a-z, A-Z), digits and _, not starting with a digit"
    case .duplicateID(let path):
      "Duplicate identifier \(path)"
    case .invalidRepeatBounds(let section, let min, let max):
      "Invalid repeat bounds \(min)...\(max) in section \(section)"
    case .invalidPattern(let field, let pattern, let problem):
      "Invalid pattern '\(Self.excerpt(pattern))' in field \(field): \(problem)"
    case .syntax(let field, let property, let position, let problem):
      "\(field).\(property), position \(position): \(problem.description)"
    case .unknownReference(let field, let property, let name, let position):
      position > 0
        ? "\(field).\(property), position \(position): unknown field or constant '\(name)'"
        : "\(field).\(property): unknown field '\(name)'"
    case .cycle(let fields):
      "Fields depend on each other in a cycle: \((fields + fields.prefix(1)).joined(separator: " -> "))"
    case .cycleThroughCondition(let fields, let conditions):
      "Fields depend on each other in a cycle: \((fields + fields.prefix(1)).joined(separator: " -> "))"
        + " (closed by \(conditions.map { $0 + ".visible_if" }.joined(separator: ", ")))"
    case .conditionReadsItself(let field, let property):
      "\(field).\(property) reads \(field) itself: a field's condition must read other fields"
    case .invalidStyle(let path, let key, let value, let expected):
      "Invalid style in \(path): \(key) '\(value)' is not \(expected)"
    }
  }

  /// The sections and fields the error names (`extras.code`), in the order its message does.
  public var names: [String] {
    switch self {
    case .unsupportedVersion, .tooManyFields, .tooManySections: []
    case .invalidJSON(let path, _), .invalidID(let path), .duplicateID(let path),
      .invalidStyle(let path, _, _, _):
      path.isEmpty ? [] : [path]
    case .unknownRule(let field, _), .impossibleRule(let field, _),
      .invalidPattern(let field, _, _), .syntax(let field, _, _, _),
      .unknownReference(let field, _, _, _), .conditionReadsItself(let field, _):
      [field]
    case .invalidRepeatBounds(let section, _, _): [section]
    case .cycle(let fields), .cycleThroughCondition(let fields, _): fields
    }
  }

  /// The longest part of a pattern a message quotes.
  static let quotedPatternLength = 60

  /// `pattern` as a message quotes it: whole up to ``quotedPatternLength`` characters, else its
  /// start and `…` (a pattern of thousands of characters does not fill the screen).
  public static func excerpt(_ pattern: String) -> String {
    pattern.count <= quotedPatternLength
      ? pattern : String(pattern.prefix(quotedPatternLength)) + "…"
  }

  /// `error`, thrown while decoding the part named `path`, as a schema error naming it: a
  /// ``FormSchemaError`` gets `path` in front of its own path, any other error becomes
  /// ``invalidJSON(path:problem:)``.
  static func within(_ path: String, _ error: any Error) -> FormSchemaError {
    guard let error = error as? FormSchemaError else {
      return .invalidJSON(path: path, problem: DecodingProblem(error, decoding: Data()))
    }
    return error.prefixed(by: path)
  }

  /// The same error with `prefix` put in front of the path it names (a section's identifier
  /// in front of a field's).
  func prefixed(by prefix: String) -> FormSchemaError {
    func join(_ path: String) -> String { path.isEmpty ? prefix : "\(prefix).\(path)" }
    switch self {
    case .invalidJSON(let path, let problem):
      return .invalidJSON(path: join(path), problem: problem)
    case .unknownRule(let field, let name): return .unknownRule(field: join(field), name: name)
    case .impossibleRule(let field, let rule):
      return .impossibleRule(field: join(field), rule: rule)
    case .invalidStyle(let path, let key, let value, let expected):
      return .invalidStyle(path: join(path), key: key, value: value, expected: expected)
    default: return self
    }
  }
}

/// Why a form schema was rejected, when it is decoded or compiled; every case names where.
///
/// Paths are `section.field` (schema level, without instance numbers); expression positions
/// count characters from 1.
public enum FormSchemaError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The schema's version is not one this build reads.
  case unsupportedVersion(found: Int, supported: Int)
  /// The JSON does not have the schema's shape at `path` (`"buyer.phone"`, `"tourist"`).
  case invalidJSON(path: String, message: String)
  /// A rule name this build does not know.
  case unknownRule(field: String, name: String)
  /// A rule with bounds no text can meet or that make no sense, as written (`min_length -5`,
  /// `min_length 60 > max_length 50`, `range 9 > 1`): a field under it could never be filled
  /// in, so the schema is refused rather than trapping the person at Pay.
  case impossibleRule(field: String, rule: String)
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
  /// name, at a character position (from 1).
  case syntax(field: String, property: String, position: Int, message: String)
  /// A name that is neither a field nor a constant, in an expression or in `depends_on`
  /// (position 0 for `depends_on`).
  case unknownReference(field: String, property: String, name: String, position: Int)
  /// Fields that depend on each other in a circle, each named once, in dependency order.
  case cycle([String])

  /// One readable sentence naming the problem and where it is.
  public var description: String {
    switch self {
    case .unsupportedVersion(let found, let supported):
      "Unsupported form schema version \(found) (this app reads version \(supported))"
    case .invalidJSON(let path, let message):
      path.isEmpty
        ? "Invalid form schema: \(message)" : "Invalid form schema at \(path): \(message)"
    case .unknownRule(let field, let name):
      "Unknown validation rule '\(name)' in field \(field)"
    case .impossibleRule(let field, let rule):
      "Impossible validation rule in field \(field): \(rule)"
    case .invalidID(let path):
      "Invalid identifier at \(path): use letters, digits and _, not starting with a digit"
    case .duplicateID(let path):
      "Duplicate identifier \(path)"
    case .invalidRepeatBounds(let section, let min, let max):
      "Invalid repeat bounds \(min)...\(max) in section \(section)"
    case .invalidPattern(let field, let pattern, let problem):
      "Invalid pattern '\(Self.excerpt(pattern))' in field \(field): \(problem)"
    case .syntax(let field, let property, let position, let message):
      "\(field).\(property), position \(position): \(message)"
    case .unknownReference(let field, let property, let name, let position):
      position > 0
        ? "\(field).\(property), position \(position): unknown field or constant '\(name)'"
        : "\(field).\(property): unknown field '\(name)'"
    case .cycle(let fields):
      "Fields depend on each other in a cycle: \((fields + fields.prefix(1)).joined(separator: " -> "))"
    }
  }

  /// The longest part of a pattern a message quotes.
  public static let quotedPatternLength = 60

  /// `pattern` as a message quotes it: whole up to ``quotedPatternLength`` characters, else its
  /// start and `…` (a pattern of thousands of characters does not fill the screen).
  public static func excerpt(_ pattern: String) -> String {
    pattern.count <= quotedPatternLength
      ? pattern : String(pattern.prefix(quotedPatternLength)) + "…"
  }

  /// `error`, thrown while decoding the part named `path`, as a schema error naming it: a
  /// ``FormSchemaError`` gets `path` in front of its own path, any other error becomes
  /// ``invalidJSON(path:message:)``.
  static func within(_ path: String, _ error: any Error) -> FormSchemaError {
    guard let error = error as? FormSchemaError else {
      return .invalidJSON(path: path, message: describe(error))
    }
    return error.prefixed(by: path)
  }

  /// The same error with `prefix` put in front of the path it names (a section's identifier
  /// in front of a field's).
  func prefixed(by prefix: String) -> FormSchemaError {
    func join(_ path: String) -> String { path.isEmpty ? prefix : "\(prefix).\(path)" }
    switch self {
    case .invalidJSON(let path, let message):
      return .invalidJSON(path: join(path), message: message)
    case .unknownRule(let field, let name): return .unknownRule(field: join(field), name: name)
    case .impossibleRule(let field, let rule):
      return .impossibleRule(field: join(field), rule: rule)
    default: return self
    }
  }

  /// A short message for a decoding failure, naming the key.
  static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else {
      // Foundation's JSON reader reports a number too big for its type by its case name
      // (`numberIsNotRepresentableInSwift(parsed: "1e30")`): say it in words.
      let text = "\(error)"
      guard text.hasPrefix("numberIsNotRepresentableInSwift"),
        let open = text.firstIndex(of: "\""), let close = text.lastIndex(of: "\""), open < close
      else { return text }
      return "the number \(text[text.index(after: open)..<close]) is out of range"
    }
    func key(_ context: DecodingError.Context) -> String {
      let names = context.codingPath.filter { $0.intValue == nil }.map(\.stringValue)
      return names.last.map { "'\($0)'" } ?? "the value"
    }
    switch error {
    case .keyNotFound(let missing, _):
      return "missing key '\(missing.stringValue)'"
    case .typeMismatch(let type, let context):
      return "\(key(context)) is not of type \(type)"
    case .valueNotFound(let type, let context):
      return "\(key(context)) is null, expected \(type)"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "not valid JSON (\(context.debugDescription))"
        : "\(key(context)): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }
}

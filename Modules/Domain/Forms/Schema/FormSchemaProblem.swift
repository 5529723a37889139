/// One problem of a form schema's JSON, as a form designer's tool reports it: an error that
/// stops the schema loading, or a warning, with where it is (``FormSchema/check(_:constants:limit:)``).
public struct FormSchemaProblem: Hashable, Sendable {
  /// What the problem is.
  public enum Kind: Hashable, Sendable {
    /// The app refuses the schema for it.
    case error(FormSchemaError)
    /// The schema loads, but the designer should know.
    case warning(FormSchemaWarning)
  }

  /// What the problem is.
  public var kind: Kind
  /// The JSON path of the value it is about (`sections[2].fields[0].style.foreground`); for a
  /// key that is missing, the object without it.
  public var path: JSONPath
  /// Where that value (or, in an expression, the character named) starts in the text.
  public var location: JSONLocation

  /// Creates a problem.
  public init(kind: Kind, path: JSONPath, location: JSONLocation) {
    self.kind = kind
    self.path = path
    self.location = location
  }

  /// Whether the app refuses the schema for it.
  public var isError: Bool {
    if case .error = kind { return true }
    return false
  }

  /// The sections and fields it names (`extras.code`), in the order its message names them.
  public var names: [String] {
    switch kind {
    case .error(let error): error.names
    case .warning(let warning): [warning.path]
    }
  }
}

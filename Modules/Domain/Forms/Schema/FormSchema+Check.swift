import Foundation

/// What ``FormSchema/check(_:constants:limit:)`` found in a schema's JSON.
public struct FormSchemaCheck: Hashable, Sendable {
  /// The schema, when it loads (no error; warnings allowed), else `nil`.
  public var schema: FormSchema?
  /// The problems told, errors and warnings, in the order of the text.
  public var problems: [FormSchemaProblem]
  /// How many errors there were, told or not.
  public var errorCount: Int
  /// How many warnings there were, told or not.
  public var warningCount: Int

  /// How many problems were found beyond those told.
  public var untoldCount: Int { errorCount + warningCount - problems.count }
}

extension FormSchema {
  /// The most problems ``check(_:constants:limit:)`` tells by default; the others are counted.
  public static let maximumToldProblems = 100

  /// Every problem of the schema in `data` that a form designer should hear of, each with the
  /// line and column of the value it is about: JSON syntax, shape, rules, patterns, styles,
  /// identifiers, bounds, references, cycles, and the warnings (poor contrast, unknown input
  /// types).
  ///
  /// The schema loads (``FormSchemaCheck/schema``) exactly when ``decode(from:)`` and
  /// ``FormEngine`` with `constants` accept it. At most `limit` problems are told; work and
  /// memory stay linear in the size of `data`.
  ///
  /// ```swift
  /// let check = FormSchema.check(Data(#"{"version": 1, "sections": [{"id": "1a"}]}"#.utf8))
  /// // check.problems.map(\.location): [1:29, 1:36]: the section has no `fields`, and `1a`
  /// // is not an identifier; check.schema == nil
  /// ```
  public static func check(
    _ data: Data, constants: [String: FormValue] = [:], limit: Int = maximumToldProblems
  ) -> FormSchemaCheck {
    if let error = JSONLocator.syntaxError(in: data) {
      let problem = FormSchemaProblem(
        kind: .error(.invalidJSON(path: "", problem: .syntax(error))), path: JSONPath(),
        location: error.location)
      return FormSchemaCheck(schema: nil, problems: [problem], errorCount: 1, warningCount: 0)
    }
    let problems = FormSchemaProblems(limit: max(1, limit))
    if let (problem, path, offset) = JSONNesting.duplicateKey(in: data) {
      problems.record(.invalidJSON(path: "", problem: problem), at: path, offset: offset)
    }
    var schema: FormSchema?
    let decoder = JSONDecoder()
    if let key = FormSchemaProblems.userInfoKey { decoder.userInfo[key] = problems }
    do {
      schema = try decoder.decode(FormSchema.self, from: data)
    } catch {
      // A version it does not read is recorded where it is met; anything else is the whole.
      if problems.summary.errors == 0 { problems.recordThrown(error, at: JSONPath()) }
    }
    if let decoded = schema {
      let fieldCount = decoded.sections.reduce(0) { $0 + $1.fields.count }
      if decoded.sections.count > maximumSectionCount {
        problems.record(
          .tooManySections(count: decoded.sections.count, limit: maximumSectionCount),
          at: JSONPath([.key("sections")]))
      } else if fieldCount > maximumFieldCount {
        problems.record(
          .tooManyFields(count: fieldCount, limit: maximumFieldCount),
          at: JSONPath([.key("sections")]))
      } else {
        // Too large a schema is not compiled, as the app does not compile it.
        _ = try? FormProgram(schema: decoded, constants: constants, problems: problems)
        for (warning, path) in decoded.placedWarnings { problems.warn(warning, at: path) }
      }
    }
    var (entries, errors, warnings) = problems.summary
    // The loader's own verdict: a problem this pass missed still refuses the schema.
    var loaded: FormSchema?
    if errors == 0 {
      do throws(FormSchemaError) {
        let strict = try decode(from: data)
        _ = try FormEngine(schema: strict, constants: constants)
        loaded = strict
      } catch {
        entries.insert(FormSchemaProblems.Entry(kind: .error(error), path: JSONPath()), at: 0)
        errors = 1
      }
    }
    return FormSchemaCheck(
      schema: errors == 0 ? loaded : nil, problems: placed(entries, in: data),
      errorCount: errors, warningCount: warnings)
  }

  /// `entries` with the places of their values in `data`, in the order of the text; in an
  /// expression or a pattern, the place of the character the problem names; for a key given
  /// twice, its second spelling.
  private static func placed(
    _ entries: [FormSchemaProblems.Entry], in data: Data
  ) -> [FormSchemaProblem] {
    let found = JSONLocator.locate(
      entries.map(\.path), in: data, normalizingKeys: SchemaKey.snakeCase)
    let problems = zip(entries, found.locations).map { entry, location in
      var location = location
      if let offset = entry.offset {
        location = JSONLocator.location(ofOffset: offset, in: data)
      } else if let character = entry.character, character > 0 {
        location = JSONLocator.location(ofCharacter: character, inStringAt: location, in: data)
      }
      var kind = entry.kind
      switch entry.kind {
      case .error(.invalidJSON(let name, .notJSON)):
        // A number too large to read, met while decoding the value it is in.
        if let number = NumberScanner.number(at: location.offset, in: data) {
          let problem: DecodingProblem =
            number.isWhole
            ? .outOfRange(path: entry.path.description, value: number.token)
            : .wrongType(path: entry.path.description, expected: .wholeNumber)
          kind = .error(.invalidJSON(path: name, problem: problem))
        } else {
          // Met inside the value: named from the bytes, as the loader names it.
          kind = .error(.invalidJSON(path: name, problem: DecodingProblem.notJSON(in: data)))
        }
      default:
        break
      }
      return FormSchemaProblem(kind: kind, path: entry.path, location: location)
    }
    return problems.enumerated()
      .sorted { ($0.element.location.offset, $0.offset) < ($1.element.location.offset, $1.offset) }
      .map(\.element)
  }
}

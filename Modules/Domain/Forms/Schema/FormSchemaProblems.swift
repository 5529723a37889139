import Foundation
import Synchronization

/// The problems of a schema being checked, gathered while it is decoded and compiled, so that
/// each is told rather than only the first (``FormSchema/check(_:constants:limit:)``).
///
/// A decoder carries it in its `userInfo` (``Swift/Decoder/schemaProblems``); where it is
/// absent, the schema's types throw the first problem as they always do. At most `limit`
/// problems are kept; the others are counted.
final class FormSchemaProblems: Sendable {
  /// A problem as recorded: the error or warning, and the JSON path of its value.
  struct Entry: Sendable {
    var kind: FormSchemaProblem.Kind
    var path: JSONPath
    /// In a string value (an expression, a pattern), the character the problem is at, from 1.
    var character: Int?
    /// The byte the problem is at, when it is not where a value starts (a key given twice).
    var offset: Int?
  }

  private struct State {
    var entries: [Entry] = []
    var errors = 0
    var warnings = 0
    /// Paths whose problem was told (where the value was decoded): the compiler does not tell
    /// another (a section without an `id` is not also "an invalid identifier").
    var told: Set<JSONPath> = []
  }

  /// The `userInfo` key of a decoder that checks.
  static let userInfoKey = CodingUserInfoKey(rawValue: "hotel.formSchemaProblems")

  /// The most problems kept.
  let limit: Int
  private let state = Mutex(State())

  /// An empty record keeping at most `limit` problems.
  init(limit: Int) { self.limit = limit }

  /// Records `error` about the value at `path` (at its `character`-th character, or at byte
  /// `offset`, when given), unless a problem of that value was told: a value that did not
  /// decode is not told again by the compiler, which sees a stand-in.
  func record(
    _ error: FormSchemaError, at path: JSONPath, character: Int? = nil, offset: Int? = nil
  ) {
    state.withLock { state in
      guard state.told.insert(path).inserted else { return }
      state.errors += 1
      if state.entries.count < limit {
        state.entries.append(
          Entry(kind: .error(error), path: path, character: character, offset: offset))
      }
    }
  }

  /// Records `warning` about the value at `path`.
  func warn(_ warning: FormSchemaWarning, at path: JSONPath) {
    state.withLock { state in
      state.warnings += 1
      if state.entries.count < limit {
        state.entries.append(Entry(kind: .warning(warning), path: path))
      }
    }
  }

  /// Records `error`, thrown while decoding the value at `path`: a decoding error names its
  /// own path (the key that is missing, the value of the wrong type), so `path` is only a
  /// fallback for it.
  func recordThrown(_ error: any Error, at path: JSONPath) {
    if let error = error as? FormSchemaError {
      record(error, at: path)
      return
    }
    guard let decoding = error as? DecodingError else {
      record(FormSchemaError.within("", error), at: path)
      return
    }
    var place = path
    switch decoding {
    case .keyNotFound(let key, let context): place = Self.path(context.codingPath + [key])
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      if !context.codingPath.isEmpty { place = Self.path(context.codingPath) }
    @unknown default: break
    }
    record(FormSchemaError.within("", error), at: place)
  }

  /// Marks the value at `path` as told: the compiler's problems there are not recorded.
  func told(_ path: JSONPath) {
    _ = state.withLock { $0.told.insert(path) }
  }

  /// How many problems are kept so far: what ``rewrite(from:errors:warnings:)`` starts at.
  var mark: Int { state.withLock { $0.entries.count } }

  /// Rewrites the problems kept since `mark` (a section's identifier put in front of the
  /// paths its fields' problems name, as the loader's errors get it when they are thrown).
  func rewrite(
    from mark: Int, errors: (FormSchemaError) -> FormSchemaError,
    warnings: (FormSchemaWarning) -> FormSchemaWarning = { $0 }
  ) {
    state.withLock { state in
      guard mark < state.entries.count else { return }
      for index in mark..<state.entries.count {
        switch state.entries[index].kind {
        case .error(let error): state.entries[index].kind = .error(errors(error))
        case .warning(let warning): state.entries[index].kind = .warning(warnings(warning))
        }
      }
    }
  }

  /// Puts `id` (a field's or a section's) in front of the names of the problems kept since
  /// `mark`.
  func prefix(from mark: Int, with id: String) {
    rewrite(from: mark, errors: { $0.prefixed(by: id) }, warnings: { $0.prefixed(by: id) })
  }

  /// The problems kept, and how many errors and warnings there were in all.
  var summary: (entries: [Entry], errors: Int, warnings: Int) {
    state.withLock { ($0.entries, $0.errors, $0.warnings) }
  }

  /// A decoder's coding path as a schema path: keys in snake_case, as the schema names them
  /// (`inputType` is `input_type`).
  static func path(_ codingPath: [any CodingKey]) -> JSONPath {
    JSONPath(
      JSONPath(codingPath).components.map { component in
        guard case .key(let key) = component else { return component }
        return .key(SchemaKey.snakeCase(key))
      })
  }

  /// `body`'s value; while checking (`problems` given), an error it throws is recorded at
  /// `path` and `fallback` is the value, so decoding goes on to the next value.
  static func attempt<Value>(
    _ problems: FormSchemaProblems?, at path: @autoclosure () -> JSONPath, fallback: Value,
    _ body: () throws -> Value
  ) throws -> Value {
    guard let problems else { return try body() }
    do {
      return try body()
    } catch {
      problems.recordThrown(error, at: path())
      return fallback
    }
  }
}

extension Decoder {
  /// The problems record of a decoder that checks a schema, else `nil` (the first problem is
  /// thrown).
  var schemaProblems: FormSchemaProblems? {
    guard let key = FormSchemaProblems.userInfoKey else { return nil }
    return userInfo[key] as? FormSchemaProblems
  }
}

extension KeyedDecodingContainer where Key == SchemaKey {
  /// The schema path of the value under `name`.
  func path(_ name: String) -> JSONPath {
    FormSchemaProblems.path(codingPath).appending(key: name)
  }
}

/// An element of a schema's array decoded on its own: while a schema is checked, its problem
/// is recorded and the element is `nil`, so the elements after it are checked too.
struct CheckedElement<Element: Decodable>: Decodable {
  /// The element, or `nil` when it did not decode (while checking).
  var value: Element?

  init(from decoder: any Decoder) throws {
    guard let problems = decoder.schemaProblems else {
      value = try Element(from: decoder)
      return
    }
    do {
      value = try Element(from: decoder)
    } catch {
      problems.recordThrown(error, at: FormSchemaProblems.path(decoder.codingPath))
      value = nil
    }
  }
}

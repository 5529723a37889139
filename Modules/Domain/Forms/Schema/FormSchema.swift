import Foundation

/// A booking form described as data (SPEC section 6): sections of fields with rules,
/// dependencies, computed values and conditions.
///
/// Decode a server's schema with ``decode(from:)``, which names the failing section and field;
/// compile it with ``FormEngine``. The built-in form is ``booking(language:)``.
///
/// ```json
/// {"version": 1, "sections": [{"id": "buyer", "title": "Buyer", "fields": [
///   {"id": "phone", "label": "Phone number", "input_type": "phone", "rules": ["required", "phone"]}
/// ]}]}
/// ```
public struct FormSchema: Hashable, Sendable, Codable {
  /// The schema format version this build reads.
  public static let supportedVersion = 1

  /// The schema format's version; only ``supportedVersion`` is accepted.
  public var version: Int
  /// The sections, in screen order.
  public var sections: [FormSection]

  /// Creates a schema.
  public init(version: Int = FormSchema.supportedVersion, sections: [FormSection] = []) {
    self.version = version
    self.sections = sections
  }

  /// Decodes the JSON form, checking the version first; errors are ``FormSchemaError`` values.
  ///
  /// While a schema is checked (``check(_:constants:limit:)``), every problem is recorded and
  /// decoding goes on; a version it does not read ends it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: SchemaKey.self)
    let problems = decoder.schemaProblems
    do {
      do {
        self.version = try container.require(Int.self, "version")
      } catch {
        throw FormSchemaError.invalidJSON(
          path: "version", problem: DecodingProblem(error, decoding: Data()))
      }
      guard version == FormSchema.supportedVersion else {
        throw FormSchemaError.unsupportedVersion(
          found: version, supported: FormSchema.supportedVersion)
      }
    } catch {
      problems?.recordThrown(error, at: container.path("version"))
      throw error
    }
    guard let problems else {
      do {
        self.sections = try container.require([FormSection].self, "sections")
      } catch let error as FormSchemaError {
        throw error
      } catch {
        throw FormSchemaError.invalidJSON(
          path: "sections", problem: DecodingProblem(error, decoding: Data()))
      }
      return
    }
    let checked = try FormSchemaProblems.attempt(
      problems, at: container.path("sections"), fallback: []
    ) {
      try container.require([CheckedElement<FormSection>].self, "sections")
    }
    // A section that is not one keeps its place, so the paths of the next ones stay right.
    self.sections = checked.map { $0.value ?? FormSection(id: "", title: "", fields: []) }
    for (index, element) in checked.enumerated() where element.value == nil {
      problems.told(container.path("sections").appending(.index(index)).appending(key: "id"))
    }
  }

  /// Encodes the JSON form with snake_case keys.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: SchemaKey.self)
    try container.encode(version, forKey: SchemaKey("version"))
    try container.encode(sections, forKey: SchemaKey("sections"))
  }

  /// The most fields a schema from outside may declare (the scale of SPEC section 9's
  /// generated schema): a larger one is refused by ``decode(from:)`` with a message saying
  /// so, rather than making every keystroke and every screen of the app slow.
  public static let maximumFieldCount = 10_000

  /// The most sections a schema from outside may declare: a larger one is refused by
  /// ``decode(from:)``, as a schema of too many fields is.
  public static let maximumSectionCount = 1_000

  /// Decodes a schema from JSON; every failure is a ``FormSchemaError`` naming where it is.
  ///
  /// A schema of more than ``maximumSectionCount`` sections or ``maximumFieldCount`` fields is
  /// refused.
  public static func decode(from data: Data) throws(FormSchemaError) -> FormSchema {
    // A key twice in an object (`"rule"` given two ways) is refused, not half taken.
    if let problem = JSONNesting.problem(in: data) {
      throw FormSchemaError.invalidJSON(path: "", problem: problem)
    }
    do {
      let schema = try JSONDecoder().decode(FormSchema.self, from: data)
      guard schema.sections.count <= maximumSectionCount else {
        throw FormSchemaError.tooManySections(
          count: schema.sections.count, limit: maximumSectionCount)
      }
      let fieldCount = schema.sections.reduce(0) { $0 + $1.fields.count }
      guard fieldCount <= maximumFieldCount else {
        throw FormSchemaError.tooManyFields(count: fieldCount, limit: maximumFieldCount)
      }
      return schema
    } catch let error as FormSchemaError {
      // A number out of range is "not valid JSON" to a nested decoder: name it from the bytes.
      if case .invalidJSON(let path, .notJSON) = error {
        throw FormSchemaError.invalidJSON(path: path, problem: DecodingProblem.notJSON(in: data))
      }
      throw error
    } catch {
      throw FormSchemaError.invalidJSON(path: "", problem: DecodingProblem(error, decoding: data))
    }
  }
}

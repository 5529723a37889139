import Domain
import Foundation
import TestSupport
import Testing

@Suite struct FormSchemaDecodingTests {
  static let good = """
    {"version": 1, "extra": "ignored", "sections": [
      {"id": "buyer", "title": "Buyer", "unknown_key": 3, "fields": [
        {"id": "phone", "label": "Phone", "input_type": "phone", "placeholder": "+7",
         "rules": ["required", "phone", {"max_length": 50}, {"min_length": 2},
                   {"pattern": "^[0-9+ ]+$"}, {"range": {"min": 1, "max": 9}}, {"range": {"min": 0}}]},
        {"id": "color", "label": "Colour", "input_type": "colour_picker"},
        {"id": "note", "label": "Note"},
        {"id": "score", "label": "Score", "compute": "1 + 2", "depends_on": ["phone"],
         "visible_if": "true", "enabled_if": "false", "action_url": null}
      ]},
      {"id": "tourist", "title": "Tourist", "collapsible": true,
       "repeatable": {"min": 1, "max": 4, "max_constant": "offer.max_tourists"},
       "fields": [{"id": "firstName", "label": "First name", "input_type": "string",
                   "rules": ["person_name", "birth_date", "citizenship", "passport_number",
                             "passport_expiry", "email"]}]}
    ]}
    """

  @Test func decodesEveryPropertyWithSnakeCaseKeys() throws {
    let schema = try FormSchema.decode(from: Data(Self.good.utf8))
    #expect(schema.version == 1)
    #expect(schema.sections.map(\.id) == ["buyer", "tourist"])
    let phone = schema.sections[0].fields[0]
    #expect(phone.inputType == .phone)
    #expect(phone.placeholder == "+7")
    #expect(
      phone.rules == [
        .required, .phone, .maxLength(50), .minLength(2), .pattern("^[0-9+ ]+$"),
        .range(min: 1, max: 9), .range(min: 0, max: nil),
      ])
    let score = schema.sections[0].fields[3]
    #expect(score.compute == "1 + 2")
    #expect(score.dependsOn == ["phone"])
    #expect(score.visibleIf == "true")
    #expect(score.enabledIf == "false")
    #expect(score.inputType == InputType.none)
    let tourists = schema.sections[1]
    #expect(tourists.collapsible)
    #expect(tourists.repeatable == RepeatBounds(min: 1, max: 4, maxConstant: "offer.max_tourists"))
    #expect(
      tourists.fields[0].rules == [
        .personName, .birthDate, .citizenship, .passportNumber, .passportExpiry, .email,
      ])
  }

  @Test func unknownInputTypeIsUnsupportedAndReadOnly() throws {
    let schema = try FormSchema.decode(from: Data(Self.good.utf8))
    let color = schema.sections[0].fields[1]
    #expect(color.inputType == .unsupported)
    #expect(!color.isInput)
    #expect(schema.sections[0].fields[2].inputType == .string)
    let state = try FormEngine(schema: schema).makeState()
    #expect(!state.isEnabled("buyer.color"))
  }

  @Test func roundTripsThroughJSON() throws {
    for schema in [
      try FormSchema.decode(from: Data(Self.good.utf8)), FormSchema.booking(language: .en),
      FormSchema.booking(language: .ru), FormSchema.synthetic(fieldCount: 30, fanOut: 3),
    ] {
      let data = try JSONEncoder().encode(schema)
      #expect(try FormSchema.decode(from: data) == schema)
    }
  }

  @Test func encodesSnakeCaseKeysAndRuleNames() throws {
    let data = try JSONEncoder().encode(FormSchema.booking(language: .en))
    let json = try #require(String(data: data, encoding: .utf8))
    #expect(json.contains("\"input_type\""))
    #expect(json.contains("\"min_constant\""))
    #expect(json.contains("\"person_name\""))
    #expect(!json.contains("inputType"))
  }

  @Test func decodesWithConvertFromSnakeCase() throws {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let schema = try decoder.decode(FormSchema.self, from: Data(Self.good.utf8))
    #expect(schema == (try FormSchema.decode(from: Data(Self.good.utf8))))
  }

  @Test(arguments: [
    (
      #"{"version": 2, "sections": []}"#,
      FormSchemaError.unsupportedVersion(found: 2, supported: 1)
    ),
    (
      #"{"sections": []}"#,
      FormSchemaError.invalidJSON(path: "version", problem: .missingKey(path: "version"))
    ),
    (
      #"{"version": 1}"#,
      FormSchemaError.invalidJSON(path: "sections", problem: .missingKey(path: "sections"))
    ),
    (
      #"{"version": 1, "sections": [{"id": "buyer", "fields": [{"id": "phone", "input_type": 7}]}]}"#,
      FormSchemaError.invalidJSON(
        path: "buyer.phone",
        problem: .wrongType(path: "sections[0].fields[0].input_type", expected: .text))
    ),
    (
      #"{"version": 1, "sections": [{"id": "buyer", "fields": [{"id": "phone", "rules": ["telepathy"]}]}]}"#,
      FormSchemaError.unknownRule(field: "buyer.phone", name: "telepathy")
    ),
    (
      #"{"version": 1, "sections": [{"id": "buyer", "fields": [{"id": "a", "rules": [{"max_length": 1, "min_length": 0}]}]}]}"#,
      FormSchemaError.invalidJSON(
        path: "buyer.a", problem: .invalidValue(path: "sections[0].fields[0].rules[0]"))
    ),
    (
      #"{"version": 1, "sections": [{"id": "buyer", "fields": [{"id": "a", "rules": [{"shout": 1}]}]}]}"#,
      FormSchemaError.unknownRule(field: "buyer.a", name: "shout")
    ),
    (
      #"{"version": 1, "sections": [{"id": "buyer", "fields": [{"label": "no id"}]}]}"#,
      FormSchemaError.invalidJSON(
        path: "buyer", problem: .missingKey(path: "sections[0].fields[0].id"))
    ),
    (
      #"{"version": 1, "sections": [{"id": "tourist", "repeatable": {"min": 1}, "fields": []}]}"#,
      FormSchemaError.invalidJSON(
        path: "tourist", problem: .missingKey(path: "sections[0].repeatable.max"))
    ),
    // Lengths no text can meet, or that make no sense, are refused naming the rule as written.
    (
      #"{"version": 1, "sections": [{"id": "buyer", "fields": [{"id": "a", "rules": [{"min_length": -5}]}]}]}"#,
      FormSchemaError.impossibleRule(field: "buyer.a", rule: "min_length -5")
    ),
    (
      #"{"version": 1, "sections": [{"id": "buyer", "fields": [{"id": "a", "rules": [{"max_length": 1e30}]}]}]}"#,
      FormSchemaError.impossibleRule(field: "buyer.a", rule: "max_length 1e+30")
    ),
    (
      #"{"version": 1, "sections": [{"id": "buyer", "fields": [{"id": "a", "rules": [{"min_length": 9223372036854775807}]}]}]}"#,
      FormSchemaError.impossibleRule(field: "buyer.a", rule: "min_length 9223372036854775807")
    ),
    (
      #"{"version": 1, "sections": [{"id": "buyer", "fields": [{"id": "a", "rules": [{"max_length": 2.5}]}]}]}"#,
      FormSchemaError.impossibleRule(field: "buyer.a", rule: "max_length 2.5")
    ),
  ])
  func brokenSchemaNamesWhere(json: String, expected: FormSchemaError) {
    #expect(decodeError(json) == expected)
  }

  /// Two 10 000-field schemas decoded in a debug build: off the cooperative pool
  /// (``offThePool(_:)``), so they do not hold one of its two threads from the async tests
  /// started beside them.
  @Test func aSchemaOfMoreFieldsThanAFormCanHaveIsRefused() async throws {
    // A hundred fields a section: as many sections as fields would pass their own limit.
    @Sendable func schema(fields: Int) -> Data {
      let sections = stride(from: 0, to: fields, by: 100).map { start in
        let ids = start..<min(start + 100, fields)
        let list = ids.map { #"{"id": "f\#($0)", "label": "F"}"# }.joined(separator: ",")
        return #"{"id": "s\#(start)", "fields": [\#(list)]}"#
      }
      return Data(#"{"version": 1, "sections": [\#(sections.joined(separator: ","))]}"#.utf8)
    }
    let (decoded, refused) = try await offThePool {
      (
        try FormSchema.decode(from: schema(fields: 10_000)).sections.count,
        decodeError(String(decoding: schema(fields: 10_001), as: UTF8.self))
      )
    }
    #expect(decoded == 100)
    #expect(refused == .tooManyFields(count: 10_001, limit: 10_000))
    #expect(
      FormSchemaError.tooManyFields(count: 10_001, limit: 10_000).description
        == "The form has 10001 fields, more than the 10000 a form can have")
  }

  @Test func invalidJSONIsAnErrorNotACrash() throws {
    let error = try #require(decodeError(#"{"version": 1, "sections": [{"#))
    guard case .invalidJSON(let path, _) = error else {
      Issue.record("expected invalidJSON, got \(error)")
      return
    }
    #expect(path == "sections" || path.isEmpty)
    #expect(error.description.contains("Invalid form schema"))
  }

  @Test func aLongPatternIsQuotedByItsStart() {
    let pattern = String(repeating: "(", count: 5_000) + String(repeating: ")", count: 5_000)
    let error = FormSchemaError.invalidPattern(field: "s.a", pattern: pattern, problem: "p")
    #expect(
      error.description
        == "Invalid pattern '\(String(repeating: "(", count: 60))…' in field s.a: p")
    #expect(FormSchemaError.excerpt("[0-9]+") == "[0-9]+")
  }

  @Test func errorDescriptionsNameTheField() {
    #expect(
      FormSchemaError.unknownRule(field: "buyer.phone", name: "x").description.contains(
        "buyer.phone"))
    #expect(
      FormSchemaError.cycle(["s.a", "s.b"]).description
        == "Fields depend on each other in a cycle: s.a -> s.b -> s.a")
    #expect(
      FormSchemaError.syntax(field: "s.a", property: "compute", position: 3, problem: .empty)
        .description == "s.a.compute, position 3: empty expression")
  }
}

import Foundation
import Testing

@testable import Domain

/// `pattern` rules in a compiled schema: each distinct pattern is compiled once, when the schema
/// is compiled, and every field that uses it checks against that one compiled value.
@Suite struct PatternRuleTests {
  /// `code` and `backup` share a pattern; `zip` has its own; `note` has none.
  static let json = """
    {"version": 1, "sections": [
      {"id": "s", "title": "S", "fields": [
        {"id": "code", "label": "Code", "input_type": "string",
         "rules": ["required", {"pattern": "[A-Z]{2}[0-9]{4}"}]},
        {"id": "backup", "label": "Backup code", "input_type": "string",
         "rules": [{"pattern": "[A-Z]{2}[0-9]{4}"}]},
        {"id": "zip", "label": "Zip", "input_type": "string", "rules": [{"pattern": "[0-9]{5}"}]},
        {"id": "note", "label": "Note", "input_type": "string"}
      ]}
    ]}
    """

  static func engine() throws -> FormEngine {
    try FormEngine(schema: try FormSchema.decode(from: Data(json.utf8)))
  }

  @Test(
    arguments: [
      ("s.code", "AB1234", nil),
      ("s.code", "  AB1234 ", nil),
      ("s.code", "", ValidationError.required),
      ("s.code", "ab1234", .patternMismatch),
      ("s.code", "AB12345", .patternMismatch),
      ("s.code", "xAB1234", .patternMismatch),
      ("s.backup", "CD5678", nil),
      ("s.backup", "", nil),
      ("s.backup", "CD56", .patternMismatch),
      ("s.zip", "12345", nil),
      ("s.zip", "AB1234", .patternMismatch),
      ("s.note", "anything at all", nil),
    ] as [(FieldPath, String, ValidationError?)])
  func validatesMatchingAndMismatchingText(
    path: FieldPath, text: String, expected: ValidationError?
  ) throws {
    var state = try Self.engine().makeState()
    _ = state.setText(text, at: path)
    let context = ValidationContext(today: try CalendarDate(parsing: "2026-06-01"))
    #expect(state.validate(path, in: context) == expected)
  }

  @Test func fieldsSharingAPatternAreCheckedIndependently() throws {
    var state = try Self.engine().makeState()
    let context = ValidationContext(today: try CalendarDate(parsing: "2026-06-01"))
    _ = state.setText("AB1234", at: "s.code")
    _ = state.setText("nope", at: "s.backup")
    #expect(state.validationErrors(in: context) == ["s.backup": .patternMismatch])
    _ = state.setText("bad", at: "s.code")
    _ = state.setText("EF9012", at: "s.backup")
    #expect(state.validationErrors(in: context) == ["s.code": .patternMismatch])
  }

  @Test func eachDistinctPatternIsCompiledOnce() throws {
    let fields = try Self.engine().program.fields
    let compiled = fields.map { field in
      field.rules.compactMap { rule -> CompiledPattern? in
        if case .pattern(let pattern, _) = rule { return pattern }
        return nil
      }
    }
    #expect(compiled.map(\.count) == [1, 1, 1, 0])
    let code = try #require(compiled[0].first)
    let backup = try #require(compiled[1].first)
    let zip = try #require(compiled[2].first)
    #expect(code === backup)
    #expect(code !== zip)
    #expect(code.source == "[A-Z]{2}[0-9]{4}" && zip.source == "[0-9]{5}")
    // The other rules are kept as written, in order.
    guard case .rule(.required) = fields[0].rules[0] else {
      Issue.record("the code field's first rule is \(fields[0].rules[0])")
      return
    }
  }

  @Test func aBrokenPatternIsRefusedNamingTheFirstFieldThatUsesIt() {
    let broken = FieldRule.pattern("([unclosed")
    let schema = singleSection([
      FormField(id: "a", label: "", inputType: .string, rules: [.pattern("[a-z]+")]),
      FormField(id: "b", label: "", inputType: .string, rules: [.required, broken]),
      FormField(id: "c", label: "", inputType: .string, rules: [broken]),
    ])
    #expect(
      compileError(schema)
        == .invalidPattern(
          field: "s.b", pattern: "([unclosed", problem: "position 2: '[' without a matching ']'"))
  }

  @Test func oneCompiledPatternServesConcurrentChecks() async throws {
    let engine = try Self.engine()
    let context = ValidationContext(today: try CalendarDate(parsing: "2026-06-01"))
    let texts = (0..<32).map { $0.isMultiple(of: 2) ? "AB\(1000 + $0)" : "ab\(1000 + $0)" }
    let results = await withTaskGroup(of: (Int, ValidationError?).self) { group in
      for (index, text) in texts.enumerated() {
        group.addTask {
          var state = engine.makeState()
          _ = state.setText(text, at: "s.backup")
          return (index, state.validate("s.backup", in: context))
        }
      }
      var results = [ValidationError?](repeating: nil, count: texts.count)
      for await (index, error) in group { results[index] = error }
      return results
    }
    #expect(
      results == texts.indices.map { $0.isMultiple(of: 2) ? nil : ValidationError.patternMismatch })
  }

  @Test func aStandaloneRuleStillChecksItsPattern() throws {
    let context = ValidationContext(today: try CalendarDate(parsing: "2026-06-01"))
    #expect(FieldRule.pattern("[0-9]{3}").validate(" 123 ", in: context) == nil)
    #expect(FieldRule.pattern("[0-9]{3}").validate("12a", in: context) == .patternMismatch)
    #expect(FieldRule.pattern("([unclosed").validate("x", in: context) == .patternMismatch)
    #expect(FieldRule.isValidPattern("[0-9]+") && !FieldRule.isValidPattern("[0-9"))
  }

  /// A designer's message is outside data: read as one line to show (control and bidi
  /// characters dropped, whitespace runs one space), at most 200 characters, so a message of
  /// 200 000 characters does not fill the screen with thousands of lines.
  @Test func aDesignersMessageIsMadeFitToShow() throws {
    func rule(_ message: String) throws -> FieldRule? {
      let json: [String: Any] = [
        "version": 1,
        "sections": [
          [
            "id": "s", "title": "S",
            "fields": [
              [
                "id": "code", "label": "Code",
                "rules": [["pattern": "[0-9]+", "message": message]],
              ]
            ],
          ]
        ],
      ]
      let data = try JSONSerialization.data(withJSONObject: json)
      return try FormSchema.decode(from: data).sections[0].fields[0].rules.first
    }
    #expect(
      try rule("Line1\nLine2\u{1B}[31mRED \u{202E}evil\u{202C}\ttab")
        == .pattern("[0-9]+", message: "Line1 Line2[31mRED evil tab"))
    let huge = try rule(String(repeating: "A", count: 200_000))
    #expect(huge == .pattern("[0-9]+", message: String(repeating: "A", count: 199) + "…"))
    #expect(try rule(String(repeating: " \n", count: 100_000)) == .pattern("[0-9]+"))
    #expect(try rule("\u{1B}\u{7}") == .pattern("[0-9]+"), "nothing left: the generic words")
  }

  /// A designer says what the format is: `{"pattern": ..., "message": ...}` replaces the generic
  /// "wrong format" on that field only; a blank message falls back to it.
  @Test func aPatternCarriesTheDesignersOwnMessage() throws {
    let json = """
      {"version": 1, "sections": [{"id": "s", "title": "S", "fields": [
        {"id": "code", "label": "Code", "rules": [
          {"pattern": "^[A-Z]{3}[0-9]{2}$", "message": "Three letters and two digits, as ABC12"}]},
        {"id": "zip", "label": "Zip", "rules": [{"pattern": "[0-9]{5}", "message": " "}]},
        {"id": "plain", "label": "Plain", "rules": [{"pattern": "[0-9]{5}"}]}
      ]}]}
      """
    let schema = try FormSchema.decode(from: Data(json.utf8))
    #expect(
      schema.sections[0].fields[0].rules == [
        .pattern("^[A-Z]{3}[0-9]{2}$", message: "Three letters and two digits, as ABC12")
      ])
    var state = try FormEngine(schema: schema).makeState()
    let context = ValidationContext(today: try CalendarDate(parsing: "2026-06-01"))
    _ = state.setText("abc12", at: "s.code")
    _ = state.setText("1234", at: "s.zip")
    _ = state.setText("1234", at: "s.plain")
    #expect(
      state.validationErrors(in: context) == [
        "s.code": .patternMismatchMessage("Three letters and two digits, as ABC12"),
        "s.zip": .patternMismatch, "s.plain": .patternMismatch,
      ])
    #expect(ValidationError.patternMismatchMessage("x").key == "validation.pattern")
    _ = state.setText("ABC12", at: "s.code")
    #expect(state.validate("s.code", in: context) == nil)
    // Written back as read, so `hotel serve --form` and a draft keep it.
    let again = try FormSchema.decode(from: JSONEncoder().encode(schema))
    #expect(again == schema)
    let standalone = FieldRule.pattern("[0-9]{3}", message: "Three digits")
    #expect(standalone.validate("12a", in: context) == .patternMismatchMessage("Three digits"))
  }

  @Test func aMessageBesideAnotherRuleIsRefusedNamingIt() {
    let json = """
      {"version": 1, "sections": [{"id": "s", "title": "S", "fields": [
        {"id": "code", "label": "Code", "rules": [{"max_length": 5, "message": "Short"}]}
      ]}]}
      """
    #expect(
      decodeError(json)
        == .invalidJSON(
          path: "s.code",
          problem: .invalidValue(path: "sections[0].fields[0].rules[0].message")))
  }
}

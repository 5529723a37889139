import Domain
import Foundation
import Testing

/// SPEC section 6's bounds: sections counted, computed texts capped before they are made.
struct SchemaBoundsTests {
  /// A schema of `count` sections, each with one field.
  static func schema(sections count: Int) -> String {
    let sections = (0..<count).map { #"{"id": "s\#($0)", "fields": [{"id": "f", "label": "F"}]}"# }
    return #"{"version": 1, "sections": [\#(sections.joined(separator: ","))]}"#
  }

  @Test func aSchemaOfMoreSectionsThanAFormCanHaveIsRefused() throws {
    #expect(decodeError(Self.schema(sections: 1_000)) == nil)
    let refused = try #require(decodeError(Self.schema(sections: 1_001)))
    #expect(refused.description == "The form has 1001 sections, more than the 1000 a form can have")
  }

  /// `s1 = s0 + s0`, ...
  ///
  /// `sN`: each text twice the one before.
  static func doubling(_ count: Int, start: String) -> FormSchema {
    var fields = [FormField(id: "s0", label: "s0", inputType: .none, compute: "'\(start)'")]
    for index in 1...count {
      fields.append(
        FormField(
          id: "s\(index)", label: "s\(index)", inputType: .none,
          compute: "s\(index - 1) + s\(index - 1)"))
    }
    return singleSection(fields)
  }

  /// Ten characters doubled: `s10` is 10 240 characters, past the limit, so it is an error and
  /// is never made whole.
  @Test func aComputedTextPastTheLimitIsAnErrorOnItsField() throws {
    let state = try FormEngine(schema: Self.doubling(14, start: "abcdefghij")).makeState()
    #expect(state.text("s.s9").count == 5_120)
    #expect(state.value("s.s10") == .empty)
    #expect(state.evaluationError("s.s10") != nil)
    #expect(state.value("s.s14") == .empty)
  }

  /// The issue's 57 doublings: each field's error, no text made past the limit.
  @Test func fiftySevenDoublingsCostNothing() throws {
    let state = try FormEngine(schema: Self.doubling(57, start: "x")).makeState()
    #expect(state.text("s.s13").count == 8_192)
    #expect(state.value("s.s14") == .empty)
    #expect(state.evaluationError("s.s57") != nil)
  }

  /// A typed text longer than the limit, read by a computed field as it is, is refused on the
  /// computed field: a computed text is never longer than the limit.
  @Test func aComputedTextReadFromALongInputIsRefusedToo() throws {
    let schema = singleSection([
      FormField(id: "note", label: "note", inputType: .string),
      FormField(id: "copy", label: "copy", inputType: .none, compute: "note"),
    ])
    var state = try FormEngine(schema: schema).makeState()
    _ = state.setText(String(repeating: "я", count: 10_000), at: "s.note")
    #expect(state.text("s.copy").count == 10_000)
    _ = state.setText(String(repeating: "я", count: 10_001), at: "s.note")
    #expect(state.value("s.copy") == .empty)
    #expect(state.evaluationError("s.copy") != nil)
  }
}

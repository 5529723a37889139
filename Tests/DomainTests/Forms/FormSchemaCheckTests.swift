import Foundation
import Testing

@testable import Domain

/// `FormSchema.check`: every problem of a schema's JSON, each with the line and column of its
/// value, not only the first; the same verdict as the loader.
@Suite struct FormSchemaCheckTests {
  private func check(
    _ lines: [String], limit: Int = FormSchema.maximumToldProblems
  )
    -> FormSchemaCheck
  {
    FormSchema.check(Data(lines.joined(separator: "\n").utf8), limit: limit)
  }

  private func told(_ check: FormSchemaCheck) -> [String] {
    check.problems.map { problem in
      let text: String =
        switch problem.kind {
        case .error(let error): "error: " + error.description
        case .warning(let warning): "warning: " + warning.description
        }
      return "\(problem.location) \(text)"
    }
  }

  /// Every problem of a schema in one check, each at its line and column, not only the first.
  @Test func everyProblemIsToldAtItsLineAndColumn() {
    let found = check([
      #"{"version": 1, "sections": ["#,
      #"  {"id": "extras", "title": "Extras", "fields": ["#,
      ##"    {"id": "code", "style": {"foreground": "red", "background": "#FFFFFF"}},"##,
      #"    {"id": "bad", "rules": ["requird", {"pattern": "(a"}]},"#,
      #"    {"id": "fee", "input_type": "none", "compute": "1 + feee"},"#,
      #"    {"id": "kind", "input_type": "slider"},"#,
      ##"    {"id": "pale", "style": {"foreground": "#EEEEEE", "background": "#FFFFFF"}},"##,
      #"    {"id": "a", "input_type": "none", "compute": "b"},"#,
      #"    {"id": "b", "input_type": "none", "compute": "a", "depends_on": ["nowhere"]}"#,
      "  ]}",
      "]}",
    ])
    #expect(found.schema == nil)
    #expect(found.errorCount == 6 && found.warningCount == 2 && found.untoldCount == 0)
    let lines = told(found)
    #expect(lines.count == 8)
    guard lines.count == 8 else { return }
    #expect(
      lines[0] == "3:44 error: Invalid style in extras.code: style.foreground 'red' is not #RRGGBB")
    #expect(lines[1] == "4:29 error: Unknown validation rule 'requird' in field extras.bad")
    #expect(lines[2].hasPrefix("4:53 error: Invalid pattern '(a' in field extras.bad: position 1"))
    #expect(
      lines[3] == "5:57 error: extras.fee.compute, position 5: unknown field or constant 'feee'")
    #expect(
      lines[4]
        == "6:34 warning: Unknown input type 'slider' in field extras.kind: it is shown read-only, as not available in this version of the app"
    )
    #expect(lines[5].hasPrefix("7:29 warning: Poor contrast in extras.pale: "))
    #expect(
      lines[6]
        == "8:5 error: Fields depend on each other in a cycle: extras.a -> extras.b -> extras.a")
    #expect(lines[7] == "9:70 error: extras.b.depends_on: unknown field 'nowhere'")
    #expect(found.problems.first?.path.description == "sections[0].fields[0].style.foreground")
    #expect(found.problems[6].names == ["extras.a", "extras.b"])
  }

  @Test func aBrokenElementKeepsItsPlaceAndIsToldOnce() {
    let found = check([
      #"{"version": 1, "sections": ["#,
      #"  {"id": "s", "fields": [42, {"id": "1x"}, {"label": "no id"}]},"#,
      #"  {"title": "no id, no fields"}"#,
      "]}",
    ])
    #expect(
      told(found) == [
        "2:26 error: Invalid form schema at s: sections[0].fields[0] is not an object",
        "2:37 error: Invalid identifier at s.1x: use Latin letters (a-z, A-Z), digits and _, not starting with a digit",
        "2:44 error: Invalid form schema at s: the key sections[0].fields[2].id is missing",
        "3:3 error: Invalid form schema: the key sections[1].id is missing",
        "3:3 error: Invalid form schema: the key sections[1].fields is missing",
      ])
  }

  @Test func camelCaseKeysArePlacedToo() {
    let found = check([
      #"{"version": 1, "sections": [{"id": "s", "fields": ["#,
      #"  {"id": "k", "inputType": "slider"}]}]}"#,
    ])
    #expect(found.schema != nil)
    #expect(found.problems.map(\.location.description) == ["2:28"])
  }

  @Test func aSyntaxErrorIsTheOneProblem() {
    let found = check([#"{"version": 1,"#, #"  "sections": [}"#])
    #expect(
      told(found) == [
        "2:16 error: Invalid form schema: it is not valid JSON: expected a value, found '}'"
      ])
    #expect(found.errorCount == 1 && found.schema == nil)
  }

  @Test func aKeyGivenTwiceIsToldAtItsSecondSpelling() {
    let found = check([
      #"{"version": 1, "sections": [{"id": "s", "fields": ["#,
      #"  {"id": "k", "rules": [], "rules": ["required"]}]}]}"#,
    ])
    #expect(
      told(found) == [
        "2:28 error: Invalid form schema: the key sections[0].fields[0].rules appears more than once"
      ])
  }

  @Test func tooManySectionsIsToldAtTheList() {
    let sections = (0...FormSchema.maximumSectionCount).map { #"{"id": "s\#($0)", "fields": []}"# }
    let found = check([
      #"{"version": 1,"#, #" "sections": ["# + sections.joined(separator: ",") + "]}",
    ])
    #expect(
      told(found) == ["2:14 error: The form has 1001 sections, more than the 1000 a form can have"])
  }

  @Test func aVersionItDoesNotReadEndsTheCheck() {
    let found = check([#"{"sections": 5,"#, #" "version": 2}"#])
    #expect(
      told(found) == ["2:13 error: Unsupported form schema version 2 (this app reads version 1)"])
  }

  /// A file of thousands of problems tells the first ones and counts the rest.
  @Test func problemsAreBoundedAndCounted() {
    let fields = (0..<300).map { #"{"id": "f\#($0)", "style": {"foreground": "red"}}"# }
    let found = check(
      [
        #"{"version": 1, "sections": [{"id": "s", "fields": ["#, fields.joined(separator: ",\n"),
        "]}]}",
      ],
      limit: 100)
    #expect(found.problems.count == 100)
    #expect(found.errorCount == 300 && found.untoldCount == 200)
    #expect(found.problems.last?.location.line == 101)
  }

  /// The check loads exactly what the loader loads, and tells the loader's own error.
  @Test(arguments: [
    #"{"version": 1, "sections": [{"id": "p", "fields": [{"id": "a", "compute": "b"}, {"id": "b", "compute": "a"}]}]}"#,
    #"{"version": 1, "sections": [{"id": "p", "fields": [{"id": "a", "rules": [{"min_length": 5}, {"max_length": 2}]}]}]}"#,
    #"{"version": 1, "sections": [{"id": "p", "repeatable": {"min": 3, "max": 1}, "fields": []}]}"#,
    #"{"version": 1, "sections": [{"id": "p", "fields": [{"id": "a", "visible_if": "a == 1"}]}]}"#,
    #"{"version": 1, "sections": [{"id": "p", "repeatable": {"min": 1, "max": 1e400}, "fields": []}]}"#,
    #"{"version": 1, "sections": [{"id": "p", "fields": [{"id": "a", "rules": [{"pattern": "x", "message": 5}]}]}]}"#,
    #"{"version": 1, "sections": [{"id": "p", "fields": [{"id": "a", "input_type": "numeric"}]}]}"#,
    #"{"version": "1", "sections": []}"#,
  ])
  func theVerdictIsTheLoaders(json: String) {
    let data = Data(json.utf8)
    let found = FormSchema.check(data)
    var loaderError: FormSchemaError?
    do throws(FormSchemaError) {
      _ = try FormEngine(schema: try FormSchema.decode(from: data))
    } catch {
      loaderError = error
    }
    #expect((found.schema == nil) == (loaderError != nil), "\(found)")
    if let loaderError {
      let errors = found.problems.compactMap { problem -> FormSchemaError? in
        if case .error(let error) = problem.kind { return error }
        return nil
      }
      #expect(errors.contains(loaderError), "\(errors) lacks \(loaderError)")
    }
  }

  @Test func theBuiltInFormLoadsWithoutProblems() throws {
    let data = try JSONEncoder().encode(FormSchema.booking(language: .en))
    let constants: [String: FormValue] = [
      FormSchema.BookingConstant.tourPrice: .number(289_400),
      FormSchema.BookingConstant.fuelCharge: .number(9_300),
      FormSchema.BookingConstant.serviceCharge: .number(2_150),
    ]
    let found = FormSchema.check(data, constants: constants)
    #expect(found.schema == FormSchema.booking(language: .en))
    #expect(found.problems.isEmpty)
  }
}

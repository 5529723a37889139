import Domain
import Foundation
import Testing

/// The worked example of Docs/FormSchema.md ("A form of your own"): a designer's form with an
/// age-dependent price line, a chain of `visible_if` (each link naming only the one above), a
/// pattern with the designer's own message, an `enabled_if` on a switch, and the mistakes a
/// designer meets first.
///
/// The snippets there are copied from this file.
@Suite struct FormDesignerExampleTests {
  @Test func aDesignersFormComputesShowsAndEnablesAsWritten() throws {
    let json = """
      {"version": 1, "sections": [
        {"id": "tourist", "title": "Tourist", "repeatable": {"min": 1, "max": 4}, "fields": [
          {"id": "age", "label": "Age", "input_type": "numeric",
           "rules": ["required", {"range": {"min": 0, "max": 120}}]},
          {"id": "childReduction", "label": "Child reduction", "input_type": "none",
           "compute": "if(age == '', 0, if(age < 12, -10000, 0))"}
        ]},
        {"id": "extras", "title": "Extras", "fields": [
          {"id": "insurance", "label": "Insurance", "input_type": "bool"},
          {"id": "level", "label": "Level", "visible_if": "insurance == true"},
          {"id": "note", "label": "Note", "visible_if": "level == 'premium'"},
          {"id": "code", "label": "Code", "visible_if": "note != ''", "rules": [
            {"pattern": "^[A-Z]{3}[0-9]{2}$", "message": "Three letters, two digits: ABC12"}]},
          {"id": "seat", "label": "Seat", "enabled_if": "insurance == true"}
        ]},
        {"id": "price", "title": "Price", "fields": [
          {"id": "total", "label": "Total", "input_type": "none",
           "compute": "100000 * count(tourist) + sum(tourist.childReduction)"}
        ]}
      ]}
      """
    let schema = try FormSchema.decode(from: Data(json.utf8))
    var form = try FormEngine(schema: schema).makeState(repeatCounts: ["tourist": 2])
    #expect(form.value("price.total") == .number(200_000))
    _ = form.setText("8", at: "tourist.2.age")
    #expect(form.value("price.total") == .number(190_000))
    #expect(!form.isVisible("extras.level") && !form.isEnabled("extras.seat"))
    let changed = form.setText("true", at: "extras.insurance")
    #expect(changed == ["extras.insurance", "extras.level", "extras.seat"])
    _ = form.setText("premium", at: "extras.level")
    #expect(form.isVisible("extras.note") && form.isEnabled("extras.seat"))
    _ = form.setText("window", at: "extras.note")
    #expect(form.isVisible("extras.code"))
    _ = form.setText("abc", at: "extras.code")
    let context = ValidationContext(today: try CalendarDate(parsing: "2027-01-01"))
    let problem = form.validate("extras.code", in: context)
    #expect(problem == .patternMismatchMessage("Three letters, two digits: ABC12"))
    // Switched off, the whole chain hides: a hidden field is empty for every condition that
    // reads it (zero in arithmetic), and is neither checked nor sent.
    let hidden = form.setText("false", at: "extras.insurance")
    #expect(
      hidden == ["extras.insurance", "extras.level", "extras.note", "extras.code", "extras.seat"])
    #expect(!form.isVisible("extras.code") && form.validate("extras.code", in: context) == nil)
    // What was typed is kept: switched on again, the chain comes back as it was.
    _ = form.setText("true", at: "extras.insurance")
    #expect(form.isVisible("extras.code") && form.text("extras.note") == "window")
  }

  @Test func theMistakesADesignerMeetsFirstAreNamed() throws {
    func problem(_ field: String) -> String {
      let json =
        #"{"version": 1, "sections": [{"id": "extras", "title": "", "fields": [\#(field)]}]}"#
      do {
        _ = try FormEngine(schema: try FormSchema.decode(from: Data(json.utf8)))
        return ""
      } catch {
        return String(describing: error)
      }
    }
    #expect(
      problem(#"{"id": "code", "label": "", "rules": ["requird"]}"#)
        == "Unknown validation rule 'requird' in field extras.code")
    #expect(
      problem(#"{"id": "fee", "label": "", "input_type": "none", "compute": "(1 + 2"}"#)
        == "extras.fee.compute, position 7: expected ')', found the end")
    #expect(
      problem(#"{"id": "fee", "label": "", "input_type": "none", "compute": "feee * 2"}"#)
        == "extras.fee.compute, position 1: unknown field or constant 'feee'")
    #expect(
      problem(#"{"id": "code", "label": "", "rules": [{"max_length": "20"}]}"#)
        == "Invalid form schema at extras.code: sections[0].fields[0].rules[0].max_length is not a number"
    )
    #expect(
      problem(#"{"id": "code", "label": "", "visible_if": "code != \"\""}"#)
        == "extras.code.visible_if reads extras.code itself: a field's condition must read other fields"
    )
  }
}

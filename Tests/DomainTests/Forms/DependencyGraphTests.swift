import Domain
import Testing

@Suite struct DependencyGraphTests {
  @Test func directCycleNamesTheField() {
    #expect(compileError(singleSection([computed("a", "a + 1")])) == .cycle(["s.a"]))
  }

  @Test func cycleThroughSeveralFieldsNamesEachOnce() {
    let schema = singleSection([
      numberInput("x"), computed("a", "b + x"), computed("b", "c * 2"), computed("c", "a - 1"),
      computed("d", "a"),
    ])
    #expect(compileError(schema) == .cycle(["s.a", "s.b", "s.c"]))
  }

  @Test func cycleAcrossSectionsAndThroughDependsOn() {
    let schema = FormSchema(sections: [
      FormSection(id: "one", title: "", fields: [computed("a", "two.b")]),
      FormSection(id: "two", title: "", fields: [computed("b", "1", dependsOn: ["one.a"])]),
    ])
    #expect(compileError(schema) == .cycle(["one.a", "two.b"]))
  }

  // A hidden field cannot be typed into and a disabled one cannot be edited: a condition that
  // reads its own field would hide or lock it for good (a designer's `visible_if` typo).
  @Test func conditionsReadingTheirOwnFieldAreRefused() {
    let hidden = singleSection([
      numberInput("x"),
      FormField(id: "a", label: "a", inputType: .numeric, visibleIf: "x > 0 and a > 1"),
    ])
    #expect(compileError(hidden) == .conditionReadsItself(field: "s.a", property: "visible_if"))
    let locked = singleSection([
      FormField(id: "a", label: "a", inputType: .numeric, enabledIf: "a < 9")
    ])
    #expect(compileError(locked) == .conditionReadsItself(field: "s.a", property: "enabled_if"))
    #expect(
      FormSchemaError.conditionReadsItself(field: "s.a", property: "visible_if").description
        == "s.a.visible_if reads s.a itself: a field's condition must read other fields")
  }

  @Test func conditionsReadingOtherFieldsCompile() {
    let schema = singleSection([
      numberInput("x"),
      FormField(id: "a", label: "a", inputType: .numeric, visibleIf: "x > 1", enabledIf: "x < 9"),
    ])
    #expect(compileError(schema) == nil)
  }

  @Test func anInvalidIdentifierSaysOnlyLatinLettersAreAllowed() {
    let schema = singleSection([FormField(id: "промокод", label: "", inputType: .string)])
    #expect(compileError(schema) == .invalidID(path: "s.промокод"))
    #expect(
      FormSchemaError.invalidID(path: "s.промокод").description
        == "Invalid identifier at s.промокод: use Latin letters (a-z, A-Z), digits and _, not starting with a digit"
    )
  }

  @Test(arguments: [
    (
      computed("r", "x + nope"),
      FormSchemaError.unknownReference(
        field: "s.r", property: "compute", name: "nope", position: 5)
    ),
    (
      computed("r", "other.x"),
      .unknownReference(
        field: "s.r", property: "compute", name: "other.x", position: 1)
    ),
    (
      computed("r", "count(nowhere)"),
      .unknownReference(
        field: "s.r", property: "compute", name: "nowhere", position: 7)
    ),
    (
      computed("r", "1", dependsOn: ["ghost"]),
      .unknownReference(
        field: "s.r", property: "depends_on", name: "ghost", position: 0)
    ),
    (
      FormField(id: "r", label: "", inputType: .string, visibleIf: "x > missing.value"),
      .unknownReference(field: "s.r", property: "visible_if", name: "missing.value", position: 5)
    ),
  ])
  func unknownReferencesAreRejected(field: FormField, expected: FormSchemaError) {
    #expect(compileError(singleSection([numberInput("x"), field])) == expected)
  }

  @Test func constantsResolveAndFieldsWinOverConstants() throws {
    let schema = singleSection([numberInput("x"), computed("r", "x + k.one")])
    let state = try FormEngine(
      schema: schema, constants: ["k.one": .number(1), "s.x": .number(50)]
    )
    .makeState(texts: ["s.x": "2"])
    #expect(state.value("s.r") == .number(3))
  }

  @Test func repeatedFieldFromOutsideMustBeSummed() throws {
    let tourists = FormSection(
      id: "tourist", title: "", repeatable: RepeatBounds(min: 1, max: 3),
      fields: [numberInput("age"), computed("double", "age * 2")])
    let bad = FormSchema(sections: [
      tourists, FormSection(id: "sum", title: "", fields: [computed("total", "tourist.age + 1")]),
    ])
    #expect(
      compileError(bad)
        == .syntax(
          field: "sum.total", property: "compute", position: 1,
          problem: .repeatsInSection(path: "tourist.age", section: "tourist")))
    #expect(
      compileError(bad)?.description
        == "sum.total.compute, position 1: "
        + "'tourist.age' repeats in section 'tourist'; use sum(tourist.age)")
    let good = FormSchema(sections: [
      tourists,
      FormSection(
        id: "sum", title: "", fields: [computed("total", "sum(tourist.age) + count(tourist)")]),
    ])
    var state = try FormEngine(schema: good).makeState(
      repeatCounts: ["tourist": 2], texts: ["tourist.1.age": "30", "tourist.2.age": "12"])
    #expect(state.value("sum.total") == .number(44))
    #expect(state.value("tourist.2.double") == .number(24))
    let changed = state.setText("13", at: "tourist.2.age")
    #expect(changed == ["tourist.2.age", "tourist.2.double", "sum.total"])
  }

  @Test(arguments: [
    (
      FormSchema(sections: [
        FormSection(id: "s", title: "", fields: []), FormSection(id: "s", title: "", fields: []),
      ]), FormSchemaError.duplicateID(path: "s")
    ),
    (singleSection([numberInput("a"), numberInput("a")]), .duplicateID(path: "s.a")),
    (singleSection([numberInput("a.b")]), .invalidID(path: "s.a.b")),
    (singleSection([numberInput("")]), .invalidID(path: "s.")),
    (singleSection([numberInput("1a")]), .invalidID(path: "s.1a")),
    (singleSection([], id: "my section"), .invalidID(path: "my section")),
    (
      singleSection([FormField(id: "a", label: "", inputType: .string, rules: [.pattern("[a-")])]),
      .invalidPattern(
        field: "s.a", pattern: "[a-", problem: "position 1: '[' without a matching ']'")
    ),
    (
      FormSchema(sections: [
        FormSection(id: "t", title: "", repeatable: RepeatBounds(min: 3, max: 2), fields: [])
      ]), .invalidRepeatBounds(section: "t", min: 3, max: 2)
    ),
    (
      FormSchema(sections: [
        FormSection(id: "t", title: "", repeatable: RepeatBounds(min: -1, max: 2), fields: [])
      ]), .invalidRepeatBounds(section: "t", min: -1, max: 2)
    ),
    (
      FormSchema(sections: [
        FormSection(
          id: "t", title: "", repeatable: RepeatBounds(min: 1, max: 1_000_000), fields: [])
      ]), .invalidRepeatBounds(section: "t", min: 1, max: 1_000_000)
    ),
    (FormSchema(version: 3, sections: []), .unsupportedVersion(found: 3, supported: 1)),
    (
      singleSection([
        FormField(id: "a", label: "", inputType: .string, rules: [.minLength(60), .maxLength(50)])
      ]), .impossibleRule(field: "s.a", rule: "min_length 60 > max_length 50")
    ),
    (
      singleSection([
        FormField(
          id: "a", label: "", inputType: .numeric, rules: [.range(min: 1e308, max: -1e308)])
      ]), .impossibleRule(field: "s.a", rule: "range 1e+308 > -1e+308")
    ),
  ])
  func structuralProblemsAreRejected(schema: FormSchema, expected: FormSchemaError) {
    #expect(compileError(schema) == expected)
  }
}

/// A schema compiled at schema level: sections and fields indexed, expressions resolved, the
/// dependency graph checked, and the evaluation order of computed fields fixed.
///
/// Immutable and shared by every ``FormState`` of an engine.
final class FormProgram: Sendable {
  /// A section with its resolved bounds and its fields' indices.
  struct Section: Sendable {
    var id: String
    var bounds: ClosedRange<Int>?
    var fields: Range<Int>
  }

  /// A field with its resolved expressions.
  struct Field: Sendable {
    var section: Int
    var definition: FormField
    /// The definition's rules, in order, with their patterns compiled.
    var rules: [CompiledRule]
    /// `section.field`.
    var path: String
    var compute: Expression?
    var visibleIf: Expression?
    var enabledIf: Expression?
    /// `depends_on`, resolved (a repeatable section's field from outside means all instances).
    var extraDependencies: [Expression]

    var isRemote: Bool { compute == nil && definition.actionURL != nil }
  }

  /// Bounds larger than this are refused.
  static let maximumRepeat = 1_000
  /// Deeper expression trees are refused, so evaluation cannot exhaust the stack.
  static let maximumDepth = 128

  let schema: FormSchema
  let constants: [String: FormValue]
  let sections: [Section]
  let sectionIndex: [String: Int]
  let fields: [Field]
  /// The fields whose value is derived from others, dependencies first: computed fields (with
  /// `compute`) and fields with a `visible_if` (a hidden field reads as empty, so its value
  /// depends on its condition).
  let computeOrder: [Int]

  /// Compiles `schema`; the first problem is thrown, or, given `problems` (a schema being
  /// checked), every problem is recorded there with the JSON path of its value and compiling
  /// goes on (the program is then only good for telling them).
  init(
    schema: FormSchema, constants: [String: FormValue], problems: FormSchemaProblems? = nil
  ) throws(FormSchemaError) {
    guard schema.version == FormSchema.supportedVersion else {
      throw .unsupportedVersion(found: schema.version, supported: FormSchema.supportedVersion)
    }
    func report(
      _ error: FormSchemaError, at path: JSONPath, character: Int? = nil
    ) throws(FormSchemaError) {
      guard let problems else { throw error }
      problems.record(error, at: path, character: character)
    }
    func sectionPath(_ section: Int) -> JSONPath {
      JSONPath([.key("sections"), .index(section)])
    }
    func fieldPath(_ section: Int, _ field: Int) -> JSONPath {
      sectionPath(section).appending(key: "fields").appending(.index(field))
    }
    self.schema = schema
    self.constants = constants
    var sections: [Section] = []
    var sectionIndex: [String: Int] = [:]
    var fieldIndex: [String: Int] = [:]
    var fieldSection: [Int] = []
    var fieldCount = 0
    for (sectionNumber, section) in schema.sections.enumerated() {
      let idPath = sectionPath(sectionNumber).appending(key: "id")
      if !FormProgram.isIdentifier(section.id) {
        try report(.invalidID(path: section.id), at: idPath)
      } else if sectionIndex[section.id] != nil {
        try report(.duplicateID(path: section.id), at: idPath)
      } else {
        sectionIndex[section.id] = sections.count
      }
      for (fieldNumber, field) in section.fields.enumerated() {
        let path = "\(section.id).\(field.id)"
        let idPath = fieldPath(sectionNumber, fieldNumber).appending(key: "id")
        if !FormProgram.isIdentifier(field.id) {
          try report(.invalidID(path: path), at: idPath)
        } else if fieldIndex[path] != nil {
          try report(.duplicateID(path: path), at: idPath)
        } else {
          fieldIndex[path] = fieldSection.count
        }
        fieldSection.append(sections.count)
      }
      var bounds: ClosedRange<Int>?
      if let repeatable = section.repeatable {
        do {
          bounds = try FormProgram.resolve(repeatable, section: section.id, constants: constants)
        } catch {
          try report(error, at: sectionPath(sectionNumber).appending(key: "repeatable"))
        }
      }
      sections.append(
        Section(
          id: section.id, bounds: bounds,
          fields: fieldCount..<(fieldCount + section.fields.count)))
      fieldCount += section.fields.count
    }
    self.sections = sections
    self.sectionIndex = sectionIndex

    let resolver = NameResolver(
      sections: sections, sectionIndex: sectionIndex, fieldIndex: fieldIndex,
      fieldSection: fieldSection, constants: constants)
    var fields: [Field] = []
    fields.reserveCapacity(fieldCount)
    // Each distinct pattern is compiled once, whichever fields use it.
    var patterns: [String: CompiledPattern] = [:]
    for (sectionNumber, section) in schema.sections.enumerated() {
      for (fieldNumber, field) in section.fields.enumerated() {
        let path = "\(section.id).\(field.id)"
        let place = fieldPath(sectionNumber, fieldNumber)
        do {
          try CompiledRule.checkBounds(field.rules, path: path)
        } catch {
          try report(error, at: place.appending(key: "rules"))
        }
        var rules: [CompiledRule] = []
        for (ruleNumber, rule) in field.rules.enumerated() {
          do {
            rules.append(try CompiledRule(rule, path: path, patterns: &patterns))
          } catch {
            var character: Int?
            if case .pattern(let source, _) = rule,
              case .failure(let problem) = CompiledPattern.compile(source)
            {
              character = problem.position
            }
            try report(
              error,
              at: place.appending(key: "rules").appending(.index(ruleNumber))
                .appending(key: "pattern"),
              character: character)
          }
        }
        func compile(_ source: String?, _ property: String) throws(FormSchemaError) -> Expression? {
          guard let source else { return nil }
          do {
            return try resolver.compile(
              source, field: path, property: property, section: sectionNumber)
          } catch {
            var character: Int?
            switch error {
            case .syntax(_, _, let position, _), .unknownReference(_, _, _, let position):
              character = position
            default: break
            }
            try report(error, at: place.appending(key: property), character: character)
            return nil
          }
        }
        var extra: [Expression] = []
        for (number, name) in field.dependsOn.enumerated() {
          do {
            extra.append(try resolver.dependency(name, field: path, section: sectionNumber))
          } catch {
            try report(error, at: place.appending(key: "depends_on").appending(.index(number)))
          }
        }
        var visibleIf = try compile(field.visibleIf, "visible_if")
        var enabledIf = try compile(field.enabledIf, "enabled_if")
        // A condition on its own field would hide or lock it for good.
        let index = fields.count
        if visibleIf?.fieldReferences.contains(index) == true {
          try report(
            .conditionReadsItself(field: path, property: "visible_if"),
            at: place.appending(key: "visible_if"))
          visibleIf = nil
        }
        if enabledIf?.fieldReferences.contains(index) == true {
          try report(
            .conditionReadsItself(field: path, property: "enabled_if"),
            at: place.appending(key: "enabled_if"))
          enabledIf = nil
        }
        fields.append(
          Field(
            section: sectionNumber, definition: field, rules: rules, path: path,
            compute: try compile(field.compute, "compute"),
            visibleIf: visibleIf, enabledIf: enabledIf, extraDependencies: extra))
      }
    }
    self.fields = fields
    self.computeOrder = try FormProgram.order(fields) { cycle throws(FormSchemaError) in
      let first = fields[cycle[0]]
      try report(
        FormProgram.cycleError(cycle, fields),
        at: fieldPath(first.section, cycle[0] - sections[first.section].fields.lowerBound))
    }
  }

  /// The fields a field's value is derived from: its `visible_if`'s (a hidden field reads as
  /// empty), and for a computed (or remote) field its expression's and its `depends_on`.
  static func dependencies(of field: Field) -> [Int] {
    var result = field.visibleIf?.fieldReferences ?? []
    guard field.compute != nil || field.isRemote else { return result }
    result += field.compute?.fieldReferences ?? []
    for extra in field.extraDependencies { result += extra.fieldReferences }
    return result
  }

  /// The instance bounds of a repeatable section (constants applied), or `nil`.
  func repeatBounds(_ sectionID: String) -> ClosedRange<Int>? {
    sectionIndex[sectionID].flatMap { sections[$0].bounds }
  }

  // MARK: - Checks

  /// Letters, digits and `_`, not starting with a digit (ASCII).
  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.first, ExpressionLexer.isNameStart(first) else { return false }
    return text.allSatisfy(ExpressionLexer.isNamePart)
  }

  private static func resolve(
    _ bounds: RepeatBounds, section: String, constants: [String: FormValue]
  ) throws(FormSchemaError) -> ClosedRange<Int> {
    func value(_ name: String?, _ fallback: Int) -> Int {
      guard let name, case .number(let number)? = constants[name], number.rounded() == number,
        abs(number) <= Double(maximumRepeat * 10)
      else { return fallback }
      return Int(number)
    }
    let lower = value(bounds.minConstant, bounds.min)
    let upper = value(bounds.maxConstant, bounds.max)
    guard lower >= 0, lower <= upper, upper >= 1, upper <= maximumRepeat else {
      throw .invalidRepeatBounds(section: section, min: lower, max: upper)
    }
    return lower...upper
  }

  /// Derived fields (computed, or with a `visible_if`) in dependency order; each cycle met
  /// (its fields, each reading the next) goes to `cycleFound`, which throws or notes it (the
  /// order is then not one to evaluate by).
  private static func order(
    _ fields: [Field], cycleFound: ([Int]) throws(FormSchemaError) -> Void
  ) throws(FormSchemaError) -> [Int] {
    let edges = fields.map { FormProgram.dependencies(of: $0) }
    // 0: not visited, 1: on the current path, 2: done.
    var mark = [UInt8](repeating: 0, count: fields.count)
    var order: [Int] = []
    var stack: [(field: Int, next: Int)] = []
    for start in fields.indices where mark[start] == 0 {
      stack.append((start, 0))
      mark[start] = 1
      while let top = stack.last {
        if top.next < edges[top.field].count {
          stack[stack.count - 1].next += 1
          let target = edges[top.field][top.next]
          switch mark[target] {
          case 0:
            mark[target] = 1
            stack.append((target, 0))
          case 1:
            let cycleStart = stack.lastIndex { $0.field == target } ?? 0
            try cycleFound(stack[cycleStart..<stack.count].map(\.field))
          default:
            break
          }
        } else {
          stack.removeLast()
          mark[top.field] = 2
          let field = fields[top.field]
          if field.compute != nil || field.visibleIf != nil { order.append(top.field) }
        }
      }
    }
    return order
  }

  /// The error for `cycle` (each field reads the next, the last reads the first): a plain
  /// ``FormSchemaError/cycle(_:)``, or, when some links are a `visible_if` alone (not also a
  /// computation's reads), ``FormSchemaError/cycleThroughCondition(fields:conditions:)``
  /// naming the fields whose condition closes it.
  private static func cycleError(_ cycle: [Int], _ fields: [Field]) -> FormSchemaError {
    var conditions: [String] = []
    for (position, field) in cycle.enumerated() {
      let next = cycle[(position + 1) % cycle.count]
      let definition = fields[field]
      let isDerived = definition.compute != nil || definition.isRemote
      let computeReads =
        isDerived
        ? (definition.compute?.fieldReferences ?? [])
          + definition.extraDependencies.flatMap(\.fieldReferences) : []
      if !computeReads.contains(next) { conditions.append(definition.path) }
    }
    let names = cycle.map { fields[$0].path }
    return conditions.isEmpty
      ? .cycle(names) : .cycleThroughCondition(fields: names, conditions: conditions)
  }
}

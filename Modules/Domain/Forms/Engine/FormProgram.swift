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

  init(schema: FormSchema, constants: [String: FormValue]) throws(FormSchemaError) {
    guard schema.version == FormSchema.supportedVersion else {
      throw .unsupportedVersion(found: schema.version, supported: FormSchema.supportedVersion)
    }
    self.schema = schema
    self.constants = constants
    var sections: [Section] = []
    var sectionIndex: [String: Int] = [:]
    var fieldIndex: [String: Int] = [:]
    var fieldSection: [Int] = []
    var fieldCount = 0
    for section in schema.sections {
      guard FormProgram.isIdentifier(section.id) else { throw .invalidID(path: section.id) }
      guard sectionIndex[section.id] == nil else { throw .duplicateID(path: section.id) }
      sectionIndex[section.id] = sections.count
      for field in section.fields {
        let path = "\(section.id).\(field.id)"
        guard FormProgram.isIdentifier(field.id) else { throw .invalidID(path: path) }
        guard fieldIndex[path] == nil else { throw .duplicateID(path: path) }
        fieldIndex[path] = fieldIndex.count
        fieldSection.append(sections.count)
      }
      let bounds = try section.repeatable.map { bounds throws(FormSchemaError) in
        try FormProgram.resolve(bounds, section: section.id, constants: constants)
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
      for field in section.fields {
        let path = "\(section.id).\(field.id)"
        try CompiledRule.checkBounds(field.rules, path: path)
        var rules: [CompiledRule] = []
        for rule in field.rules {
          rules.append(try CompiledRule(rule, path: path, patterns: &patterns))
        }
        func compile(_ source: String?, _ property: String) throws(FormSchemaError) -> Expression? {
          guard let source else { return nil }
          return try resolver.compile(
            source, field: path, property: property, section: sectionNumber)
        }
        var extra: [Expression] = []
        for name in field.dependsOn {
          extra.append(try resolver.dependency(name, field: path, section: sectionNumber))
        }
        let visibleIf = try compile(field.visibleIf, "visible_if")
        let enabledIf = try compile(field.enabledIf, "enabled_if")
        // A condition on its own field would hide or lock it for good.
        let index = fields.count
        for (condition, property) in [(visibleIf, "visible_if"), (enabledIf, "enabled_if")]
        where condition?.fieldReferences.contains(index) == true {
          throw .conditionReadsItself(field: path, property: property)
        }
        fields.append(
          Field(
            section: sectionNumber, definition: field, rules: rules, path: path,
            compute: try compile(field.compute, "compute"),
            visibleIf: visibleIf, enabledIf: enabledIf, extraDependencies: extra))
      }
    }
    self.fields = fields
    self.computeOrder = try FormProgram.order(fields)
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

  private static func order(_ fields: [Field]) throws(FormSchemaError) -> [Int] {
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
            throw cycleError(stack[cycleStart..<stack.count].map(\.field), fields)
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

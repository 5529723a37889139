/// The field instances of a form for given repeat counts, and the graph between their slots,
/// flattened into integer-indexed arrays for the edit path.
///
/// Slots: `0..<instanceCount` hold the instances' values; then one slot per repeatable
/// section's instance count; then one per `visible_if` and `enabled_if` instance. Derived slots
/// (an expression, or a value that a `visible_if` can hide) have a rank: their position in
/// ``order``, a topological order of the whole graph. A field's value slot reads its own
/// `visible_if` slot: a hidden field's value is empty for every reader.
final class FormLayout: Sendable {
  let program: FormProgram
  /// Instances per section (1 for a plain section).
  let repeatCounts: [Int]
  /// Per instance.
  let paths: [FieldPath]
  let instanceField: [Int]
  let indexByPath: [FieldPath: Int]
  let sectionInstances: [FormSectionInstance]
  let inputPaths: [FieldPath]
  /// Per section: its count slot, or -1 for a plain section.
  let countSlot: [Int]
  /// Per instance: its condition slots, or -1.
  let visibleSlot: [Int]
  let enabledSlot: [Int]
  /// Per slot.
  let slotOwner: [Int]
  let expressions: [BoundExpression?]
  let rank: [Int]
  /// Derived slots, in evaluation order.
  let order: [Int]
  /// The slots reading slot `s` are `dependents[dependentStart[s]..<dependentStart[s + 1]]`.
  let dependentStart: [Int]
  let dependents: [Int]
  /// Remote instances and the slots they send.
  let remoteInputs: [(instance: Int, inputs: [Int])]

  var slotCount: Int { slotOwner.count }

  init(program: FormProgram, repeatCounts: [Int]) {
    self.program = program
    self.repeatCounts = repeatCounts
    var paths: [FieldPath] = []
    var instanceField: [Int] = []
    var instanceRepeat: [Int] = []
    var sectionInstances: [FormSectionInstance] = []
    var instancesOfField = [[Int]](repeating: [], count: program.fields.count)
    for (sectionNumber, section) in program.sections.enumerated() {
      let repeats = section.bounds == nil ? 1 : repeatCounts[sectionNumber]
      for repeatIndex in 0..<repeats {
        let number = section.bounds == nil ? nil : repeatIndex + 1
        var instancePaths: [FieldPath] = []
        for field in section.fields {
          let path = FieldPath(
            section: section.id, index: number, field: program.fields[field].definition.id)
          instancesOfField[field].append(paths.count)
          paths.append(path)
          instanceField.append(field)
          instanceRepeat.append(repeatIndex)
          instancePaths.append(path)
        }
        sectionInstances.append(
          FormSectionInstance(sectionID: section.id, index: number, fieldPaths: instancePaths))
      }
    }
    let instanceCount = paths.count
    var slotOwner = Array(0..<instanceCount)
    var expressions = [BoundExpression?](repeating: nil, count: instanceCount)
    var countSlot = [Int](repeating: -1, count: program.sections.count)
    for (sectionNumber, section) in program.sections.enumerated() where section.bounds != nil {
      countSlot[sectionNumber] = slotOwner.count
      slotOwner.append(-1)
      expressions.append(nil)
    }

    func bind(_ expression: Expression, repeatIndex: Int) -> BoundExpression {
      switch expression {
      case .literal(let value):
        return .literal(value)
      case .field(let field, let name):
        let instances = instancesOfField[field]
        return .slot(instances.count == 1 ? instances[0] : instances[repeatIndex], name: name)
      case .allInstances(let field, let name):
        return .slots(instancesOfField[field], name: name)
      case .count(let section):
        let slot = countSlot[section]
        return slot < 0
          ? .literal(.number(1)) : .slot(slot, name: "count(\(program.sections[section].id))")
      case .negate(let operand):
        return .negate(bind(operand, repeatIndex: repeatIndex))
      case .not(let operand):
        return .not(bind(operand, repeatIndex: repeatIndex))
      case .binary(let operation, let left, let right):
        return .binary(
          operation, bind(left, repeatIndex: repeatIndex), bind(right, repeatIndex: repeatIndex))
      case .and(let left, let right):
        return .and(bind(left, repeatIndex: repeatIndex), bind(right, repeatIndex: repeatIndex))
      case .or(let left, let right):
        return .or(bind(left, repeatIndex: repeatIndex), bind(right, repeatIndex: repeatIndex))
      case .sum(let terms):
        return .sum(terms.map { bind($0, repeatIndex: repeatIndex) })
      case .conditional(let condition, let then, let otherwise):
        return .conditional(
          bind(condition, repeatIndex: repeatIndex), bind(then, repeatIndex: repeatIndex),
          bind(otherwise, repeatIndex: repeatIndex))
      }
    }

    // Reads per slot (the graph's edges, reversed), and the evaluation order. Condition slots
    // come first, so that a field's value slot can read its `visible_if` slot.
    var reads = [[Int]](repeating: [], count: slotOwner.count)
    var visibleSlot = [Int](repeating: -1, count: instanceCount)
    var enabledSlot = [Int](repeating: -1, count: instanceCount)
    for instance in 0..<instanceCount {
      let field = program.fields[instanceField[instance]]
      // A read-only field is never enabled, so its `enabled_if` is not evaluated.
      let enabledIf = field.definition.isInput ? field.enabledIf : nil
      for (condition, isVisibility) in [(field.visibleIf, true), (enabledIf, false)] {
        guard let condition else { continue }
        let slot = slotOwner.count
        let bound = bind(condition, repeatIndex: instanceRepeat[instance])
        slotOwner.append(instance)
        expressions.append(bound)
        reads.append(bound.slotReferences)
        if isVisibility { visibleSlot[instance] = slot } else { enabledSlot[instance] = slot }
      }
    }
    // Derived fields in the program's order: each instance's `visible_if` just before its value
    // (a hidden field's value is empty, whatever was typed or computed), then the
    // `enabled_if`s, which nothing reads.
    var order: [Int] = []
    var remoteInputs: [(instance: Int, inputs: [Int])] = []
    for field in program.computeOrder {
      let compute = program.fields[field].compute
      for instance in instancesOfField[field] {
        if visibleSlot[instance] >= 0 {
          order.append(visibleSlot[instance])
          reads[instance].append(visibleSlot[instance])
        }
        if let compute {
          let bound = bind(compute, repeatIndex: instanceRepeat[instance])
          expressions[instance] = bound
          reads[instance] += bound.slotReferences
          for extra in program.fields[field].extraDependencies {
            reads[instance] += bind(extra, repeatIndex: instanceRepeat[instance]).slotReferences
          }
        }
        order.append(instance)
      }
    }
    order += enabledSlot.filter { $0 >= 0 }
    for (field, definition) in program.fields.enumerated() where definition.isRemote {
      for instance in instancesOfField[field] {
        let inputs = definition.extraDependencies.flatMap {
          bind($0, repeatIndex: instanceRepeat[instance]).slotReferences
        }
        remoteInputs.append((instance, inputs))
      }
    }

    var rank = [Int](repeating: -1, count: slotOwner.count)
    for (position, slot) in order.enumerated() { rank[slot] = position }
    // Invert `reads` into compressed dependents lists, without duplicates.
    var counts = [Int](repeating: 0, count: slotOwner.count + 1)
    for slot in reads.indices {
      reads[slot] = Array(Set(reads[slot]))
      for read in reads[slot] { counts[read + 1] += 1 }
    }
    for slot in 0..<slotOwner.count { counts[slot + 1] += counts[slot] }
    var fill = counts
    var dependents = [Int](repeating: 0, count: counts[slotOwner.count])
    for slot in order {
      for read in reads[slot] {
        dependents[fill[read]] = slot
        fill[read] += 1
      }
    }

    self.paths = paths
    self.instanceField = instanceField
    self.indexByPath = Dictionary(paths.enumerated().map { ($1, $0) }) { first, _ in first }
    self.sectionInstances = sectionInstances
    self.inputPaths = paths.indices.filter { program.fields[instanceField[$0]].definition.isInput }
      .map { paths[$0] }
    self.countSlot = countSlot
    self.visibleSlot = visibleSlot
    self.enabledSlot = enabledSlot
    self.slotOwner = slotOwner
    self.expressions = expressions
    self.rank = rank
    self.order = order
    self.dependentStart = counts
    self.dependents = dependents
    self.remoteInputs = remoteInputs
  }

  /// The schema field of an instance.
  func field(_ instance: Int) -> FormProgram.Field { program.fields[instanceField[instance]] }
}

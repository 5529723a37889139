/// The live values of a form: what was typed, what was computed, what is visible and enabled.
///
/// An edit recomputes only the fields that depend on it, in topological order, and stops where
/// a value did not change; it returns the paths that changed, so a view redraws only those.
///
/// A field hidden by its `visible_if` has no value for whatever reads it (a computed field, a
/// condition, a server calculation), as if it were empty, except that where a number is needed
/// (arithmetic, `sum`) it counts as zero: a line the form does not show costs nothing. What was
/// typed into it is kept, so showing it again brings the value back.
///
/// ```swift
/// var state = engine.makeState()
/// state.setText("2", at: "order.quantity")   // ["order.quantity", "order.total"]
/// state.value("order.total")                  // .number(20)
/// ```
public struct FormState: Hashable, Sendable {
  var layout: FormLayout
  /// Per instance: the text typed (inputs only).
  var texts: [String]
  /// Per slot.
  var values: [FormValue]
  /// Per slot: why its expression gave no value.
  var errors: [FormEvaluationError?]
  /// Per instance of a field computed by the server: its last answer, kept while the field is
  /// hidden (its value slot is then empty).
  var remoteValues: [Int: FormValue] = [:]
  /// Per instance: whether its `visible_if` hides it, as of its value's last evaluation (an
  /// expression reads a hidden field as zero in arithmetic; an empty field that hides or shows
  /// changes what its readers compute, though its value stays empty).
  var hidden: [Bool]

  init(program: FormProgram, repeatCounts: [String: Int], texts: [FieldPath: String]) {
    let counts = program.sections.map { section in
      guard let bounds = section.bounds else { return 1 }
      let wanted = repeatCounts[section.id] ?? bounds.lowerBound
      return Swift.min(Swift.max(wanted, bounds.lowerBound), bounds.upperBound)
    }
    let layout = FormLayout(program: program, repeatCounts: counts)
    self.layout = layout
    self.texts = [String](repeating: "", count: layout.paths.count)
    self.hidden = [Bool](repeating: false, count: layout.paths.count)
    self.values = [FormValue](repeating: .empty, count: layout.slotCount)
    self.errors = [FormEvaluationError?](repeating: nil, count: layout.slotCount)
    for (section, slot) in layout.countSlot.enumerated() where slot >= 0 {
      values[slot] = .number(Double(counts[section]))
    }
    for (path, text) in texts {
      guard let instance = layout.indexByPath[path], layout.field(instance).definition.isInput
      else { continue }
      self.texts[instance] = text
      values[instance] = FormValue(typed: text, as: layout.field(instance).definition.inputType)
    }
    _ = recomputeAll()
  }

  // MARK: - Reading

  /// The compiled schema.
  public var schema: FormSchema { layout.program.schema }

  /// Every field instance, in screen order.
  public var fieldPaths: [FieldPath] { layout.paths }

  /// The fields the user can type into, in screen order (the order `next` moves focus in).
  public var inputFieldPaths: [FieldPath] { layout.inputPaths }

  /// The section instances, in screen order (`buyer`, `tourist.1`, `tourist.2`, `price`).
  public var sectionInstances: [FormSectionInstance] { layout.sectionInstances }

  /// The schema's definition of the field at `path` (label, input type, rules), or `nil`.
  public func field(_ path: FieldPath) -> FormField? {
    layout.indexByPath[path].map { layout.field($0).definition }
  }

  /// The text of the field: as typed for an input, the value's text for a computed field.
  public func text(_ path: FieldPath) -> String {
    guard let instance = layout.indexByPath[path] else { return "" }
    return layout.field(instance).definition.isInput
      ? texts[instance] : values[instance].displayText
  }

  /// The field's value: a computed result, or the typed text read as its input type; empty
  /// while the field is hidden (the text typed into it is kept: ``text(_:)``; arithmetic that
  /// reads it counts it as zero).
  public func value(_ path: FieldPath) -> FormValue {
    layout.indexByPath[path].map { values[$0] } ?? .empty
  }

  /// Why the field's `compute`, `visible_if` or `enabled_if` gave no value, if it failed.
  public func evaluationError(_ path: FieldPath) -> FormEvaluationError? {
    guard let instance = layout.indexByPath[path] else { return nil }
    return errors[instance] ?? slotError(layout.visibleSlot[instance])
      ?? slotError(layout.enabledSlot[instance])
  }

  /// ``evaluationError(_:)`` followed to its source: a missing value read through computed fields
  /// is named by the input at its root, the field a person must fill in
  /// (``FormEvaluationError/missingValue(_:)`` `"extras.bags"`, not the price line `"price.bags"`
  /// that reads it), or by the field hidden by its `visible_if`
  /// (``FormEvaluationError/hiddenValue(_:)``); a fault at the root is that fault.
  ///
  /// Only for saying why a value is missing: it walks the chain (at most once per slot), off the
  /// edit path.
  public func evaluationErrorSource(_ path: FieldPath) -> FormEvaluationError? {
    guard let instance = layout.indexByPath[path] else { return nil }
    var slot = instance
    if errors[slot] == nil {
      for condition in [layout.visibleSlot[instance], layout.enabledSlot[instance]]
      where condition >= 0 && errors[condition] != nil {
        slot = condition
        break
      }
    }
    guard var error = errors[slot] else { return nil }
    // The graph is acyclic; the bound keeps the walk finite whatever the layout.
    for _ in 0..<layout.slotCount {
      guard case .missingValue(let name) = error, let expression = layout.expressions[slot]
      else { return error }
      // A shown empty field before a hidden one: arithmetic counts a hidden field as zero, so
      // only a comparison or a condition misses a hidden field's value.
      let empty = expression.slots(named: name).filter { values[$0] == .empty }
      guard
        let source = empty.first(where: { $0 >= layout.paths.count || !isHidden($0) })
          ?? empty.first,
        source < layout.paths.count
      else { return error }
      let sourcePath = layout.paths[source].rawValue
      if isHidden(source) { return .hiddenValue(sourcePath) }
      guard let next = errors[source] else { return .missingValue(sourcePath) }
      slot = source
      error = next
    }
    return error
  }

  /// Whether the field is shown: it has no `visible_if`, or the condition holds (a condition
  /// that cannot be evaluated counts as false).
  public func isVisible(_ path: FieldPath) -> Bool {
    guard let instance = layout.indexByPath[path] else { return false }
    return condition(layout.visibleSlot[instance])
  }

  /// Whether the field can be edited: it is an input, and it has no `enabled_if` or the
  /// condition holds (a condition that cannot be evaluated counts as false).
  public func isEnabled(_ path: FieldPath) -> Bool {
    guard let instance = layout.indexByPath[path] else { return false }
    return layout.field(instance).definition.isInput && condition(layout.enabledSlot[instance])
  }

  /// The field's definition, text, value, visibility and enablement together (one lookup), or
  /// `nil` for an unknown path.
  public func display(_ path: FieldPath) -> FormFieldDisplay? {
    guard let instance = layout.indexByPath[path] else { return nil }
    let definition = layout.field(instance).definition
    return FormFieldDisplay(
      definition: definition,
      text: definition.isInput ? texts[instance] : values[instance].displayText,
      value: values[instance], isVisible: condition(layout.visibleSlot[instance]),
      isEnabled: definition.isInput && condition(layout.enabledSlot[instance]))
  }

  /// The number of instances of a section: 1 for a plain one, 0 for an unknown one.
  public func repeatCount(_ sectionID: String) -> Int {
    layout.program.sectionIndex[sectionID].map { layout.repeatCounts[$0] } ?? 0
  }

  /// The instance bounds of a repeatable section, or `nil`.
  public func repeatBounds(_ sectionID: String) -> ClosedRange<Int>? {
    layout.program.repeatBounds(sectionID)
  }

  /// The text typed into every input field that is not empty, by path (for saving a draft and
  /// for ``FormEngine/makeState(repeatCounts:texts:)``).
  public var inputTexts: [FieldPath: String] {
    var result = [FieldPath: String](minimumCapacity: texts.count)
    for (instance, text) in texts.enumerated() where !text.isEmpty {
      result[layout.paths[instance]] = text
    }
    return result
  }

  // MARK: - Validation

  /// The first problem with the field's current text under its rules, or `nil`; hidden and
  /// disabled fields are not checked.
  public func validate(_ path: FieldPath, in context: ValidationContext) -> ValidationError? {
    guard let instance = layout.indexByPath[path] else { return nil }
    let field = layout.field(instance)
    let isInput = field.definition.isInput
    guard condition(layout.visibleSlot[instance]),
      !isInput || condition(layout.enabledSlot[instance])
    else { return nil }
    let text = isInput ? texts[instance] : values[instance].displayText
    for rule in field.rules {
      if let error = rule.validate(text, in: context) { return error }
    }
    return nil
  }

  /// Every field with a problem, by path.
  public func validationErrors(in context: ValidationContext) -> [FieldPath: ValidationError] {
    var result: [FieldPath: ValidationError] = [:]
    for path in layout.paths {
      if let error = validate(path, in: context) { result[path] = error }
    }
    return result
  }

  // MARK: - Editing

  /// Sets an input field's text, recomputes exactly its dependents in topological order, and
  /// returns every path whose text, value, visibility or enablement changed (including `path`).
  ///
  /// Unknown paths, read-only fields and unchanged text change nothing.
  public mutating func setText(_ text: String, at path: FieldPath) -> Set<FieldPath> {
    guard let instance = layout.indexByPath[path] else { return [] }
    let definition = layout.field(instance).definition
    guard definition.isInput, texts[instance] != text else { return [] }
    texts[instance] = text
    // Room for a typical fan-out, so the set does not grow (and rehash) while propagating.
    var changed = Set<FieldPath>(minimumCapacity: 16)
    changed.insert(path)
    let value = isHidden(instance) ? .empty : FormValue(typed: text, as: definition.inputType)
    if values[instance] != value {
      values[instance] = value
      propagate(from: instance, into: &changed)
    }
    return changed
  }

  /// Sets the value of a field computed by the server (`action_url`) and recomputes its dependents;
  /// returns the paths that changed.
  ///
  /// A hidden field keeps the value for when it shows again, and reads as empty meanwhile.
  public mutating func setRemoteValue(_ value: FormValue, at path: FieldPath) -> Set<FieldPath> {
    guard let instance = layout.indexByPath[path], layout.field(instance).isRemote else {
      return []
    }
    remoteValues[instance] = value
    let effective = isHidden(instance) ? .empty : value
    guard values[instance] != effective else { return [] }
    values[instance] = effective
    var changed: Set<FieldPath> = [path]
    propagate(from: instance, into: &changed)
    return changed
  }

  /// The server calculations to ask for after an edit: those of the fields computed by the
  /// server whose inputs are among `changed` (all of them when `changed` is `nil`).
  public func remoteRequests(
    affectedBy changed: Set<FieldPath>? = nil
  )
    -> [RemoteCalculationRequest]
  {
    layout.remoteInputs.compactMap { remote in
      let definition = layout.field(remote.instance).definition
      guard let url = definition.actionURL else { return nil }
      let inputPaths = remote.inputs.map { layout.paths[layout.slotOwner[$0]] }
      if let changed, !inputPaths.contains(where: changed.contains) { return nil }
      var inputs: [String: FormValue] = [:]
      for (slot, path) in zip(remote.inputs, inputPaths) { inputs[path.rawValue] = values[slot] }
      return RemoteCalculationRequest(path: layout.paths[remote.instance], url: url, inputs: inputs)
    }
  }

  /// Adds an instance at the end of a repeatable section; returns every path that changed
  /// (the new instance's fields and whatever depends on the count).
  public mutating func appendRepeat(_ sectionID: String) throws(FormEditError) -> Set<FieldPath> {
    guard let section = layout.program.sectionIndex[sectionID],
      let bounds = layout.program.sections[section].bounds
    else { throw .unknownSection(sectionID) }
    let count = layout.repeatCounts[section]
    guard count < bounds.upperBound else { throw .atMaximum(bounds.upperBound) }
    return rebuild(section: section, count: count + 1) { $0 }
  }

  /// Removes instance `index` (from 1) of a repeatable section; later instances are renumbered.
  ///
  /// Returns every path that changed (renumbered fields included).
  public mutating func removeRepeat(
    _ sectionID: String, at index: Int
  ) throws(FormEditError)
    -> Set<FieldPath>
  {
    guard let section = layout.program.sectionIndex[sectionID],
      let bounds = layout.program.sections[section].bounds
    else { throw .unknownSection(sectionID) }
    let count = layout.repeatCounts[section]
    guard (1...Swift.max(count, 1)).contains(index), count > 0 else {
      throw .noSuchInstance(index)
    }
    guard count > bounds.lowerBound else { throw .atMinimum(bounds.lowerBound) }
    return rebuild(section: section, count: count - 1) { path in
      guard path.sectionID == sectionID, let number = path.repeatIndex else { return path }
      if number == index { return nil }
      return number < index
        ? path : FieldPath(section: sectionID, index: number - 1, field: path.fieldID)
    }
  }

  /// Recomputes every computed field, visibility and enablement from the inputs, and returns the
  /// paths that changed (empty when the state was consistent).
  ///
  /// The reference against which incremental edits are checked and measured.
  @discardableResult
  public mutating func recomputeAll() -> Set<FieldPath> {
    var changed: Set<FieldPath> = []
    for slot in layout.order where evaluate(slot) {
      changed.insert(layout.paths[layout.slotOwner[slot]])
    }
    return changed
  }

  // MARK: - Equality

  /// States are equal when they have the same instances, texts, values (the server's answers
  /// included) and errors.
  public static func == (lhs: FormState, rhs: FormState) -> Bool {
    lhs.layout.repeatCounts == rhs.layout.repeatCounts && lhs.texts == rhs.texts
      && lhs.values == rhs.values && lhs.errors == rhs.errors
      && lhs.remoteValues == rhs.remoteValues
  }

  /// Hashes the instances, texts and values.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(layout.repeatCounts)
    hasher.combine(texts)
    hasher.combine(values)
  }

  // MARK: - Private

  private func slotError(_ slot: Int) -> FormEvaluationError? { slot < 0 ? nil : errors[slot] }

  private func condition(_ slot: Int) -> Bool { slot < 0 || values[slot] == .bool(true) }

  private func isHidden(_ instance: Int) -> Bool { !condition(layout.visibleSlot[instance]) }

  private mutating func evaluate(_ slot: Int) -> Bool {
    let expression = layout.expressions[slot]
    var value: FormValue
    var error: FormEvaluationError?
    var hides = false
    if slot < layout.paths.count, isHidden(slot) {
      value = .empty
      hides = true
    } else if let expression {
      do throws(FormEvaluationError) {
        value = try expression.evaluate(values, hidden: hidden)
        // A text read whole from a long input (`compute: "note"`) is bounded as a joined one.
        if case .text(let text) = value,
          FormValue.isLonger(text, than: FormValue.maximumComputedTextLength)
        {
          throw .textTooLong(limit: FormValue.maximumComputedTextLength)
        }
      } catch let failure {
        value = .empty
        error = failure
      }
    } else if slot < layout.paths.count {
      // A shown input or server-computed field: what was typed, or the server's last answer.
      let definition = layout.field(slot).definition
      value =
        definition.isInput
        ? FormValue(typed: texts[slot], as: definition.inputType) : remoteValues[slot] ?? .empty
    } else {
      return false
    }
    if slot >= layout.paths.count, error == nil, !(value == .bool(true) || value == .bool(false)) {
      error = .typeMismatch(operator: "condition", found: value.kindName)
    }
    guard slot >= layout.paths.count else {
      guard values[slot] != value || errors[slot] != error || hidden[slot] != hides else {
        return false
      }
      values[slot] = value
      errors[slot] = error
      hidden[slot] = hides
      return true
    }
    // A condition: only whether it holds is seen (nothing reads a condition's slot).
    if error != nil { value = .bool(false) }
    errors[slot] = error
    guard values[slot] != value else { return false }
    values[slot] = value
    return true
  }

  /// Re-evaluates the slots reachable from `source` in rank order, following only changes.
  private mutating func propagate(from source: Int, into changed: inout Set<FieldPath>) {
    var heap = RankHeap(capacity: 16)
    for position in layout.dependentStart[source]..<layout.dependentStart[source + 1] {
      heap.push(layout.rank[layout.dependents[position]])
    }
    var last = -1
    while let rank = heap.pop() {
      guard rank != last else { continue }
      last = rank
      let slot = layout.order[rank]
      guard evaluate(slot) else { continue }
      changed.insert(layout.paths[layout.slotOwner[slot]])
      for position in layout.dependentStart[slot]..<layout.dependentStart[slot + 1] {
        heap.push(layout.rank[layout.dependents[position]])
      }
    }
  }

  /// Moves the state to new repeat counts, carrying texts and remote values over through
  /// `rename` (`nil`: dropped), and returns every path whose text, value, visibility or
  /// enablement differs, or that appeared or disappeared.
  private mutating func rebuild(
    section: Int, count: Int, rename: (FieldPath) -> FieldPath?
  )
    -> Set<FieldPath>
  {
    let old = self
    var counts = layout.repeatCounts
    counts[section] = count
    var carried: [FieldPath: String] = [:]
    var remote: [FieldPath: FormValue] = [:]
    for (instance, path) in layout.paths.enumerated() {
      guard let renamed = rename(path) else { continue }
      if !texts[instance].isEmpty { carried[renamed] = texts[instance] }
      if let value = remoteValues[instance] { remote[renamed] = value }
    }
    let names = Dictionary(
      uniqueKeysWithValues: layout.program.sections.enumerated().map { ($1.id, counts[$0]) })
    var next = FormState(program: layout.program, repeatCounts: names, texts: carried)
    for (path, value) in remote {
      guard let instance = next.layout.indexByPath[path] else { continue }
      next.remoteValues[instance] = value
      next.values[instance] = value
    }
    if !remote.isEmpty { next.recomputeAll() }
    self = next
    var changed = Set(old.layout.paths).symmetricDifference(next.layout.paths)
    for path in next.layout.paths where old.layout.indexByPath[path] != nil {
      if old.text(path) != next.text(path) || old.value(path) != next.value(path)
        || old.isVisible(path) != next.isVisible(path)
        || old.isEnabled(path) != next.isEnabled(path)
      {
        changed.insert(path)
      }
    }
    return changed
  }
}

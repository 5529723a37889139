import Domain
import TestSupport
import Testing

/// The draws the random schemas make, from TestSupport's generator.
extension SplitMix64 {
  /// A number in `0..<bound`.
  mutating func int(_ bound: Int) -> Int { below(bound) }

  mutating func chance(_ percent: Int) -> Bool { int(100) < percent }

  mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
}

/// Random acyclic schemas: fields are generated in a hidden order and compute only from earlier
/// ones, then shuffled within their sections so the engine must find the order itself.
///
/// A `visible_if` reads only earlier fields too (a hidden field is empty for its readers, so its
/// value depends on its condition), often a switch shown by another: chains of switches.
struct RandomSchema {
  var rng: SplitMix64
  var sectionIDs: [String] = []
  var repeatable: [Bool] = []
  var fieldSection: [Int] = []
  /// The field whose condition is being generated: a condition never reads its own field
  /// (the schema would be refused).
  var conditionOwner: Int?

  mutating func make() -> FormSchema {
    let sectionCount = 1 + rng.int(3)
    var sections: [FormSection] = []
    for index in 0..<sectionCount {
      let repeats = rng.chance(40)
      sectionIDs.append("s\(index)")
      repeatable.append(repeats)
      let bounds = repeats ? RepeatBounds(min: rng.int(2), max: 2 + rng.int(2)) : nil
      sections.append(FormSection(id: "s\(index)", title: "", repeatable: bounds, fields: []))
    }
    let fieldCount = 2 + rng.int(14)
    fieldSection = (0..<fieldCount).map { _ in rng.int(sectionCount) }
    var switches: [Int] = []
    for generated in 0..<fieldCount {
      let section = fieldSection[generated]
      var field: FormField
      if generated < 2 || rng.chance(40) {
        let type = rng.pick([InputType.numeric, .numeric, .numeric, .bool, .bool, .string])
        field = FormField(id: "f\(generated)", label: "", inputType: type)
        if type == .bool { switches.append(generated) }
      } else {
        field = FormField(
          id: "f\(generated)", label: "", inputType: .none,
          compute: expression(depth: 3, from: section, candidates: generated))
        if rng.chance(10), generated > 0 {
          field.dependsOn = [reference(to: rng.int(generated), from: section, bare: true)]
        }
      }
      conditionOwner = generated
      let shownBy = switches.filter {
        $0 < generated && (fieldSection[$0] == section || !repeatable[fieldSection[$0]])
      }
      if !shownBy.isEmpty, rng.chance(30) {
        let link = reference(to: rng.pick(shownBy), from: section)
        field.visibleIf = rng.chance(80) ? "\(link) == true" : "\(link) != true"
      } else if rng.chance(25) {
        field.visibleIf = condition(from: section, candidates: generated)
      }
      if rng.chance(20) {
        field.enabledIf = condition(from: section, candidates: fieldCount)
      }
      conditionOwner = nil
      sections[section].fields.append(field)
    }
    for index in sections.indices {
      var fields = sections[index].fields
      for position in stride(from: fields.count - 1, to: 0, by: -1) {
        fields.swapAt(position, rng.int(position + 1))
      }
      sections[index].fields = fields
    }
    return FormSchema(sections: sections)
  }

  /// A reference to field `target` as written in section `section`.
  mutating func reference(to target: Int, from section: Int, bare: Bool = false) -> String {
    let owner = fieldSection[target]
    let qualified = "\(sectionIDs[owner]).f\(target)"
    if owner == section { return rng.chance(50) ? "f\(target)" : qualified }
    if repeatable[owner] { return bare ? qualified : "sum(\(qualified))" }
    return qualified
  }

  mutating func expression(depth: Int, from section: Int, candidates: Int) -> String {
    if depth == 0 || rng.chance(30) {
      switch rng.int(10) {
      case 0...1: return "\(rng.int(6))"
      case 2: return "count(\(rng.pick(sectionIDs)))"
      default:
        guard candidates > 0 else { return "1" }
        var target = rng.int(candidates)
        if target == conditionOwner { target = (target + 1) % candidates }
        return target == conditionOwner ? "1" : reference(to: target, from: section)
      }
    }
    let left = expression(depth: depth - 1, from: section, candidates: candidates)
    let right = expression(depth: depth - 1, from: section, candidates: candidates)
    switch rng.int(20) {
    case 0...11: return "(\(left) \(rng.pick(["+", "-", "*", "/", "%"])) \(right))"
    case 12...15: return "(\(left) \(rng.pick(["==", "!=", "<", "<=", ">", ">="])) \(right))"
    case 16...17: return "(\(left) \(rng.pick(["and", "or"])) \(right))"
    case 18: return "(not \(left))"
    default: return "-\(left)"
    }
  }

  mutating func condition(from section: Int, candidates: Int) -> String {
    let value = expression(depth: 1, from: section, candidates: candidates)
    return "\(value) \(rng.pick([">", "<=", "==", "!="])) \(rng.int(4))"
  }
}

@Suite struct IncrementalRecomputationPropertyTests {
  static let texts = ["", "0", "1", "2", "3", "-3", "2.5", "10", "abc", "true", "false"]

  /// The paths whose text, value, visibility or enablement differ between two states.
  func difference(_ old: FormState, _ new: FormState) -> Set<FieldPath> {
    Set(
      new.fieldPaths.filter { path in
        old.text(path) != new.text(path) || old.value(path) != new.value(path)
          || old.isVisible(path) != new.isVisible(path)
          || old.isEnabled(path) != new.isEnabled(path)
      })
  }

  @Test func incrementalEditsMatchFullRecomputation() async throws {
    var checkedEdits = 0
    for seed in 0..<300 {
      // Seconds of work in a debug build: let the parallel run's other tests have the pool's
      // few threads between seeds (tests with real-time deadlines wait for them).
      await Task.yield()
      var generator = RandomSchema(rng: SplitMix64(seed: UInt64(seed)))
      let schema = generator.make()
      var rng = generator.rng
      let engine = try FormEngine(schema: schema)
      var state = engine.makeState()
      for _ in 0..<30 {
        let before = state
        let changed: Set<FieldPath>
        if rng.chance(10), let section = schema.sections.first(where: { $0.repeatable != nil }) {
          do {
            changed =
              rng.chance(50)
              ? try state.appendRepeat(section.id)
              : try state.removeRepeat(section.id, at: 1 + rng.int(state.repeatCount(section.id)))
          } catch {
            #expect(state == before)
            continue
          }
        } else {
          let inputs = state.inputFieldPaths
          guard !inputs.isEmpty else { break }
          let path = rng.pick(inputs)
          let text = rng.pick(Self.texts)
          changed = state.setText(text, at: path)
          #expect(changed.isEmpty == (before.text(path) == text), "seed \(seed)")
        }
        var full = state
        #expect(full.recomputeAll().isEmpty, "seed \(seed): incremental state is stale")
        #expect(full == state, "seed \(seed)")
        let fresh = engine.makeState(
          repeatCounts: Dictionary(
            uniqueKeysWithValues: schema.sections.map { ($0.id, state.repeatCount($0.id)) }),
          texts: state.inputTexts)
        #expect(fresh == state, "seed \(seed): differs from a state built from scratch")
        for path in state.fieldPaths where !state.isVisible(path) {
          #expect(state.value(path) == .empty, "seed \(seed): hidden \(path) has a value")
        }
        let actual = difference(before, state)
        #expect(
          actual.isSubset(of: changed), "seed \(seed): unreported \(actual.subtracting(changed))")
        if before.fieldPaths == state.fieldPaths {
          let explained = changed.filter {
            actual.contains($0) || before.evaluationError($0) != state.evaluationError($0)
          }
          #expect(
            explained == changed,
            "seed \(seed): reported unchanged \(changed.subtracting(explained))")
        }
        checkedEdits += 1
      }
    }
    #expect(checkedEdits > 5_000)
  }

  /// A 10 000-field form built in a debug build: off the cooperative pool (``offThePool(_:)``),
  /// so it does not hold one of its two threads from the async tests started beside it.
  @Test func syntheticSchemaEditTouchesOnlyItsBlock() async throws {
    var state = try await offThePool {
      try FormEngine(schema: .synthetic(fieldCount: 10_000, fanOut: 10)).makeState()
    }
    #expect(state.fieldPaths.count == 10_000)
    let changed = state.setText("5", at: "b42.x")
    #expect(changed.count == 12)
    #expect(changed.allSatisfy { $0.sectionID == "b42" })
    #expect(state.value("b42.c3") == .number(5 * 4 + 3))
    // sum over k = 1...10 of (5k + k - 1) = 6 * 55 - 10.
    #expect(state.value("b42.total") == .number(320))
    var full = state
    #expect(full.recomputeAll().isEmpty)
    #expect(FormSchema.synthetic(fieldCount: 7, fanOut: 10).sections.flatMap(\.fields).count == 7)
    #expect(FormSchema.synthetic(fieldCount: 0, fanOut: 10).sections.isEmpty)
  }
}

/// A form schema compiled once: identifiers checked, expressions parsed, the dependency graph
/// built and checked for unknown references and cycles, the evaluation order fixed.
///
/// The expression language of `compute`, `visible_if` and `enabled_if`: numbers (`12`, `2.5`),
/// strings (`"a"`, `'a'`), `true`, `false`, names (`tourist.firstName`, a bare field of the same
/// section, a constant such as `offer.tour_price`), `+ - * / %` (`+` also joins texts),
/// `== != < <= > >=`, `and`, `or`, `not`, parentheses, `count(section)`, `sum(a, b, ...)`
/// (`sum(tourist.age)` adds a field over every instance of a repeatable section). Expressions are
/// parsed once, here; evaluation never traps: division by zero, type mismatches and missing
/// values become a ``FormEvaluationError`` on the field, whose value is then ``FormValue/empty``.
///
/// ```swift
/// let engine = try FormEngine(
///   schema: .booking(language: .en), constants: FormSchema.bookingConstants(for: offer))
/// var state = engine.makeState()
/// let changed = state.setText("Ivan", at: "tourist.1.firstName")  // ["tourist.1.firstName"]
/// ```
public struct FormEngine: Sendable {
  let program: FormProgram

  /// Compiles `schema` with `constants` (numbers and texts that expressions and repeat bounds
  /// read by name, such as `"offer.tour_price"`); throws when the schema cannot work.
  public init(schema: FormSchema, constants: [String: FormValue] = [:]) throws(FormSchemaError) {
    self.program = try FormProgram(schema: schema, constants: constants)
  }

  /// The compiled schema.
  public var schema: FormSchema { program.schema }

  /// The constants the schema was compiled with.
  public var constants: [String: FormValue] { program.constants }

  /// The instance bounds of a repeatable section (constants applied), or `nil`.
  public func repeatBounds(_ sectionID: String) -> ClosedRange<Int>? {
    program.repeatBounds(sectionID)
  }

  /// A fresh form: each repeatable section at `repeatCounts` (clamped to its bounds; by default
  /// its minimum), with `texts` typed into the input fields they name (others are ignored), and
  /// every computed value, visibility and enablement evaluated.
  public func makeState(
    repeatCounts: [String: Int] = [:], texts: [FieldPath: String] = [:]
  )
    -> FormState
  {
    FormState(program: program, repeatCounts: repeatCounts, texts: texts)
  }
}

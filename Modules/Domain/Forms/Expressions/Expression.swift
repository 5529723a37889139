/// An expression with its names resolved against a schema (field indices, section indices,
/// constants as literals), ready to be bound to each field instance.
indirect enum Expression: Sendable {
  case literal(FormValue)
  /// A field: the same instance of a repeatable section, or a plain section's only instance.
  case field(Int, name: String)
  /// Every instance of a field of a repeatable section (only as an argument of `sum`).
  case allInstances(Int, name: String)
  /// The number of instances of a section.
  case count(Int)
  case negate(Expression)
  case not(Expression)
  case binary(BinaryOperator, Expression, Expression)
  case and(Expression, Expression)
  case or(Expression, Expression)
  case sum([Expression])
  /// `if(condition, then, otherwise)`: only the branch the condition picks is evaluated.
  case conditional(Expression, Expression, Expression)

  /// The fields this expression reads.
  var fieldReferences: [Int] {
    switch self {
    case .literal, .count: []
    case .field(let field, _), .allInstances(let field, _): [field]
    case .negate(let operand), .not(let operand): operand.fieldReferences
    case .binary(_, let left, let right), .and(let left, let right), .or(let left, let right):
      left.fieldReferences + right.fieldReferences
    case .sum(let terms): terms.flatMap(\.fieldReferences)
    case .conditional(let condition, let then, let otherwise):
      condition.fieldReferences + then.fieldReferences + otherwise.fieldReferences
    }
  }

  /// The sections whose instance count this expression reads.
  var countReferences: [Int] {
    switch self {
    case .literal, .field, .allInstances: []
    case .count(let section): [section]
    case .negate(let operand), .not(let operand): operand.countReferences
    case .binary(_, let left, let right), .and(let left, let right), .or(let left, let right):
      left.countReferences + right.countReferences
    case .sum(let terms): terms.flatMap(\.countReferences)
    case .conditional(let condition, let then, let otherwise):
      condition.countReferences + then.countReferences + otherwise.countReferences
    }
  }

  /// The depth of the tree.
  var depth: Int {
    switch self {
    case .literal, .field, .allInstances, .count: 1
    case .negate(let operand), .not(let operand): 1 + operand.depth
    case .binary(_, let left, let right), .and(let left, let right), .or(let left, let right):
      1 + Swift.max(left.depth, right.depth)
    case .sum(let terms): 1 + (terms.map(\.depth).max() ?? 0)
    case .conditional(let condition, let then, let otherwise):
      1 + Swift.max(condition.depth, then.depth, otherwise.depth)
    }
  }
}

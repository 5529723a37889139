/// An expression bound to one field instance: references are slots of the form state's value array.
///
/// Evaluation never traps; every failure is a ``FormEvaluationError``.
indirect enum BoundExpression: Sendable {
  case literal(FormValue)
  case slot(Int, name: String)
  case slots([Int], name: String)
  case negate(BoundExpression)
  case not(BoundExpression)
  case binary(BinaryOperator, BoundExpression, BoundExpression)
  case and(BoundExpression, BoundExpression)
  case or(BoundExpression, BoundExpression)
  case sum([BoundExpression])
  case conditional(BoundExpression, BoundExpression, BoundExpression)

  /// The slots this expression reads.
  var slotReferences: [Int] {
    switch self {
    case .literal: []
    case .slot(let slot, _): [slot]
    case .slots(let slots, _): slots
    case .negate(let operand), .not(let operand): operand.slotReferences
    case .binary(_, let left, let right), .and(let left, let right), .or(let left, let right):
      left.slotReferences + right.slotReferences
    case .sum(let terms): terms.flatMap(\.slotReferences)
    case .conditional(let condition, let then, let otherwise):
      condition.slotReferences + then.slotReferences + otherwise.slotReferences
    }
  }

  /// The slots this expression reads under `name` (as a missing-value error names them).
  func slots(named name: String) -> [Int] {
    switch self {
    case .literal: []
    case .slot(let slot, let own): own == name ? [slot] : []
    case .slots(let slots, let own): own == name ? slots : []
    case .negate(let operand), .not(let operand): operand.slots(named: name)
    case .binary(_, let left, let right), .and(let left, let right), .or(let left, let right):
      left.slots(named: name) + right.slots(named: name)
    case .sum(let terms): terms.flatMap { $0.slots(named: name) }
    case .conditional(let condition, let then, let otherwise):
      condition.slots(named: name) + then.slots(named: name) + otherwise.slots(named: name)
    }
  }

  // MARK: - Evaluation

  /// The value of the expression over `values`.
  ///
  /// `hidden[slot]` says that a field instance is hidden by its `visible_if`: its value is `.empty`
  /// for comparisons and conditions, but where a number is needed (`+ - * / %`, unary `-`, `sum`)
  /// it counts as `0` (as `""` beside a text in `+`), so a line the form does not show costs
  /// nothing.
  func evaluate(_ values: [FormValue], hidden: [Bool]) throws(FormEvaluationError) -> FormValue {
    switch self {
    case .literal(let value):
      return value
    case .slot(let slot, _):
      return values[slot]
    case .slots(let slots, let name):
      var total = 0.0
      for slot in slots {
        switch values[slot] {
        case .number(let number): total += number
        case .empty where slot < hidden.count && hidden[slot]: continue
        case let value: total += try BoundExpression.number(value, name: name, operation: "sum")
        }
      }
      return try BoundExpression.finite(total)
    case .negate(let operand):
      var value = try operand.evaluate(values, hidden: hidden)
      if case .empty = value { value = operand.operand(value, values, hidden, beside: nil) }
      let number = try BoundExpression.number(value, name: operand.name, operation: "-")
      return .number(-number)
    case .not(let operand):
      return .bool(
        !(try BoundExpression.flag(
          operand.evaluate(values, hidden: hidden), name: operand.name, operation: "not")))
    case .and(let left, let right):
      guard
        try BoundExpression.flag(
          left.evaluate(values, hidden: hidden), name: left.name, operation: "and")
      else { return .bool(false) }
      return .bool(
        try BoundExpression.flag(
          right.evaluate(values, hidden: hidden), name: right.name, operation: "and"))
    case .or(let left, let right):
      if try BoundExpression.flag(
        left.evaluate(values, hidden: hidden), name: left.name, operation: "or")
      {
        return .bool(true)
      }
      return .bool(
        try BoundExpression.flag(
          right.evaluate(values, hidden: hidden), name: right.name, operation: "or"))
    case .sum(let terms):
      var total = 0.0
      for term in terms {
        var value = try term.evaluate(values, hidden: hidden)
        if case .empty = value { value = term.operand(value, values, hidden, beside: nil) }
        total += try BoundExpression.number(value, name: term.name, operation: "sum")
      }
      return try BoundExpression.finite(total)
    case .conditional(let condition, let then, let otherwise):
      let holds = try BoundExpression.flag(
        condition.evaluate(values, hidden: hidden), name: condition.name, operation: "if")
      return try (holds ? then : otherwise).evaluate(values, hidden: hidden)
    case .binary(let operation, let left, let right):
      var leftValue = try left.evaluate(values, hidden: hidden)
      var rightValue = try right.evaluate(values, hidden: hidden)
      // Only an empty operand of an arithmetic operator is looked at again (is it a hidden
      // field?): a value present costs nothing more.
      if case .empty = leftValue, operation.isArithmetic {
        leftValue = left.operand(leftValue, values, hidden, beside: rightValue)
      }
      if case .empty = rightValue, operation.isArithmetic {
        rightValue = right.operand(rightValue, values, hidden, beside: leftValue)
      }
      return try BoundExpression.apply(
        operation, leftValue, rightValue, names: (left.name, right.name))
    }
  }

  /// `value`, the expression's value, where a number is needed: a hidden field (or an `if`
  /// that gives one) counts as `0`, or as `""` when `other`, the other operand of `+`, is a
  /// text.
  private func operand(
    _ value: FormValue, _ values: [FormValue], _ hidden: [Bool], beside other: FormValue?
  ) -> FormValue {
    guard case .empty = value, standsForHidden(values, hidden: hidden) else { return value }
    if case .text? = other { return .text("") }
    return .number(0)
  }

  /// Whether the expression's value is that of a field hidden by its `visible_if`: the field
  /// itself, or the branch of an `if` that gives it.
  ///
  /// Asked only of an empty operand.
  private func standsForHidden(_ values: [FormValue], hidden: [Bool]) -> Bool {
    switch self {
    case .slot(let slot, _):
      return slot < hidden.count && hidden[slot]
    case .conditional(let condition, let then, let otherwise):
      guard case .bool(let holds)? = try? condition.evaluate(values, hidden: hidden) else {
        return false
      }
      return (holds ? then : otherwise).standsForHidden(values, hidden: hidden)
    default:
      return false
    }
  }

  private var name: String {
    switch self {
    case .slot(_, let name), .slots(_, let name): name
    default: "a value"
    }
  }

  private static func apply(
    _ operation: BinaryOperator, _ left: FormValue, _ right: FormValue,
    names: (String, String)
  ) throws(FormEvaluationError) -> FormValue {
    switch operation {
    case .equal: return .bool(left == right)
    case .notEqual: return .bool(left != right)
    default: break
    }
    if left == .empty { throw .missingValue(names.0) }
    if right == .empty { throw .missingValue(names.1) }
    switch (left, right) {
    case (.number(let a), .number(let b)):
      switch operation {
      case .add: return try finite(a + b)
      case .subtract: return try finite(a - b)
      case .multiply: return try finite(a * b)
      case .divide:
        guard b != 0 else { throw .divisionByZero }
        return try finite(a / b)
      case .remainder:
        guard b != 0 else { throw .divisionByZero }
        return try finite(a.truncatingRemainder(dividingBy: b))
      case .less: return .bool(a < b)
      case .lessOrEqual: return .bool(a <= b)
      case .greater: return .bool(a > b)
      case .greaterOrEqual: return .bool(a >= b)
      case .equal, .notEqual: return .bool(false)
      }
    case (.text(let a), .text(let b)):
      switch operation {
      case .add:
        // Lengths first: texts that double at each step must fail before they are made.
        let limit = FormValue.maximumComputedTextLength
        if a.utf8.count + b.utf8.count > limit, a.count + b.count > limit {
          throw .textTooLong(limit: limit)
        }
        return .text(a + b)
      case .less: return .bool(a < b)
      case .lessOrEqual: return .bool(a <= b)
      case .greater: return .bool(a > b)
      case .greaterOrEqual: return .bool(a >= b)
      default: break
      }
    default:
      break
    }
    throw .typeMismatch(
      operator: operation.rawValue, found: "\(left.kindName) and \(right.kindName)")
  }

  private static func number(
    _ value: FormValue, name: String, operation: String
  )
    throws(FormEvaluationError) -> Double
  {
    switch value {
    case .number(let number): return number
    case .empty: throw .missingValue(name)
    default: throw .typeMismatch(operator: operation, found: value.kindName)
    }
  }

  private static func flag(
    _ value: FormValue, name: String, operation: String
  )
    throws(FormEvaluationError) -> Bool
  {
    switch value {
    case .bool(let flag): return flag
    case .empty: throw .missingValue(name)
    default: throw .typeMismatch(operator: operation, found: value.kindName)
    }
  }

  private static func finite(_ number: Double) throws(FormEvaluationError) -> FormValue {
    guard number.isFinite else { throw .numberOutOfRange }
    return .number(number)
  }
}

extension FormValue {
  /// The value's kind, for error messages.
  var kindName: String {
    switch self {
    case .empty: "nothing"
    case .text: "text"
    case .number: "number"
    case .bool: "boolean"
    }
  }
}

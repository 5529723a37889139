/// The binary operators of the expression language.
enum BinaryOperator: String, Sendable, CaseIterable {
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case remainder = "%"
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="

  /// Whether the operator does arithmetic (`+ - * / %`), where a hidden field counts as `0`.
  var isArithmetic: Bool {
    switch self {
    case .add, .subtract, .multiply, .divide, .remainder: true
    default: false
    }
  }
}

/// Why an expression (`compute`, `visible_if`, `enabled_if`) gave no value. Evaluation never
/// crashes: every failure is one of these, kept on the field (``FormState/evaluationError(_:)``).
public enum FormEvaluationError: Error, Hashable, Sendable {
  /// A division or remainder by zero.
  case divisionByZero
  /// An operator applied to values it does not take (`"abc" * 2`, `not 3`).
  case typeMismatch(operator: String, found: String)
  /// A referenced field (or constant) has no value yet.
  case missingValue(String)
  /// A result too large to be a finite number.
  case numberOutOfRange

  /// Whether the expression itself is at fault (a division by zero, a type mismatch, a number
  /// out of range), not merely waiting for a value nobody has typed yet (``missingValue(_:)``).
  public var isAFault: Bool {
    if case .missingValue = self { return false }
    return true
  }
}

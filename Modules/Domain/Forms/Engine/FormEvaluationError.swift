/// Why an expression (`compute`, `visible_if`, `enabled_if`) gave no value.
///
/// Evaluation never crashes: every failure is one of these, kept on the field
/// (``FormState/evaluationError(_:)``).
public enum FormEvaluationError: Error, Hashable, Sendable {
  /// A division or remainder by zero.
  case divisionByZero
  /// An operator applied to values it does not take (`"abc" * 2`, `not 3`).
  case typeMismatch(operator: String, found: String)
  /// A referenced field (or constant) has no value yet.
  case missingValue(String)
  /// A referenced field is hidden by its `visible_if`, so a comparison or a condition finds no
  /// value in it (arithmetic counts it as zero). Evaluation itself reports
  /// ``missingValue(_:)``; ``FormState/evaluationErrorSource(_:)`` names the hidden field at
  /// the root of it with this.
  case hiddenValue(String)
  /// A result too large to be a finite number.
  case numberOutOfRange
  /// A computed text longer than ``FormValue/maximumComputedTextLength`` characters: refused
  /// before it is made.
  case textTooLong(limit: Int)

  /// Whether the expression itself is at fault (a division by zero, a type mismatch, a number
  /// out of range), not merely waiting for a value nobody has typed yet (``missingValue(_:)``) or a field
  /// nobody has shown (``hiddenValue(_:)``).
  public var isAFault: Bool {
    switch self {
    case .missingValue, .hiddenValue: false
    default: true
    }
  }
}

/// Why a `pattern` rule's regular expression was refused when the schema loaded.
///
/// The form engine matches patterns with ``PatternProgram``, which never backtracks, so it
/// refuses what it cannot match in linear time (backreferences, lookaround) as well as what does
/// not parse.
public struct PatternSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The character position of the problem, from 1.
  public var position: Int
  /// What is wrong, as a short phrase ("backreferences are not supported").
  public var message: String

  /// Creates an error at `position` (from 1).
  public init(position: Int, message: String) {
    self.position = position
    self.message = message
  }

  /// "position 3: backreferences are not supported".
  public var description: String { "position \(position): \(message)" }
}

/// A token of the expression language, with its position (characters from 1).
struct ExpressionToken: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    case number(Double)
    case string(String)
    case name(String)
    case symbol(String)
    case end
  }

  var kind: Kind
  var position: Int
}

/// An expression as parsed, before names are resolved against the schema.
indirect enum ExpressionSyntax: Equatable, Sendable {
  case literal(FormValue)
  case name(String, position: Int)
  case call(String, [ExpressionSyntax], position: Int)
  case negate(ExpressionSyntax, position: Int)
  case not(ExpressionSyntax, position: Int)
  case binary(BinaryOperator, ExpressionSyntax, ExpressionSyntax, position: Int)
  case and(ExpressionSyntax, ExpressionSyntax)
  case or(ExpressionSyntax, ExpressionSyntax)
}

/// A parse error inside one expression; the schema compiler adds the field and property.
struct ExpressionSyntaxError: Error, Equatable {
  /// The character position, from 1.
  var position: Int
  /// What is wrong.
  var problem: ExpressionProblem
}

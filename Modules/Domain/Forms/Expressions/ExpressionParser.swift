/// Parses the expression language into ``ExpressionSyntax``.
///
/// ```
/// expression := or
/// or         := and ("or" and)*
/// and        := not ("and" not)*
/// not        := "not" not | comparison
/// comparison := sum (("==" | "!=" | "<" | "<=" | ">" | ">=") sum)?
/// sum        := product (("+" | "-") product)*
/// product    := unary (("*" | "/" | "%") unary)*
/// unary      := "-" unary | primary
/// primary    := number | string | "true" | "false" | name | name "(" arguments ")"
///             | "(" expression ")"
/// ```
struct ExpressionParser {
  /// Deeper nesting is refused, so a hostile schema cannot exhaust the stack.
  static let maximumDepth = 64

  private static let keywords: Set<String> = ["and", "or", "not", "true", "false"]

  private let tokens: [ExpressionToken]
  private var index = 0
  private var depth = 0

  private init(tokens: [ExpressionToken]) { self.tokens = tokens }

  /// Parses `source` whole.
  ///
  /// The tree is refused as it grows deeper than ``FormProgram/maximumDepth`` (a chain such as
  /// `1 + 1 + ... + 1` is as deep as it is long), at the operator that makes it so: every later
  /// step (resolving names, checking, evaluating, comparing and freeing the tree) recurses
  /// over it, and a tree of 2 000 levels, which 4 096 characters can write, overflowed the
  /// stack of the thread that loaded the form (a server's form crashed the app).
  static func parse(_ source: String) throws(ExpressionSyntaxError) -> ExpressionSyntax {
    var parser = ExpressionParser(tokens: try ExpressionLexer.tokens(source))
    if parser.current.kind == .end {
      throw ExpressionSyntaxError(position: 1, problem: .empty)
    }
    let expression = try parser.expression()
    guard parser.current.kind == .end else {
      throw parser.unexpected(.endOfExpression)
    }
    return expression.syntax
  }

  /// A parsed part and the depth of its tree, counted as ``Expression/depth`` counts (the
  /// resolved tree is never deeper: `count(s)` is one level less).
  private struct Node {
    var syntax: ExpressionSyntax
    var depth: Int
  }

  private static func node(
    _ syntax: ExpressionSyntax, over childDepth: Int, position: Int
  ) throws(ExpressionSyntaxError) -> Node {
    guard childDepth < FormProgram.maximumDepth else {
      throw ExpressionSyntaxError(
        position: position, problem: .expressionNestedTooDeep(limit: FormProgram.maximumDepth))
    }
    return Node(syntax: syntax, depth: childDepth + 1)
  }

  // MARK: - Grammar

  private mutating func expression() throws(ExpressionSyntaxError) -> Node {
    depth += 1
    defer { depth -= 1 }
    guard depth <= ExpressionParser.maximumDepth else {
      throw ExpressionSyntaxError(
        position: current.position, problem: .nestedTooDeep(limit: ExpressionParser.maximumDepth))
    }
    return try or()
  }

  private mutating func or() throws(ExpressionSyntaxError) -> Node {
    var left = try and()
    while isKeyword("or") {
      let position = current.position
      advance()
      let right = try and()
      left = try Self.node(
        .or(left.syntax, right.syntax), over: max(left.depth, right.depth), position: position)
    }
    return left
  }

  private mutating func and() throws(ExpressionSyntaxError) -> Node {
    var left = try not()
    while isKeyword("and") {
      let position = current.position
      advance()
      let right = try not()
      left = try Self.node(
        .and(left.syntax, right.syntax), over: max(left.depth, right.depth), position: position)
    }
    return left
  }

  private mutating func not() throws(ExpressionSyntaxError) -> Node {
    guard isKeyword("not") else { return try comparison() }
    let position = current.position
    advance()
    depth += 1
    defer { depth -= 1 }
    guard depth <= ExpressionParser.maximumDepth else {
      throw ExpressionSyntaxError(position: position, problem: .tooManyNotInARow)
    }
    let operand = try not()
    return try Self.node(
      .not(operand.syntax, position: position), over: operand.depth, position: position)
  }

  private mutating func comparison() throws(ExpressionSyntaxError) -> Node {
    let left = try sum()
    guard let (operation, position) = binaryOperator(in: ["==", "!=", "<", "<=", ">", ">="])
    else { return left }
    let right = try sum()
    if binaryOperator(in: ["==", "!=", "<", "<=", ">", ">="]) != nil {
      index -= 1
      throw ExpressionSyntaxError(position: current.position, problem: .chainedComparison)
    }
    return try binary(operation, left, right, position: position)
  }

  private mutating func sum() throws(ExpressionSyntaxError) -> Node {
    var left = try product()
    while let (operation, position) = binaryOperator(in: ["+", "-"]) {
      left = try binary(operation, left, try product(), position: position)
    }
    return left
  }

  private mutating func product() throws(ExpressionSyntaxError) -> Node {
    var left = try unary()
    while let (operation, position) = binaryOperator(in: ["*", "/", "%"]) {
      left = try binary(operation, left, try unary(), position: position)
    }
    return left
  }

  private func binary(
    _ operation: BinaryOperator, _ left: Node, _ right: Node, position: Int
  ) throws(ExpressionSyntaxError) -> Node {
    try Self.node(
      .binary(operation, left.syntax, right.syntax, position: position),
      over: max(left.depth, right.depth), position: position)
  }

  private mutating func unary() throws(ExpressionSyntaxError) -> Node {
    guard current.kind == .symbol("-") else { return try primary() }
    let position = current.position
    advance()
    depth += 1
    defer { depth -= 1 }
    guard depth <= ExpressionParser.maximumDepth else {
      throw ExpressionSyntaxError(position: position, problem: .tooManyMinusInARow)
    }
    let operand = try unary()
    return try Self.node(
      .negate(operand.syntax, position: position), over: operand.depth, position: position)
  }

  private mutating func primary() throws(ExpressionSyntaxError) -> Node {
    let token = current
    switch token.kind {
    case .number(let number):
      advance()
      return Node(syntax: .literal(.number(number)), depth: 1)
    case .string(let text):
      advance()
      return Node(syntax: .literal(text.isEmpty ? .empty : .text(text)), depth: 1)
    case .symbol("("):
      advance()
      let inner = try expression()
      try expectClosingParenthesis()
      return inner
    case .name("true"):
      advance()
      return Node(syntax: .literal(.bool(true)), depth: 1)
    case .name("false"):
      advance()
      return Node(syntax: .literal(.bool(false)), depth: 1)
    case .name(let name) where !ExpressionParser.keywords.contains(name):
      advance()
      guard current.kind == .symbol("(") else {
        return Node(syntax: .name(name, position: token.position), depth: 1)
      }
      advance()
      var arguments: [Node] = []
      if current.kind != .symbol(")") {
        arguments.append(try expression())
        while current.kind == .symbol(",") {
          advance()
          arguments.append(try expression())
        }
      }
      try expectClosingParenthesis()
      return try Self.node(
        .call(name, arguments.map(\.syntax), position: token.position),
        over: arguments.map(\.depth).max() ?? 0, position: token.position)
    default:
      throw unexpected(.value)
    }
  }

  // MARK: - Tokens

  private var current: ExpressionToken { tokens[Swift.min(index, tokens.count - 1)] }

  private mutating func advance() { index += 1 }

  private func isKeyword(_ keyword: String) -> Bool { current.kind == .name(keyword) }

  private mutating func binaryOperator(in symbols: Set<String>) -> (BinaryOperator, Int)? {
    guard case .symbol(let symbol) = current.kind, symbols.contains(symbol),
      let operation = BinaryOperator(rawValue: symbol)
    else { return nil }
    let position = current.position
    advance()
    return (operation, position)
  }

  private mutating func expectClosingParenthesis() throws(ExpressionSyntaxError) {
    guard current.kind == .symbol(")") else { throw unexpected(.closingParenthesis) }
    advance()
  }

  private func unexpected(_ expected: ExpressionProblem.Expected) -> ExpressionSyntaxError {
    let found: ExpressionProblem.Token
    switch current.kind {
    case .end: found = .end
    case .number(let number): found = .number(number)
    case .string(let text): found = .string(text)
    case .name(let name): found = .name(name)
    case .symbol(let symbol): found = .symbol(symbol)
    }
    return ExpressionSyntaxError(
      position: current.position, problem: .unexpectedToken(expected: expected, found: found))
  }
}

/// Resolves the names of parsed expressions against a schema: `section.field`, a bare `field`
/// of the expression's own section, a constant (`offer.tour_price`), and the functions
/// `count(section)`, `sum(...)` and `if(condition, then, otherwise)`.
struct NameResolver {
  var sections: [FormProgram.Section]
  var sectionIndex: [String: Int]
  /// `section.field` -> field index.
  var fieldIndex: [String: Int]
  /// Field index -> section index.
  var fieldSection: [Int]
  var constants: [String: FormValue]

  /// Parses and resolves the expression `source` of `property` of `field` (in `section`).
  func compile(
    _ source: String, field: String, property: String, section: Int
  )
    throws(FormSchemaError) -> Expression
  {
    let syntax: ExpressionSyntax
    do {
      syntax = try ExpressionParser.parse(source)
    } catch {
      throw .syntax(
        field: field, property: property, position: error.position, problem: error.problem)
    }
    let context = Context(field: field, property: property, section: section)
    let expression = try resolve(syntax, context, inSum: false)
    guard expression.depth <= FormProgram.maximumDepth else {
      throw .syntax(
        field: field, property: property, position: 1,
        problem: .expressionNestedTooDeep(limit: FormProgram.maximumDepth))
    }
    return expression
  }

  /// Resolves a name of `depends_on`; a repeatable section's field named from outside it stands
  /// for all its instances.
  func dependency(
    _ name: String, field: String, section: Int
  ) throws(FormSchemaError)
    -> Expression
  {
    let context = Context(field: field, property: "depends_on", section: section)
    return try reference(name, position: 0, context, inSum: true)
  }

  // MARK: - Private

  private struct Context {
    var field: String
    var property: String
    var section: Int
  }

  private func resolve(
    _ syntax: ExpressionSyntax, _ context: Context, inSum: Bool
  )
    throws(FormSchemaError) -> Expression
  {
    switch syntax {
    case .literal(let value):
      return .literal(value)
    case .name(let name, let position):
      return try reference(name, position: position, context, inSum: inSum)
    case .negate(let operand, _):
      return .negate(try resolve(operand, context, inSum: false))
    case .not(let operand, _):
      return .not(try resolve(operand, context, inSum: false))
    case .and(let left, let right):
      return .and(
        try resolve(left, context, inSum: false), try resolve(right, context, inSum: false))
    case .or(let left, let right):
      return .or(
        try resolve(left, context, inSum: false), try resolve(right, context, inSum: false))
    case .binary(let operation, let left, let right, _):
      return .binary(
        operation, try resolve(left, context, inSum: false),
        try resolve(right, context, inSum: false))
    case .call("count", let arguments, let position):
      guard arguments.count == 1, case .name(let name, let namePosition) = arguments[0] else {
        throw syntaxError(.countTakesOneSection, position, context)
      }
      guard let section = sectionIndex[name] else {
        throw .unknownReference(
          field: context.field, property: context.property, name: name, position: namePosition)
      }
      return .count(section)
    case .call("sum", let arguments, let position):
      guard !arguments.isEmpty else {
        throw syntaxError(.sumTakesAValue, position, context)
      }
      var terms: [Expression] = []
      for argument in arguments {
        terms.append(try resolve(argument, context, inSum: true))
      }
      return .sum(terms)
    case .call("if", let arguments, let position):
      guard arguments.count == 3 else {
        throw syntaxError(.ifTakesThreeValues, position, context)
      }
      return .conditional(
        try resolve(arguments[0], context, inSum: false),
        try resolve(arguments[1], context, inSum: false),
        try resolve(arguments[2], context, inSum: false))
    case .call(let name, _, let position):
      throw syntaxError(
        .unknownFunction(name: name, known: ExpressionProblem.knownFunctions), position, context)
    }
  }

  private func reference(
    _ name: String, position: Int, _ context: Context, inSum: Bool
  )
    throws(FormSchemaError) -> Expression
  {
    let path = name.contains(".") ? name : "\(sections[context.section].id).\(name)"
    if let field = fieldIndex[path] {
      let owner = fieldSection[field]
      guard sections[owner].bounds != nil, owner != context.section else {
        return .field(field, name: path)
      }
      guard inSum else {
        throw syntaxError(
          .repeatsInSection(path: path, section: sections[owner].id), position, context)
      }
      return .allInstances(field, name: path)
    }
    if let constant = constants[name] {
      return .literal(constant)
    }
    throw .unknownReference(
      field: context.field, property: context.property, name: name, position: position)
  }

  private func syntaxError(
    _ problem: ExpressionProblem, _ position: Int, _ context: Context
  )
    -> FormSchemaError
  {
    .syntax(field: context.field, property: context.property, position: position, problem: problem)
  }
}

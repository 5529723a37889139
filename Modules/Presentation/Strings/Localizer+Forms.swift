import Domain
import Foundation
import UseCases

extension Localizer {
  // MARK: - Dynamic form

  /// The longest problem a refused form's notice names, in characters.
  public static let maximumSchemaProblemLength = 400

  /// The notice for a server form that could not be used: what is wrong, and that the built-in form
  /// is shown instead.
  ///
  /// The problem is shown as one line of at most ``maximumSchemaProblemLength`` characters (cut
  /// with `…`): it names what the server wrote, and a cycle through thousands of fields, or a rule
  /// named by a megabyte of letters, would otherwise make a notice of that size on every screen.
  public func formSchemaRefused(_ problem: String) -> String {
    let problem = problem.lineToShow(maxLength: Self.maximumSchemaProblemLength) ?? ""
    return isRussian
      ? "Форма бронирования с сервера не принята (\(problem)); показана встроенная форма"
      : "The server's booking form was refused (\(problem)); showing the built-in form"
  }

  /// Why a schema was refused, naming the fields (SPEC section 6).
  public func formSchemaProblem(_ error: FormSchemaError) -> String {
    guard isRussian else { return error.description }
    switch error {
    case .unsupportedVersion(let found, let supported):
      return "версия схемы \(found) не поддерживается (поддерживается \(supported))"
    case .invalidJSON(let path, let problem):
      return path.isEmpty
        ? "неверная схема: \(decodingProblem(problem))"
        : "неверная схема в \(path): \(decodingProblem(problem))"
    case .unknownRule(let field, let name):
      return "неизвестное правило проверки '\(name)' в поле \(field)"
    case .impossibleRule(let field, let rule):
      return "невыполнимое правило проверки в поле \(field): \(rule)"
    case .tooManyFields(let count, let limit):
      return "в форме \(count) полей, больше допустимых \(limit)"
    case .tooManySections(let count, let limit):
      return "в форме \(count) разделов, больше допустимых \(limit)"
    case .invalidID(let path):
      return
        "недопустимый идентификатор \(path): используйте латинские буквы (a-z, A-Z), цифры и _, не начиная с цифры"
    case .duplicateID(let path):
      return "повторяющийся идентификатор \(path)"
    case .invalidRepeatBounds(let section, let min, let max):
      return "недопустимые границы повторения \(min)...\(max) в разделе \(section)"
    case .invalidPattern(let field, let pattern, let problem):
      return "недопустимый шаблон '\(FormSchemaError.excerpt(pattern))' в поле \(field): \(problem)"
    case .syntax(let field, let property, let position, let problem):
      return "\(field).\(property), позиция \(position): \(expressionProblem(problem))"
    case .unknownReference(let field, let property, let name, let position):
      return position > 0
        ? "\(field).\(property), позиция \(position): неизвестное поле или константа '\(name)'"
        : "\(field).\(property): неизвестное поле '\(name)'"
    case .cycle(let fields):
      return "поля зависят друг от друга по кругу: "
        + (fields + fields.prefix(1)).joined(separator: " -> ")
    case .cycleThroughCondition(let fields, let conditions):
      return "поля зависят друг от друга по кругу: "
        + (fields + fields.prefix(1)).joined(separator: " -> ")
        + (conditions.count == 1 ? " (круг замыкает " : " (круг замыкают ")
        + conditions.map { $0 + ".visible_if" }.joined(separator: ", ") + ")"
    case .conditionReadsItself(let field, let property):
      return "\(field).\(property) читает само поле \(field): "
        + "условие поля должно читать другие поля"
    case .invalidStyle(let path, let key, let value, let expected):
      return "неверный стиль в \(path): \(key) '\(value)' не \(expected)"
    }
  }

  /// An expression's problem in the screen's language (English is Domain's own wording).
  private func expressionProblem(_ problem: ExpressionProblem) -> String {
    guard isRussian else { return problem.description }
    switch problem {
    case .tooLong(let limit): return "выражение длиннее \(limit) символов"
    case .singleEquals: return "'=' не оператор; используйте '=='"
    case .unexpectedCharacter(let character): return "неожиданный символ '\(character)'"
    case .digitsExpectedAfterPoint: return "после '.' нужны цифры"
    case .unexpectedCharacterInNumber(let character):
      return "неожиданный символ '\(character)' в числе"
    case .numberTooLarge: return "слишком большое число"
    case .unterminatedString: return "строка не закрыта кавычкой"
    case .empty: return "пустое выражение"
    case .nestedTooDeep(let limit), .expressionNestedTooDeep(let limit):
      return "вложенность глубже \(limit) уровней"
    case .tooManyNotInARow: return "слишком много 'not' подряд"
    case .tooManyMinusInARow: return "слишком много '-' подряд"
    case .chainedComparison: return "сравнения нельзя ставить цепочкой; используйте 'and'"
    case .unexpectedToken(let expected, let found):
      let wanted =
        switch expected {
        case .endOfExpression: "конец выражения"
        case .value: "значение"
        case .closingParenthesis: "')'"
        }
      return "ожидалось \(wanted), найдено \(found.quoted ?? "конец выражения")"
    case .countTakesOneSection: return "count(...) принимает одно имя раздела"
    case .sumTakesAValue: return "sum(...) принимает хотя бы одно значение"
    case .ifTakesThreeValues: return "if(...) принимает условие и два значения"
    case .unknownFunction(let name, let known):
      return "неизвестная функция '\(name)' (известны: \(known.joined(separator: ", ")))"
    case .repeatsInSection(let path, let section):
      return "'\(path)' повторяется в разделе '\(section)'; используйте sum(\(path))"
    }
  }

  /// Why `schema`, as a server's booking form, could never place an order (a field the order needs
  /// is missing, cannot be typed in, or is not checked by the order's rule), or `nil`.
  ///
  /// The Booking screen refuses such a schema and shows its built-in form; a tool that checks a
  /// schema file for a form designer says the same.
  ///
  /// ```swift
  /// Localizer(language: .en).orderProblem(in: FormSchema(sections: []))
  /// // "the form has no field tourist, which an order needs"
  /// ```
  public func orderProblem(in schema: FormSchema) -> String? {
    OrderRequestBuilder.orderFieldProblem(in: schema).map(orderFieldProblem)
  }

  /// Why a server form can never place an order (a field the order needs is missing, not
  /// typed in, or not checked by its rule).
  func orderFieldProblem(_ problem: OrderFieldProblem) -> String {
    switch problem {
    case .missing(let path):
      isRussian
        ? "в форме нет поля \(path), нужного для заказа"
        : "the form has no field \(path), which an order needs"
    case .notTyped(let path):
      isRussian
        ? "поле \(path) нужно для заказа, но его нельзя ввести"
        : "the field \(path) is needed for an order but cannot be typed in"
    case .missingRule(let path, let rule):
      isRussian
        ? "поле \(path) нужно для заказа, но не проверяется правилом '\(rule)'"
        : "the field \(path) is needed for an order but is not checked by the rule '\(rule)'"
    }
  }

  /// Why a server form could not be loaded, naming where (`sections[1].fields[0].id`).
  public func formSchemaLoadProblem(_ error: APIError) -> String {
    switch error {
    case .undecodable(let problem): return decodingProblem(problem)
    case .invalidFormSchema(let problem): return formSchemaProblem(problem)
    default:
      return apiError(error)
    }
  }

  private var isRussian: Bool { language == .ru }

  /// Pay was tapped while a price line is being calculated.
  public var priceUpdating: String {
    isRussian
      ? "Стоимость пересчитывается; нажмите «Оплатить», когда она обновится"
      : "The price is being updated; tap Pay once it shows"
  }

  /// Pay was tapped while the form's total cannot be calculated (`failure` says why).
  public func totalNotCalculated(_ failure: FormEvaluationError?) -> String {
    let reason = failure.map { " (" + evaluationFailure($0) + ")" } ?? ""
    return isRussian
      ? "Итог к оплате нельзя рассчитать\(reason), поэтому заказ не может быть оформлен"
      : "The total to pay cannot be calculated\(reason), so the order cannot be placed"
  }

  /// What the total shows while it cannot be calculated (in the price details, their collapsed
  /// summary and the footer): "not known (extras.bags has no value)".
  public func totalNotKnown(_ failure: FormEvaluationError?) -> String {
    let reason = failure.map { " (" + evaluationFailure($0) + ")" } ?? ""
    return (isRussian ? "неизвестен" : "not known") + reason
  }

  /// `booking.pay` while the total cannot be calculated (the total beside it says why).
  public var payButtonTotalNotKnown: String {
    isRussian ? "Оплатить (сумма неизвестна)" : "Pay (total not known)"
  }

  /// `booking.pay` while the total is not an amount that can be paid (not positive).
  public var payButtonTotalNotPayable: String {
    isRussian ? "Оплатить (сумма недопустима)" : "Pay (total not payable)"
  }

  /// What a price line of a server's form shows when its expression cannot give an amount.
  public func priceNotCalculated(_ failure: FormEvaluationError) -> String {
    let reason = evaluationFailure(failure)
    return isRussian
      ? "Эту сумму нельзя рассчитать: \(reason)" : "This amount cannot be calculated: \(reason)"
  }

  private func evaluationFailure(_ failure: FormEvaluationError) -> String {
    let reason: String
    switch failure {
    case .divisionByZero: reason = isRussian ? "деление на ноль" : "a division by zero"
    case .typeMismatch(let symbol, let found):
      reason =
        isRussian
        ? "«\(symbol)» не применяется к значению \(found)"
        : "‘\(symbol)’ does not apply to \(found)"
    case .missingValue(let name):
      reason = isRussian ? "нет значения \(name)" : "\(name) has no value"
    case .hiddenValue(let name):
      reason = isRussian ? "поле \(name) скрыто" : "\(name) is hidden"
    case .numberOutOfRange:
      reason = isRussian ? "сумма слишком велика" : "the amount is too large"
    case .textTooLong(let limit):
      reason =
        isRussian ? "текст длиннее \(limit) символов" : "a text longer than \(limit) characters"
    }
    return reason
  }

  /// What a field of a kind this app does not know (`input_type` `unsupported`) shows.
  public var unsupportedField: String {
    isRussian ? "Недоступно в этой версии приложения" : "Not available in this version of the app"
  }

  /// What a field shows while its value is being updated.
  public var updating: String { isRussian ? "обновляется…" : "updating…" }

  /// A switch that is on or off.
  public func switchState(_ isOn: Bool) -> String {
    isOn ? (isRussian ? "Да" : "Yes") : (isRussian ? "Нет" : "No")
  }

  /// The message a field computed by the server shows when its calculation failed: the
  /// server's own refusal, or the network's problem.
  public func remoteFailure(_ error: RemoteCalculationError) -> String {
    switch error {
    case .refused(let message, _): message
    case .failed(let problem): apiError(problem)
    }
  }
}

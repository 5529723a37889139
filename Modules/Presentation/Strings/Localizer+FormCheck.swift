import Domain

extension Localizer {
  /// What a JSON reader met, without the place (`FILE:LINE:COLUMN` says it): English is
  /// Domain's own wording (``JSONSyntaxError/description``).
  public func jsonSyntaxProblem(_ error: JSONSyntaxError) -> String {
    guard language == .ru else { return error.description }
    switch error.problem {
    case .empty: return "в файле нет значения JSON"
    case .unexpectedCharacter(let found, let expected):
      return "ожидалось \(expectation(expected)), найдено \(JSONSyntaxError.shown(found))"
    case .unexpectedEnd(let expected): return "ожидалось \(expectation(expected)), найден конец"
    case .controlCharacterInString(let code):
      return "управляющий символ (\(JSONSyntaxError.hex(code))) в строке; "
        + "запишите его экранированным (\\n, \\t, \\u0000)"
    case .invalidEscape:
      return
        "недопустимое экранирование в строке (в JSON есть \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"
    case .invalidUTF8: return "байты не в UTF-8, а JSON должен быть в UTF-8"
    case .invalidNumber: return "число, которое JSON не читает"
    case .invalidWord(let word):
      return
        "'\(word)' не значение JSON (true, false и null пишутся строчными; текст — в двойных кавычках)"
    case .tooDeep(let limit): return "массивы и объекты вложены глубже \(limit) уровней"
    case .textAfterValue: return "после значения JSON есть ещё текст"
    }
  }

  private func expectation(_ expected: JSONSyntaxError.Expectation) -> String {
    switch expected {
    case .value: "значение"
    case .key: "ключ в двойных кавычках"
    case .colon: "':'"
    case .commaOrBrace: "',' или '}'"
    case .commaOrBracket: "',' или ']'"
    case .closingQuote: "закрывающая '\"'"
    }
  }
}

extension Localizer {
  /// A schema's warning, naming the field (English is Domain's own wording).
  public func formSchemaWarning(_ warning: FormSchemaWarning) -> String {
    guard language == .ru else { return warning.description }
    switch warning {
    case .poorContrast(let path, let ratio):
      return "плохой контраст в \(path): style.foreground на style.background — "
        + "\(FormSchemaWarning.ratioText(ratio)), меньше 3:1, нужных, чтобы текст читался"
    case .unknownInputType(let path, let name):
      return "неизвестный тип ввода '\(FormSchemaError.excerpt(name))' в поле \(path): "
        + "поле показано только для чтения, как недоступное в этой версии приложения"
    }
  }
}

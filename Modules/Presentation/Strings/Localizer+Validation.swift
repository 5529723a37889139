import Domain

extension Localizer {
  /// The message for a validation problem, naming it exactly ("Passport expires before the
  /// trip ends on 27 September 2027").
  public func message(for error: ValidationError) -> String {
    switch error {
    case .required: ru ? "Заполните это поле" : "Fill in this field"
    case .tooShort(let min): ru ? "Не меньше \(min) символов" : "At least \(min) characters"
    case .tooLong(let max): ru ? "Не больше \(max) символов" : "At most \(max) characters"
    case .patternMismatch: ru ? "Значение не подходит по формату" : "The value has the wrong format"
    case .patternMismatchMessage(let message): message
    case .notANumber: ru ? "Введите число" : "Enter a number"
    case .outOfRange(let min, let max): rangeMessage(min: min, max: max)
    case .phoneIncomplete:
      ru ? "Введите все 10 цифр номера телефона" : "Enter all 10 digits of the phone number"
    case .phoneInvalidCharacter(let character):
      ru
        ? "Номер телефона не может содержать \(quoted(character))"
        : "A phone number cannot contain \(quoted(character))"
    case .phoneInternationalLength:
      ru
        ? "Введите код страны и номер: в международном номере от 7 до 15 цифр"
        : "Enter the country code and the number: an international number has 7 to 15 digits"
    case .phoneDigitsTooMany(let count):
      ru
        ? "Номер уже полный: "
          + Self.russian(count, one: "лишняя цифра", few: "лишние цифры", many: "лишних цифр")
        : "The number is complete: \(count) " + (count == 1 ? "digit" : "digits") + " too many"
    case .phoneCountryCodeUnknown(let code):
      ru ? "Кода страны +\(code) не существует" : "The country code +\(code) does not exist"
    case .phoneNationalLength(let code, let lengths):
      ru
        ? "В номере +\(code) после кода страны \(Self.digitCounts(lengths, ru: true))"
        : "A +\(code) number has \(Self.digitCounts(lengths, ru: false)) after the country code"
    case .phoneNationalStart(let code, let digit):
      ru
        ? "После +\(code) номер не может начинаться с \(digit)"
        : "After +\(code) a number cannot start with \(digit)"
    case .emailMissingAt: ru ? "В адресе почты нет знака @" : "The email address needs an @"
    case .emailMultipleAt:
      ru ? "В адресе почты может быть только один знак @" : "The email address can have only one @"
    case .emailLocalPartEmpty: ru ? "Введите имя до знака @" : "Enter the name before the @"
    case .emailLocalPartTooLong:
      ru
        ? "Имя до знака @ длиннее 64 символов"
        : "The name before the @ is longer than 64 characters"
    case .emailLocalPartInvalidCharacter(let character):
      ru
        ? "Имя до знака @ не может содержать \(quoted(character))"
        : "The name before the @ cannot contain \(quoted(character))"
    case .emailLocalPartDots:
      ru
        ? "Имя до знака @ не может начинаться или заканчиваться точкой или содержать две точки подряд"
        : "The name before the @ cannot start or end with a dot or have two dots in a row"
    case .emailDomainInvalid:
      ru
        ? "После знака @ укажите домен, например example.com"
        : "Enter a domain such as example.com after the @"
    case .emailDomainInvalidCharacter(let character):
      ru
        ? "Домен после знака @ не может содержать \(quoted(character))"
        : "The domain after the @ cannot contain \(quoted(character))"
    case .emailDomainDots:
      ru
        ? "Домен после знака @ не может начинаться или заканчиваться точкой или содержать две точки подряд"
        : "The domain after the @ cannot start or end with a dot or have two dots in a row"
    case .emailDomainHyphen:
      ru
        ? "Часть домена не может начинаться или заканчиваться дефисом"
        : "A part of the domain cannot start or end with a hyphen"
    case .emailDomainLabelTooLong:
      ru
        ? "Часть домена длиннее 63 символов"
        : "A part of the domain is longer than 63 characters"
    case .emailDomainSpecialUse(let name):
      ru
        ? "Домен .\(name) зарезервирован и не принимает почту"
        : "The domain .\(name) is reserved and cannot receive mail"
    case .emailTopLevelDomainInvalid:
      ru
        ? "Домен должен оканчиваться зоной из 2 и более букв, например .ru"
        : "The domain must end in 2 or more letters, such as .com"
    case .emailTooLong:
      ru ? "Адрес почты длиннее 254 символов" : "The email address is longer than 254 characters"
    case .emailContainsSpace:
      ru ? "Адрес почты не может содержать пробелы" : "The email address cannot contain spaces"
    case .nameInvalidCharacter(let character):
      ru
        ? "Допустимы буквы, пробелы, дефисы и апострофы, но не \(quoted(character))"
        : "Use letters, spaces, hyphens and apostrophes, not \(quoted(character))"
    case .nameWithoutLetter:
      ru ? "Имя должно содержать хотя бы одну букву" : "A name needs at least one letter"
    case .dateFormat: ru ? "Введите дату в формате ДД.ММ.ГГГГ" : "Enter the date as DD.MM.YYYY"
    case .dateNotReal: ru ? "Такой даты не существует" : "There is no such date"
    case .birthDateNotInPast:
      ru ? "Дата рождения должна быть раньше сегодняшней" : "The date of birth must be before today"
    case .birthDateTooOld(let years):
      ru
        ? "Дата рождения не может быть раньше, чем \(years) лет назад"
        : "The date of birth cannot be more than \(years) years ago"
    case .passportExpiresBeforeTripEnd(let tripEnd):
      ru
        ? "Паспорт истекает до окончания поездки \(longDate(tripEnd))"
        : "Passport expires before the trip ends on \(longDate(tripEnd))"
    case .passportExpiresOnTripEnd(let tripEnd):
      ru
        ? "Паспорт должен действовать и после окончания поездки \(longDate(tripEnd))"
        : "The passport must be valid after the trip ends on \(longDate(tripEnd))"
    case .passportLength(let min, let max):
      ru
        ? "Номер паспорта содержит от \(min) до \(max) букв или цифр"
        : "A passport number has \(min) to \(max) letters or digits"
    case .passportInvalidCharacter(let character):
      ru
        ? "Номер паспорта может содержать только буквы, цифры и пробелы, но не \(quoted(character))"
        : "A passport number can have only letters, digits and spaces, not \(quoted(character))"
    case .tooFewTourists(let min):
      ru ? "Минимальное число туристов: \(min)" : "The minimum number of tourists is \(min)"
    case .tooManyTourists(let max):
      ru ? "Максимальное число туристов: \(max)" : "The maximum number of tourists is \(max)"
    }
  }

  private var ru: Bool { language == .ru }

  private func rangeMessage(min: Double?, max: Double?) -> String {
    let low = min.map(Self.number)
    let high = max.map(Self.number)
    switch (low, high) {
    case (let low?, let high?):
      return ru ? "Введите число от \(low) до \(high)" : "Enter a number from \(low) to \(high)"
    case (let low?, nil):
      return ru ? "Введите число не меньше \(low)" : "Enter a number of at least \(low)"
    case (nil, let high?):
      return ru ? "Введите число не больше \(high)" : "Enter a number of at most \(high)"
    case (nil, nil): return ru ? "Число вне допустимого диапазона" : "The number is out of range"
    }
  }

  /// "10 digits", "9 or 10 digits", "from 5 to 13 digits"; `lengths` shortest first.
  private static func digitCounts(_ lengths: [Int], ru: Bool) -> String {
    guard let shortest = lengths.first, let longest = lengths.last else { return "" }
    let unit = ru ? russian(longest, one: "цифра", few: "цифры", many: "цифр") : "\(longest) digits"
    let rest = unit.drop { $0 != " " }
    if shortest == longest { return ru ? unit : (longest == 1 ? "1 digit" : unit) }
    if longest - shortest + 1 == lengths.count, lengths.count > 2 {
      return ru ? "от \(shortest) до \(longest)\(rest)" : "from \(shortest) to \(longest)\(rest)"
    }
    let listed = lengths.dropLast().map(String.init).joined(separator: ", ")
    return "\(listed) " + (ru ? "или" : "or") + " \(longest)\(rest)"
  }

  private static func number(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  private func quoted(_ character: Character) -> String {
    let visible =
      character.isLetter || character.isNumber || character.isPunctuation || character.isSymbol
    guard visible else {
      let codes = character.unicodeScalars.map {
        "U+" + String($0.value, radix: 16, uppercase: true)
      }
      return codes.joined(separator: " ")
    }
    return ru ? "«\(character)»" : "“\(character)”"
  }
}

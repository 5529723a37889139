import Domain
import Foundation
import Presentation
import TestSupport
import Testing
import UseCases

@Suite struct LocalizerTests {
  let english = Localizer(language: .en)
  let russian = Localizer(language: .ru)

  @Test(arguments: [
    (0, "0 ₽"), (950, "950 ₽"), (9_300, "9 300 ₽"), (289_400, "289 400 ₽"),
    (1_196_950, "1 196 950 ₽"), (-2_150, "-2 150 ₽"),
  ])
  func moneyIsGroupedWithPlainSpacesInBothLanguages(amount: Int, text: String) {
    #expect(english.money(Money(amount)) == text)
    #expect(russian.money(Money(amount)) == text)
    #expect(!english.money(Money(amount)).unicodeScalars.contains { $0.value == 0xA0 })
  }

  @Test func otherCurrenciesShowTheirCode() {
    #expect(english.money(Money(1_000, currency: "USD")) == "1 000 USD")
  }

  @Test func datesInWordsFollowTheLocale() {
    #expect(english.longDate(Samples.tourStop) == "27 September 2027")
    #expect(russian.longDate(Samples.tourStop) == "27 сентября 2027 г.")
    #expect(english.shortDate(Samples.tourStop) == "27.09.2027")
    let american = Localizer(language: .en, locale: Locale(identifier: "en_US"))
    #expect(american.longDate(Samples.tourStop) == "September 27, 2027")
  }

  @Test(
    arguments: zip(
      1...11,
      [
        ("First tourist", "Первый турист"), ("Second tourist", "Второй турист"),
        ("Third tourist", "Третий турист"), ("Fourth tourist", "Четвёртый турист"),
        ("Fifth tourist", "Пятый турист"), ("Sixth tourist", "Шестой турист"),
        ("Seventh tourist", "Седьмой турист"), ("Eighth tourist", "Восьмой турист"),
        ("Ninth tourist", "Девятый турист"), ("Tenth tourist", "Десятый турист"),
        ("Tourist 11", "Турист 11"),
      ]))
  func touristOrdinals(ordinal: Int, titles: (String, String)) {
    #expect(english.touristTitle(ordinal) == titles.0)
    #expect(russian.touristTitle(ordinal) == titles.1)
  }

  @Test func screenTitlesAndButtons() {
    #expect(ScreenKind.allCases.map(english.title) == ["Hotel", "Rooms", "Booking", "Order paid"])
    #expect(
      ScreenKind.allCases.map(russian.title) == [
        "Отель", "Номера", "Бронирование", "Заказ оплачен",
      ])
    #expect(english.payButton(total: Money(300_850)) == "Pay 300 850 ₽")
    #expect(russian.payButton(total: Money(300_850)) == "Оплатить 300 850 ₽")
    #expect([english.chooseRoom, russian.chooseRoom] == ["Choose a room", "К выбору номера"])
    #expect(
      [english.chooseThisRoom, russian.chooseThisRoom] == ["Choose this room", "Выбрать номер"])
    #expect([english.done, russian.done] == ["Done", "Супер!"])
    #expect([english.retry, russian.retry] == ["Retry", "Повторить"])
    #expect(
      [english.orderAccepted, russian.orderAccepted] == [
        "Your order is accepted", "Ваш заказ принят в работу",
      ])
  }

  @Test func noticesAndToasts() {
    #expect(english.notice(.showingSavedData) == "Showing saved data")
    #expect(russian.notice(.showingSavedData) == "Показаны сохранённые данные")
    #expect(english.notice(.restoredDraft) == "Restored your unfinished booking")
    #expect(russian.notice(.restoredDraft) == "Восстановлено незавершённое бронирование")
    #expect(english.toast(.correctHighlightedFields) == "Please correct the highlighted fields")
    #expect(russian.toast(.correctHighlightedFields) == "Исправьте выделенные поля")
    #expect(
      english.notice(.formSchemaRefused("buyer.phone: Unknown rule"))
        == "The server's booking form was refused (buyer.phone: Unknown rule);"
        + " showing the built-in form")
    #expect(
      russian.notice(.formSchemaRefused("buyer.phone"))
        == "Форма бронирования с сервера не принята (buyer.phone); показана встроенная форма")
    #expect(english.toast(.priceUpdating) == "The price is being updated; tap Pay once it shows")
    #expect(
      russian.toast(.priceUpdating)
        == "Стоимость пересчитывается; нажмите «Оплатить», когда она обновится")
  }

  /// A refused form's problem is cut to 400 characters: a cycle through 9 900 fields, or an unknown
  /// rule named by 200 000 letters, made a notice of 100 KB and more, printed whole on every screen
  /// of the line mode (`show`, a journey's log).
  @Test func aRefusedFormsProblemIsCut() {
    let cycle = FormSchemaError.cycle((0..<9_900).map { "z.f\($0)" })
    for localizer in [english, russian] {
      let notice = localizer.notice(.formSchemaRefused(localizer.formSchemaProblem(cycle)))
      #expect(notice.count < 500, "\(notice.count) characters")
      #expect(notice.contains("z.f0 -> z.f1 -> z.f2"), "\(notice)")
      #expect(notice.contains("…)"), "\(notice)")
    }
    let rule = FormSchemaError.unknownRule(
      field: "buyer.phone", name: String(repeating: "x", count: 200_000))
    let notice = english.notice(.formSchemaRefused(english.formSchemaProblem(rule)))
    #expect(notice.hasPrefix("The server's booking form was refused (Unknown validation rule 'xxx"))
    #expect(notice.hasSuffix("xxx…); showing the built-in form"))
    #expect(notice.count <= 400 + 67, "\(notice.count)")
  }

  static let schemaErrors: [FormSchemaError] = [
    .unsupportedVersion(found: 2, supported: 1),
    .invalidJSON(path: "buyer", problem: .missingKey(path: "sections[0].id")),
    .unknownRule(field: "buyer.phone", name: "iban"),
    .impossibleRule(field: "buyer.a", rule: "min_length 60 > max_length 50"),
    .tooManyFields(count: 10_001, limit: 10_000), .invalidID(path: "1x"),
    .duplicateID(path: "buyer.phone"), .invalidRepeatBounds(section: "tourist", min: 3, max: 1),
    .invalidPattern(field: "buyer.phone", pattern: "(", problem: "position 1: ')' is missing"),
    .syntax(field: "price.total", property: "compute", position: 3, problem: .empty),
    .unknownReference(field: "price.total", property: "compute", name: "x", position: 1),
    .cycle(["price.a", "price.b"]),
    .cycleThroughCondition(fields: ["extras.code", "extras.known"], conditions: ["extras.code"]),
    .conditionReadsItself(field: "extras.flightNumber", property: "visible_if"),
  ]

  @Test(arguments: schemaErrors)
  func everySchemaProblemIsWordedInBothLanguages(error: FormSchemaError) {
    #expect(english.formSchemaProblem(error) == error.description)
    #expect(russian.formSchemaProblem(error) != error.description)
    #expect(!russian.formSchemaProblem(error).isEmpty)
  }

  @Test func aCycleClosedByAConditionNamesItInRussian() {
    #expect(
      russian.formSchemaProblem(
        .cycleThroughCondition(fields: ["s.code", "s.known"], conditions: ["s.code"]))
        == "поля зависят друг от друга по кругу: s.code -> s.known -> s.code "
        + "(круг замыкает s.code.visible_if)")
  }

  @Test func serverCalculationWords() {
    #expect(
      english.remoteFailure(.refused("This promo code is not valid"))
        == "This promo code is not valid")
    #expect(russian.remoteFailure(.failed(.noConnection)) == "Нет соединения с сервером")
    #expect(english.switchState(true) == "Yes")
    #expect(russian.switchState(false) == "Нет")
    #expect(russian.updating == "обновляется…")
  }

  @Test(arguments: [
    (1, "1 ночь"), (2, "2 ночи"), (5, "5 ночей"), (7, "7 ночей"), (11, "11 ночей"),
    (21, "21 ночь"), (22, "22 ночи"), (112, "112 ночей"),
  ])
  func russianNightsAgree(count: Int, text: String) {
    #expect(russian.nights(count) == text)
  }

  @Test func theExpiryMessageNamesTheTripsLastDay() {
    let error = ValidationError.passportExpiresBeforeTripEnd(tripEnd: Samples.tourStop)
    #expect(
      english.message(for: error) == "Passport expires before the trip ends on 27 September 2027")
    #expect(
      russian.message(for: error) == "Паспорт истекает до окончания поездки 27 сентября 2027 г.")
  }

  @Test func anExpiryOnTheTripsLastDaySaysThePassportMustBeValidAfterIt() {
    let error = ValidationError.passportExpiresOnTripEnd(tripEnd: Samples.tourStop)
    #expect(
      english.message(for: error)
        == "The passport must be valid after the trip ends on 27 September 2027")
    #expect(
      russian.message(for: error)
        == "Паспорт должен действовать и после окончания поездки 27 сентября 2027 г.")
  }

  /// A pattern's own message comes from the schema, which is written in the screen's language
  /// as its labels are: it is shown as written, in place of the generic "wrong format".
  @Test func aPatternsOwnMessageIsShownAsWritten() {
    let russianMessage = ValidationError.patternMismatchMessage("Три буквы и две цифры: ABC12")
    #expect(russian.message(for: russianMessage) == "Три буквы и две цифры: ABC12")
    #expect(english.message(for: .patternMismatchMessage("As ABC12")) == "As ABC12")
    #expect(english.message(for: .patternMismatch) == "The value has the wrong format")
  }

  static let everyError: [ValidationError] = [
    .required, .tooShort(min: 2), .tooLong(max: 50), .patternMismatch, .notANumber,
    .outOfRange(min: 1, max: 4), .outOfRange(min: 1, max: nil), .outOfRange(min: nil, max: 4),
    .outOfRange(min: nil, max: nil), .phoneIncomplete, .phoneInvalidCharacter("x"),
    .phoneInternationalLength, .phoneDigitsTooMany(count: 2),
    .phoneCountryCodeUnknown("999"), .phoneNationalLength(countryCode: "44", lengths: [7, 9, 10]),
    .phoneNationalStart(countryCode: "1", digit: "1"), .emailMissingAt, .emailMultipleAt,
    .emailLocalPartEmpty, .emailLocalPartTooLong, .emailLocalPartInvalidCharacter("("),
    .emailLocalPartDots, .emailDomainInvalid, .emailDomainInvalidCharacter("_"), .emailDomainDots,
    .emailDomainHyphen, .emailDomainLabelTooLong, .emailDomainSpecialUse("test"),
    .emailTopLevelDomainInvalid, .emailTooLong,
    .emailContainsSpace, .nameInvalidCharacter("1"), .nameWithoutLetter, .dateFormat,
    .dateNotReal, .birthDateNotInPast, .birthDateTooOld(years: 120),
    .passportExpiresBeforeTripEnd(tripEnd: Samples.tourStop),
    .passportExpiresOnTripEnd(tripEnd: Samples.tourStop), .passportLength(min: 5, max: 20),
    .passportInvalidCharacter("#"), .tooFewTourists(min: 1), .tooManyTourists(max: 4),
  ]

  @Test(arguments: everyError)
  func everyProblemHasItsOwnMessageInBothLanguages(error: ValidationError) {
    let en = english.message(for: error)
    let ru = russian.message(for: error)
    #expect(!en.isEmpty && !ru.isEmpty)
    #expect(en != ru)
    #expect(!en.contains("Invalid"))
    let others = Self.everyError.filter { $0 != error }.map(english.message(for:))
    #expect(!others.contains(en), "\(en) is shared with another problem")
  }

  @Test(arguments: [
    (
      ValidationError.phoneDigitsTooMany(count: 2), "The number is complete: 2 digits too many",
      "Номер уже полный: 2 лишние цифры"
    ),
    (
      .phoneDigitsTooMany(count: 1), "The number is complete: 1 digit too many",
      "Номер уже полный: 1 лишняя цифра"
    ),
    (
      .phoneDigitsTooMany(count: 5), "The number is complete: 5 digits too many",
      "Номер уже полный: 5 лишних цифр"
    ),
    (
      .phoneCountryCodeUnknown("999"), "The country code +999 does not exist",
      "Кода страны +999 не существует"
    ),
    (
      .phoneNationalLength(countryCode: "44", lengths: [10]),
      "A +44 number has 10 digits after the country code", "В номере +44 после кода страны 10 цифр"
    ),
    (
      .phoneNationalLength(countryCode: "44", lengths: [7, 9, 10]),
      "A +44 number has 7, 9 or 10 digits after the country code",
      "В номере +44 после кода страны 7, 9 или 10 цифр"
    ),
    (
      .phoneNationalLength(countryCode: "49", lengths: Array(5...13)),
      "A +49 number has from 5 to 13 digits after the country code",
      "В номере +49 после кода страны от 5 до 13 цифр"
    ),
    (
      .phoneNationalLength(countryCode: "298", lengths: [6]),
      "A +298 number has 6 digits after the country code", "В номере +298 после кода страны 6 цифр"
    ),
    (
      .phoneNationalStart(countryCode: "7", digit: "0"), "After +7 a number cannot start with 0",
      "После +7 номер не может начинаться с 0"
    ),
    (
      .emailDomainSpecialUse("test"), "The domain .test is reserved and cannot receive mail",
      "Домен .test зарезервирован и не принимает почту"
    ),
  ])
  func phoneAndEmailProblemsAreNamedExactly(error: ValidationError, en: String, ru: String) {
    #expect(english.message(for: error) == en)
    #expect(russian.message(for: error) == ru)
  }

  @Test func invisibleCharactersAreNamedByCodePoint() {
    #expect(
      english.message(for: .nameInvalidCharacter("\u{7}"))
        == "Use letters, spaces, hyphens and apostrophes, not U+7")
    #expect(
      english.message(for: .phoneInvalidCharacter("x")) == "A phone number cannot contain “x”")
    #expect(
      russian.message(for: .phoneInvalidCharacter("x")) == "Номер телефона не может содержать «x»")
  }

  @Test(arguments: [
    APIError.noConnection, .timeout, .httpStatus(500), .tooLarge(limit: 1), .wrongContentType("a"),
    .undecodable(.outOfRange(path: "rooms[1].price", value: "1e400")), .wrongContentType(nil),
    .invalidContentLength("-5"), .invalidContentLength(nil), .cancelled, .insecureURL("http://x"),
    .ipv6Literal("[::1]"), .notFound(url: "http://127.0.0.1:8080/v1/hotel"), .notFound(url: nil),
    .redirected(status: 302, location: "https://b.example/hotel"),
    .redirected(status: 301, location: nil), .invalidStatus(999),
    .tooManyHeaderLines(limit: 1_000),
  ])
  func everyAPIErrorHasAMessage(error: APIError) {
    #expect(!english.apiError(error).isEmpty)
    #expect(english.apiError(error) != russian.apiError(error))
  }

  /// A redirect not followed says where to and what to do; a status HTTP does not have is
  /// named as such, never "error 999" or "could not be reached".
  @Test func aRedirectAndAStatusOutsideHTTPAreWordedSoAPersonCanAct() {
    let moved = APIError.redirected(status: 301, location: "https://new.example/hotel")
    #expect(
      english.apiError(moved)
        == "The server redirected the request to https://new.example/hotel (status 301); if that"
        + " is the server's new address, use it as the API address")
    #expect(
      russian.apiError(moved)
        == "Сервер перенаправил запрос на https://new.example/hotel (код 301); если это новый"
        + " адрес сервера, укажите его как адрес API")
    #expect(
      english.apiError(.redirected(status: 307, location: nil))
        == "The server redirected the request (status 307) without saying where to")
    #expect(
      english.apiError(.invalidStatus(999))
        == "The server answered with status 999, which HTTP does not have: not an answer that"
        + " can be understood")
    #expect(russian.apiError(.invalidStatus(999)).contains("которого нет в HTTP"))
  }

  /// The statuses a person can act on say what to do: a wrong address, a sign-in not done.
  @Test func aMissingAddressAndARefusedAccessSayWhatToDo() {
    #expect(
      english.apiError(.notFound(url: nil))
        == "The server has nothing at this address (error 404): check the API address")
    #expect(
      russian.apiError(.notFound(url: nil))
        == "На сервере нет такого адреса (ошибка 404): проверьте адрес API")
    #expect(
      english.apiError(.notFound(url: "http://127.0.0.1:8080/v1/hotel"))
        == "The server has nothing at http://127.0.0.1:8080/v1/hotel (error 404): check the API"
        + " address")
    #expect(
      russian.apiError(.notFound(url: "http://127.0.0.1:8080/v1/hotel"))
        == "На сервере нет адреса http://127.0.0.1:8080/v1/hotel (ошибка 404): проверьте адрес API")
    #expect(english.apiError(.httpStatus(410)) == "The server answered with error 410")
    #expect(
      english.apiError(.httpStatus(401))
        == "The server refused access (error 401): this app does not sign in to servers")
    #expect(russian.apiError(.httpStatus(403)).contains("ошибка 403"))
    #expect(english.apiError(.httpStatus(500)) == "The server answered with error 500")
  }

  @Test func aRefusedOrderShowsTheServersMessageInBothLanguages() {
    let soldOut = APIError.refused(status: 422, message: "The tour is sold out")
    #expect(english.apiError(soldOut) == "The tour is sold out")
    #expect(
      english.toast(.paymentFailed(soldOut))
        == "Payment failed: The tour is sold out. Tap Pay to try again")
    #expect(
      russian.toast(.paymentFailed(.refused(status: 422, message: "Тур распродан.")))
        == "Оплата не прошла: Тур распродан. Нажмите «Оплатить», чтобы повторить")
    #expect(
      english.toast(.paymentFailed(.httpStatus(422)))
        == "Payment failed: The server answered with error 422. Tap Pay to try again")
  }

  @Test("A status that is not an error is not called one", arguments: [Language.en, .ru])
  func statusesThatAreNotErrors(language: Language) {
    let words = Localizer(language: language)
    #expect(words.apiError(.httpStatus(304)).contains("304"))
    #expect(!words.apiError(.httpStatus(304)).contains(language == .ru ? "ошибк" : "error"))
    #expect(
      words.apiError(.httpStatus(503)).contains(language == .ru ? "ошибкой 503" : "error 503"))
  }

  @Test func undecodableAnswersNameTheFieldAndTheProblem() {
    #expect(
      english.apiError(.undecodable(.wrongType(path: "rooms[1].price", expected: .wholeNumber)))
        == "The server's answer could not be read: rooms[1].price is not a whole number")
    #expect(
      russian.apiError(.undecodable(.wrongType(path: "rooms[1].price", expected: .wholeNumber)))
        == "Не удалось прочитать ответ сервера: rooms[1].price — не целое число")
  }

  /// A problem with no path (the whole body) or no content type is worded as such: no
  /// placeholder such as "(root)" or "(none)" reaches the user, in either language.
  @Test(arguments: [
    APIError.undecodable(.notJSON), .undecodable(.wrongType(path: nil, expected: .object)),
    .undecodable(.outOfRange(path: nil, value: "1e400")), .undecodable(.invalidValue(path: nil)),
    .wrongContentType(nil), .invalidContentLength(nil),
  ])
  func aMissingPathOrTypeIsWordedNotPlaceholded(error: APIError) {
    for text in [english.apiError(error), russian.apiError(error)] {
      #expect(
        !text.contains("(root)") && !text.contains("(none)") && !text.contains("(("), "\(text)")
    }
    #expect(
      english.apiError(.wrongContentType(nil)) == "The server sent an answer without a content type"
    )
    #expect(russian.apiError(.wrongContentType(nil)) == "Сервер прислал ответ без типа содержимого")
    #expect(
      english.apiError(.emptyAnswer(status: 204))
        == "The server sent an empty answer (status 204) instead of the data")
    #expect(
      russian.apiError(.emptyAnswer(status: 200))
        == "Сервер прислал пустой ответ (код 200) вместо данных")
    #expect(
      english.apiError(.undecodable(.notJSON))
        == "The server's answer could not be read: it is not valid JSON")
    #expect(
      russian.apiError(.undecodable(.notJSON)) == "Не удалось прочитать ответ сервера: это не JSON")
  }

  @Test func everyDecodingProblemIsWordedInBothLanguages() {
    let problems: [DecodingProblem] = [
      .notJSON, .missingKey(path: "booking.tour_price"),
      .wrongType(path: "a", expected: .text), .outOfRange(path: "total", value: "1e400"),
      .invalidValue(path: "currency"), .invalidValue(path: nil),
      .duplicateKey(path: "rooms[1].id"), .notUTF8,
    ]
    for problem in problems {
      #expect(english.decodingProblem(problem) != russian.decodingProblem(problem))
    }
    #expect(
      english.decodingProblem(.outOfRange(path: "total", value: "1e400"))
        == "the number 1e400 at total is out of range")
    #expect(
      russian.decodingProblem(.outOfRange(path: "total", value: "1e400"))
        == "число 1e400 в total вне допустимого диапазона")
    #expect(
      english.decodingProblem(.missingKey(path: "order.number"))
        == "the key order.number is missing")
    #expect(russian.decodingProblem(.missingKey(path: "order.number")) == "нет ключа order.number")
    #expect(
      russian.apiError(.undecodable(.notUTF8))
        == "Не удалось прочитать ответ сервера: это не текст в UTF-8, а JSON должен быть в UTF-8")
    #expect(
      english.apiError(.undecodable(.notUTF8))
        == "The server's answer could not be read: it is not UTF-8 text, which JSON must be")
    // A server calculation's `value` that is a list or an object.
    #expect(
      russian.decodingProblem(.wrongType(path: "value", expected: .scalar))
        == "value — не число, строка, true, false или null")
    #expect(
      english.decodingProblem(.duplicateKey(path: "rooms[1].id"))
        == "the key rooms[1].id appears more than once")
    #expect(
      russian.decodingProblem(.duplicateKey(path: "rooms[1].id"))
        == "ключ rooms[1].id встречается больше одного раза")
  }

  @Test func connectionCausesBeyondNoConnectionAreNamed() {
    let loop = ConnectionFailure(server: "127.0.0.1:8080", cause: .tooManyRedirects)
    #expect(
      english.apiError(.connectionFailed(loop))
        == "The server at 127.0.0.1:8080 redirects too many times (a redirect loop)")
    #expect(
      russian.apiError(.connectionFailed(loop))
        == "Сервер 127.0.0.1:8080 перенаправляет запрос слишком много раз (петля перенаправлений)")
    for cause in [
      ConnectionFailure.Cause.badResponse, .secureConnectionFailed,
      .untrustedCertificate(.selfSigned),
    ] {
      let failure = ConnectionFailure(server: "h:1", cause: cause)
      #expect(!english.apiError(.connectionFailed(failure)).hasPrefix("No connection"))
      #expect(!russian.apiError(.connectionFailed(failure)).hasPrefix("Нет соединения"))
    }
    #expect(
      english.apiError(.tooLarge(limit: 5_242_880))
        == "The server's answer is larger than the limit of 5 MiB")
    #expect(
      english.apiError(.invalidContentLength("abc"))
        == "The server's answer has an invalid length (Content-Length: abc)")
  }

  /// A head of too many lines is named as such, in both languages: not a generic network
  /// error, not a timeout.
  @Test func aHeadOfTooManyLinesIsNamed() {
    #expect(
      english.apiError(.tooManyHeaderLines(limit: 1_000))
        == "The server sent a response head of more than 1000 lines")
    #expect(
      russian.apiError(.tooManyHeaderLines(limit: 1_000))
        == "Сервер прислал заголовок ответа длиннее 1000 строк")
  }

  /// An untrusted certificate says why and what to do, in both languages, never "No connection".
  @Test(arguments: [
    ConnectionFailure.CertificateProblem.selfSigned, .unknownAuthority, .outOfDate, .wrongHost,
    .other,
  ])
  func anUntrustedCertificateSaysWhyAndWhatToDo(problem: ConnectionFailure.CertificateProblem) {
    let failure = ConnectionFailure(
      server: "staging.example:443", cause: .untrustedCertificate(problem))
    let texts = [english, russian].map { $0.apiError(.connectionFailed(failure)) }
    for text in texts {
      #expect(text.contains("staging.example:443"), "\(text)")
      #expect(!text.hasPrefix("No connection") && !text.hasPrefix("Нет соединения"), "\(text)")
    }
    let expected: (String, String) =
      switch problem {
      case .selfSigned: ("self-signed certificate", "самоподписанный сертификат")
      case .unknownAuthority: ("add it to the system's trust store", "центром сертификации")
      case .outOfDate: ("check this computer's date", "проверьте дату")
      case .wrongHost: ("use the host name it was issued for", "выдан для другого имени")
      case .other: ("does not trust the certificate", "не доверяет сертификату")
      }
    #expect(texts[0].contains(expected.0), "\(texts[0])")
    #expect(texts[1].contains(expected.1), "\(texts[1])")
  }
}

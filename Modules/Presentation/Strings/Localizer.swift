import Domain
import Foundation
import UseCases

/// Every user-visible text of the flow in English and Russian, and the formatting of money
/// and dates.
///
/// Money is always grouped in threes with a plain space (`289 400 ₽`) in both languages, as the
/// Russian number format groups it but with U+0020 instead of its no-break or narrow spaces, so
/// terminals, scripts and tests see one kind of space; the grouping is done by hand, with no
/// formatter on the keystroke path. Long dates use Foundation's `Date.FormatStyle` in the
/// injected locale (`en_GB` and `ru_RU` by default): "27 September 2027", "27 сентября 2027 г.".
///
/// ```swift
/// let strings = Localizer(language: .ru)
/// strings.money(Money(300_850))            // "300 850 ₽"
/// strings.payButton(total: Money(300_850))  // "Оплатить 300 850 ₽"
/// strings.touristTitle(2)                   // "Второй турист"
/// ```
public struct Localizer: Sendable {
  /// The language of the texts.
  public let language: Language
  /// The locale dates are formatted with: the one given to ``init(language:locale:)``, or
  /// `en_GB` / `ru_RU`.
  public var locale: Locale {
    explicitLocale ?? Locale(identifier: language == .ru ? "ru_RU" : "en_GB")
  }

  private let explicitLocale: Locale?

  /// Creates a localizer for `language`; `locale` (for dates) defaults to `en_GB` or `ru_RU`.
  ///
  /// Nothing locale-dependent is made here: only ``longDate(_:)`` needs ICU (its locale,
  /// calendar and date formatter), and the flow shows a long date only in one validation
  /// message, so a run that never shows it never opens ICU (about 1 ms of start-up).
  public init(language: Language, locale: Locale? = nil) {
    self.language = language
    self.explicitLocale = locale
  }

  private var ru: Bool { language == .ru }

  // MARK: - Formatting

  /// An amount as `289 400 ₽` (other currencies: `1 000 USD`).
  public func money(_ money: Money) -> String {
    Self.grouped(money.amount) + " " + (money.currency == "RUB" ? "₽" : money.currency)
  }

  /// `amount` in digits grouped in threes with plain spaces (`-1 234 567`): what the Russian
  /// number format gives once its spaces are normalised, without a formatter on the hot path
  /// (every keystroke on Booking shows several amounts).
  static func grouped(_ amount: Int) -> String {
    let digits = Array(String(amount.magnitude).utf8)
    var result: [UInt8] = amount < 0 ? [UInt8(ascii: "-")] : []
    result.reserveCapacity(digits.count + digits.count / 3 + 1)
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index).isMultiple(of: 3) { result.append(UInt8(ascii: " ")) }
      result.append(digit)
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// A date in words: "27 September 2027", "27 сентября 2027 г.".
  public func longDate(_ date: CalendarDate) -> String {
    let locale = self.locale
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    calendar.locale = locale
    let components = DateComponents(year: date.year, month: date.month, day: date.day)
    guard let instant = calendar.date(from: components) else { return date.dottedString }
    let style = Date.FormatStyle(
      date: .long, time: .omitted, locale: locale, calendar: calendar, timeZone: .gmt)
    return Self.plainSpaces(instant.formatted(style))
  }

  /// A date as `19.09.2027`.
  public func shortDate(_ date: CalendarDate) -> String { date.dottedString }

  /// Replaces no-break, narrow no-break and thin spaces with plain spaces.
  static func plainSpaces(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          switch scalar.value {
          case 0x00A0, 0x2007, 0x2009, 0x202F: " "
          default: scalar
          }
        }))
  }

  // MARK: - Titles

  /// The title of a screen.
  public func title(_ screen: ScreenKind) -> String {
    switch screen {
    case .hotel: ru ? "Отель" : "Hotel"
    case .rooms: ru ? "Номера" : "Rooms"
    case .booking: ru ? "Бронирование" : "Booking"
    case .paid: ru ? "Заказ оплачен" : "Order paid"
    }
  }

  /// "First tourist" ...
  ///
  /// "Tenth tourist", then "Tourist 11" (Russian: "Первый турист" ...).
  public func touristTitle(_ ordinal: Int) -> String {
    let english = [
      "First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth",
      "Tenth",
    ]
    let russian = [
      "Первый", "Второй", "Третий", "Четвёртый", "Пятый", "Шестой", "Седьмой", "Восьмой",
      "Девятый", "Десятый",
    ]
    guard (1...10).contains(ordinal) else { return ru ? "Турист \(ordinal)" : "Tourist \(ordinal)" }
    return ru ? "\(russian[ordinal - 1]) турист" : "\(english[ordinal - 1]) tourist"
  }

  // MARK: - Buttons

  /// `hotel.chooseRoom`.
  public var chooseRoom: String { ru ? "К выбору номера" : "Choose a room" }
  /// `rooms.room.ID.choose`.
  public var chooseThisRoom: String { ru ? "Выбрать номер" : "Choose this room" }
  /// Paid, beside the total the server computed for the accepted order: "Total paid" (the
  /// Booking screen's "Total to pay" is what is still to be paid).
  public var totalPaid: String { ru ? "Оплачено" : "Total paid" }
  /// Paid and `hotel orders`, beside a server's total that is not the one shown when Pay was
  /// tapped: "Total shown when you paid".
  public var totalShownWhenPaid: String {
    ru ? "Сумма, показанная при оплате" : "Total shown when you paid"
  }
  /// The Rooms screen of an API that lists no rooms: "This hotel has no rooms on offer right
  /// now".
  public var noRooms: String {
    ru
      ? "Сейчас у этого отеля нет номеров для бронирования"
      : "This hotel has no rooms on offer right now"
  }
  /// `rooms.page.previous` and `rooms.page.next`: "Previous rooms", "Next rooms".
  public func roomsPage(_ step: PhotoStep) -> String {
    switch step {
    case .previous: ru ? "Предыдущие номера" : "Previous rooms"
    case .next: ru ? "Следующие номера" : "Next rooms"
    }
  }
  /// Which rooms a page of the catalogue shows, counted from 1: "Rooms 51–100 of 50 000".
  public func roomsShown(first: Int, last: Int, of count: Int) -> String {
    let range = Self.grouped(first) + "–" + Self.grouped(last)
    return (ru ? "Номера " : "Rooms ") + range + (ru ? " из " : " of ") + Self.grouped(count)
  }
  /// `booking.pay`: "Pay 300 850 ₽".
  public func payButton(total: Money) -> String {
    (ru ? "Оплатить " : "Pay ") + money(total)
  }
  /// `booking.pay` while the order is being submitted.
  public var paying: String { ru ? "Оплата…" : "Paying…" }
  /// `booking.addTourist`.
  public var addTourist: String { ru ? "Добавить туриста" : "Add tourist" }
  /// `booking.tourist.K.remove`.
  public var removeTourist: String { ru ? "Удалить туриста" : "Remove tourist" }
  /// `paid.done`.
  public var done: String { ru ? "Супер!" : "Done" }
  /// `SCREEN.retry`.
  public var retry: String { ru ? "Повторить" : "Retry" }
  /// A carousel's previous button.
  public var previousPhoto: String { ru ? "Предыдущее фото" : "Previous photo" }
  /// A carousel's next button.
  public var nextPhoto: String { ru ? "Следующее фото" : "Next photo" }

  // MARK: - Content

  /// A carousel's position, "2 / 3" ("No photos" when empty).
  public func photoPosition(_ index: Int, of count: Int) -> String {
    count == 0 ? (ru ? "Нет фото" : "No photos") : "\(index + 1) / \(count)"
  }
  /// "5 Excellent".
  public func rating(_ rating: Int, name: String) -> String { "★ \(rating) \(name)" }
  /// "from 134 268 ₽".
  public func fromPrice(_ price: Money) -> String { (ru ? "от " : "from ") + money(price) }
  /// The hotel's description heading.
  public var aboutTheHotel: String { ru ? "Об отеле" : "About the hotel" }
  /// "Loading…".
  public var loading: String { ru ? "Загрузка…" : "Loading…" }
  /// What an empty field without a placeholder shows: "empty" / "пусто".
  public var emptyValue: String { ru ? "пусто" : "empty" }
  /// "7 nights" / "7 ночей" ("1 night", "3 ночи", "21 ночь").
  public func nights(_ count: Int) -> String {
    ru
      ? Self.russian(count, one: "ночь", few: "ночи", many: "ночей")
      : "\(count) " + (count == 1 ? "night" : "nights")
  }

  /// "2 tourists" / "2 туриста" ("1 tourist", "5 туристов").
  public func tourists(_ count: Int) -> String {
    ru
      ? Self.russian(count, one: "турист", few: "туриста", many: "туристов")
      : "\(count) " + (count == 1 ? "tourist" : "tourists")
  }

  /// `count` and the Russian word form that agrees with it: 1, 21 `one`; 2-4, 22-24 `few`;
  /// 0, 5-20, 25-30 `many` (11-14 always `many`).
  static func russian(_ count: Int, one: String, few: String, many: String) -> String {
    let lastTwo = count.magnitude % 100
    let word =
      switch (lastTwo, lastTwo % 10) {
      case (11...14, _): many
      case (_, 1): one
      case (_, 2...4): few
      default: many
      }
    return "\(count) \(word)"
  }

  // MARK: - Booking

  /// The booking details section.
  public var bookingDetails: String { ru ? "Детали бронирования" : "Booking details" }
  /// A booking detail's label.
  public func detail(_ detail: BookingDetail) -> String {
    switch detail {
    case .departure: ru ? "Вылет из" : "Departure"
    case .arrivalCountry: ru ? "Страна, город" : "Arrival country"
    case .dates: ru ? "Даты" : "Dates"
    case .nights: ru ? "Кол-во ночей" : "Nights"
    case .hotel: ru ? "Отель" : "Hotel"
    case .room: ru ? "Номер" : "Room"
    case .nutrition: ru ? "Питание" : "Nutrition"
    }
  }
  /// The buyer section's title.
  public var buyerSection: String { ru ? "Информация о покупателе" : "Buyer" }
  /// The price section's title.
  public var priceSection: String { ru ? "Стоимость" : "Price details" }
  /// A price line's label.
  public func priceLine(_ line: PriceLineKind) -> String {
    switch line {
    case .tour: ru ? "Тур" : "Tour"
    case .fuelCharge: ru ? "Топливный сбор" : "Fuel charge"
    case .serviceCharge: ru ? "Сервисный сбор" : "Service charge"
    case .total: ru ? "К оплате" : "Total to pay"
    }
  }

  // MARK: - Paid

  /// The Paid screen's heading.
  public var orderAccepted: String { ru ? "Ваш заказ принят в работу" : "Your order is accepted" }
  /// The Paid screen's explanation with the server's order number.
  public func orderConfirmation(number: Int) -> String {
    ru
      ? "Подтверждение заказа №\(number) может занять некоторое время (от 1 часа до суток). "
        + "Как только мы получим ответ от туроператора, вам на почту придёт уведомление."
      : "Confirmation of order No. \(number) may take some time (from 1 hour to a day). "
        + "As soon as the tour operator answers, you will get an e-mail."
  }
  /// The Paid summary's order number label.
  public var orderNumber: String { ru ? "Номер заказа" : "Order number" }
  /// The Paid summary's phone label.
  public var phone: String { ru ? "Телефон" : "Phone" }
  /// The Paid summary's passport label for tourist `ordinal`.
  public func passport(ofTourist ordinal: Int) -> String {
    "\(touristTitle(ordinal)): " + (ru ? "паспорт" : "passport")
  }

  // MARK: - Notices and toasts

  /// A notice's text.
  public func notice(_ notice: Notice) -> String {
    switch notice {
    case .showingSavedData: ru ? "Показаны сохранённые данные" : "Showing saved data"
    case .restoredDraft:
      ru ? "Восстановлено незавершённое бронирование" : "Restored your unfinished booking"
    case .roomUnavailable:
      ru
        ? "Выбранный номер больше не предлагается: выберите другой"
        : "The room you chose is no longer offered: choose another"
    case .tourStarted(let start): tourStarted(start)
    case .draftHeldElsewhere:
      ru
        ? "Это бронирование открыто в другом сеансе: изменения здесь не сохраняются"
        : "Another session holds this booking: changes here are not saved"
    case .formSchemaRefused(let problem): formSchemaRefused(problem)
    case .checkingPayment: ru ? "Проверяем ваш платёж…" : "Checking your payment…"
    case .touristsRemoved(let maximum, let removed): touristsRemoved(maximum, removed)
    }
  }

  private func touristsRemoved(_ maximum: Int, _ removed: ClosedRange<Int>) -> String {
    let one = removed.count == 1
    let range = one ? "\(removed.lowerBound)" : "\(removed.lowerBound)–\(removed.upperBound)"
    if ru {
      // "не больше" takes the genitive: 1, 21 туриста; 2, 5, 11 туристов.
      let genitive = maximum % 10 == 1 && maximum % 100 != 11 ? "туриста" : "туристов"
      return "Это предложение теперь допускает не больше \(maximum) \(genitive): "
        + (one ? "турист \(range) убран" : "туристы \(range) убраны")
    }
    return "This offer now takes at most \(maximum) tourist\(maximum == 1 ? "" : "s"): "
      + (one ? "tourist \(range) was removed" : "tourists \(range) were removed")
  }

  /// "This tour started on 20 September 2027": the notice, and why Pay refuses.
  public func tourStarted(_ start: CalendarDate) -> String {
    (ru ? "Этот тур начался " : "This tour started on ") + longDate(start)
  }

  /// A toast's text.
  public func toast(_ toast: Toast) -> String {
    switch toast {
    case .correctHighlightedFields:
      ru ? "Исправьте выделенные поля" : "Please correct the highlighted fields"
    case .paymentFailed(let error): paymentFailed(apiError(error))
    case .paymentNotConfirmed(let error): paymentNotConfirmed(apiError(error))
    case .paymentBeingChecked:
      ru
        ? "Платёж проверяется: бронирование нельзя изменить, пока сервер не ответит"
        : "Your payment is being checked: the booking cannot be changed until the server answers"
    case .orderNotSaved:
      ru
        ? "Заказ принят, но не сохранён на этом устройстве"
        : "The order is accepted but could not be saved on this device"
    case .formCannotPlaceOrder(let path):
      ru
        ? "Эта форма не позволяет оформить заказ (нет поля \(path))"
        : "This form cannot place an order (no field \(path))"
    case .tourStarted(let start): tourStarted(start)
    case .dateDigitsDropped(let digits):
      ru
        ? "Дата уже полная: лишние цифры \(digits) не вошли"
        : "The date is complete: the extra digits \(digits) were left out"
    case .textCut(let kept):
      ru
        ? "Текст слишком длинный: в поле остались первые \(kept) символов, остальное не вошло"
        : "The text is too long: the field kept its first \(kept) characters, the rest was left out"
    case .priceUpdating: priceUpdating
    case .totalNotCalculated(let failure): totalNotCalculated(failure)
    case .totalNotPayable(let total): totalNotPayable(total)
    }
  }

  /// Why a request failed, in one sentence.
  public func apiError(_ error: APIError) -> String {
    switch error {
    case .noConnection: ru ? "Нет соединения с сервером" : "No connection to the server"
    case .connectionFailed(let failure): connectionFailure(failure)
    case .timeout: ru ? "Сервер слишком долго не отвечает" : "The server took too long to answer"
    // The two a person can act on: a wrong address (a base URL without its `/v1`), and a
    // server that wants a sign-in this app does not do.
    case .notFound(let url?):
      ru
        ? "На сервере нет адреса \(url) (ошибка 404): проверьте адрес API"
        : "The server has nothing at \(url) (error 404): check the API address"
    case .notFound(nil):
      ru
        ? "На сервере нет такого адреса (ошибка 404): проверьте адрес API"
        : "The server has nothing at this address (error 404): check the API address"
    case .httpStatus(let status) where status == 401 || status == 403:
      ru
        ? "Сервер не пускает без входа (ошибка \(status)): это приложение не выполняет вход на сервер"
        : "The server refused access (error \(status)): this app does not sign in to servers"
    case .httpStatus(let status) where status >= 400 || status < 100:
      ru ? "Сервер ответил ошибкой \(status)" : "The server answered with error \(status)"
    case .httpStatus(let status):
      // A 1xx, 2xx or 3xx that is not the answer asked for (a 304 to a request that had no
      // cached copy, a 300 Multiple Choices): not an error of the server's, so not called one.
      ru
        ? "Сервер ответил кодом \(status), а не ожидаемыми данными"
        : "The server answered with status \(status) instead of the data asked for"
    case .redirected(let status, let location?):
      ru
        ? "Сервер перенаправил запрос на \(location) (код \(status)); если это новый адрес сервера, укажите его как адрес API"
        : "The server redirected the request to \(location) (status \(status)); if that is the server's new address, use it as the API address"
    case .redirected(let status, nil):
      ru
        ? "Сервер перенаправил запрос (код \(status)), не сказав куда"
        : "The server redirected the request (status \(status)) without saying where to"
    case .invalidStatus(let status):
      ru
        ? "Сервер ответил кодом \(status), которого нет в HTTP: это не ответ, который можно понять"
        : "The server answered with status \(status), which HTTP does not have: not an answer that can be understood"
    case .refused(_, let message): message
    case .tooLarge(let limit):
      ru
        ? "Ответ сервера больше допустимых \(byteCount(limit))"
        : "The server's answer is larger than the limit of \(byteCount(limit))"
    case .tooManyHeaderLines(let limit):
      ru
        ? "Сервер прислал заголовок ответа длиннее \(limit) строк"
        : "The server sent a response head of more than \(limit) lines"
    case .invalidContentLength(let value?):
      ru
        ? "Ответ сервера с недопустимой длиной (Content-Length: \(value))"
        : "The server's answer has an invalid length (Content-Length: \(value))"
    case .invalidContentLength(nil):
      ru
        ? "Ответ сервера с недопустимым заголовком длины (Content-Length)"
        : "The server's answer has an invalid length header (Content-Length)"
    case .wrongContentType(let type?):
      ru
        ? "Сервер прислал ответ неожиданного типа (\(type))"
        : "The server sent an unexpected kind of answer (\(type))"
    case .wrongContentType(nil):
      ru
        ? "Сервер прислал ответ без типа содержимого"
        : "The server sent an answer without a content type"
    case .emptyAnswer(let status):
      ru
        ? "Сервер прислал пустой ответ (код \(status)) вместо данных"
        : "The server sent an empty answer (status \(status)) instead of the data"
    case .undecodable(let problem):
      ru
        ? "Не удалось прочитать ответ сервера: \(decodingProblem(problem))"
        : "The server's answer could not be read: \(decodingProblem(problem))"
    case .invalidFormSchema(let problem):
      ru
        ? "Форму бронирования с сервера нельзя использовать: \(formSchemaProblem(problem))"
        : "The server's booking form cannot be used: \(formSchemaProblem(problem))"
    case .cancelled: ru ? "Запрос отменён" : "The request was cancelled"
    case .insecureURL(let url):
      ru ? "Небезопасный адрес сервера: \(url)" : "Refused an insecure server address: \(url)"
    case .ipv6Literal(let host): ipv6Unreachable(host, startsSentence: true)
    }
  }
}

extension Localizer {
  /// "Payment failed: REASON.
  ///
  /// Tap Pay to try again" (no second full stop after a server's own message that ends its
  /// sentence).
  func paymentFailed(_ reason: String) -> String {
    let stop = reason.last.map { ".!?…".contains($0) } == true ? " " : ". "
    return (ru ? "Оплата не прошла: " : "Payment failed: ") + reason + stop
      + (ru ? "Нажмите «Оплатить», чтобы повторить" : "Tap Pay to try again")
  }

  /// "Your payment is not confirmed yet: REASON.
  ///
  /// Tap Pay to check again".
  func paymentNotConfirmed(_ reason: String) -> String {
    let stop = reason.last.map { ".!?…".contains($0) } == true ? " " : ". "
    return (ru ? "Платёж ещё не подтверждён: " : "Your payment is not confirmed yet: ") + reason
      + stop + (ru ? "Нажмите «Оплатить», чтобы проверить снова" : "Tap Pay to check again")
  }

  /// Why Pay refuses a total that cannot be paid: "The total to pay must be more than 0 ₽ (it
  /// is -289 400 ₽), so the order cannot be placed".
  func totalNotPayable(_ total: Money) -> String {
    let shown = money(total)
    if total.amount > Money.payableAmounts.upperBound {
      return ru
        ? "Сумма к оплате слишком велика (\(shown)), поэтому заказ не может быть оформлен"
        : "The total to pay is too large (\(shown)), so the order cannot be placed"
    }
    let zero = money(.zero(total.currency))
    return ru
      ? "Сумма к оплате должна быть больше \(zero) (сейчас \(shown)), поэтому заказ не может быть оформлен"
      : "The total to pay must be more than \(zero) (it is \(shown)), so the order cannot be placed"
  }

  /// Why the certificate of the server at `server` is not trusted, and what to do about it.
  func untrustedCertificate(
    _ problem: ConnectionFailure.CertificateProblem, server: String
  ) -> String {
    let trustStore =
      ru
      ? "добавьте его в системное хранилище доверенных сертификатов"
      : "add it to the system's trust store"
    switch problem {
    case .selfSigned:
      return ru
        ? "У сервера \(server) самоподписанный сертификат, которому этот компьютер не доверяет; если сервер ваш, \(trustStore)"
        : "The server at \(server) has a self-signed certificate, which this computer does not trust; if the server is yours, \(trustStore)"
    case .unknownAuthority:
      return ru
        ? "Сертификат сервера \(server) подписан центром сертификации, которому этот компьютер не доверяет; если это центр вашей компании, \(trustStore)"
        : "The certificate of the server at \(server) is signed by an authority this computer does not trust; if it is your company's, \(trustStore)"
    case .outOfDate:
      return ru
        ? "Сертификат сервера \(server) просрочен или ещё не действует; проверьте дату на этом компьютере"
        : "The certificate of the server at \(server) has expired or is not valid yet; check this computer's date"
    case .wrongHost:
      return ru
        ? "Сертификат сервера \(server) выдан для другого имени; укажите имя, для которого он выдан"
        : "The certificate of the server at \(server) is for another name; use the host name it was issued for"
    case .other:
      return ru
        ? "Этот компьютер не доверяет сертификату сервера \(server)"
        : "This computer does not trust the certificate of the server at \(server)"
    }
  }

  /// "No connection to the server at HOST:PORT: CAUSE"; with a proxy from the environment,
  /// "No connection to the server at HOST:PORT through the proxy PROXY:PORT (VARIABLE): CAUSE",
  /// since the proxy may be what failed.
  func connectionFailure(_ failure: ConnectionFailure) -> String {
    let cause: String?
    switch failure.cause {
    case .refused: cause = ru ? "соединение отклонено" : "connection refused"
    case .hostNotFound: cause = ru ? "сервер не найден" : "host not found"
    case .closedByServer:
      cause = ru ? "сервер закрыл соединение" : "connection closed by the server"
    case .answerCutShort:
      return ru
        ? "Сервер \(failure.server) закрыл соединение, не дослав ответ до конца"
        : "The server at \(failure.server) closed the connection before its answer was complete"
    case .other: cause = nil
    case .tooManyRedirects:
      return ru
        ? "Сервер \(failure.server) перенаправляет запрос слишком много раз (петля перенаправлений)"
        : "The server at \(failure.server) redirects too many times (a redirect loop)"
    case .badResponse:
      return ru
        ? "Сервер \(failure.server) прислал ответ, который не читается как HTTP"
        : "The server at \(failure.server) sent an answer that is not valid HTTP"
    case .secureConnectionFailed:
      return ru
        ? "Не удалось установить защищённое соединение (TLS) с сервером \(failure.server)"
        : "Could not make a secure connection (TLS) to the server at \(failure.server)"
    case .untrustedCertificate(let problem):
      return untrustedCertificate(problem, server: failure.server)
    }
    var head =
      ru
      ? "Нет соединения с сервером \(failure.server)"
      : "No connection to the server at \(failure.server)"
    if let proxy = failure.proxy {
      head +=
        ru
        ? " через прокси \(proxy.address) (\(proxy.variable))"
        : " through the proxy \(proxy.address) (\(proxy.variable))"
    }
    return cause.map { "\(head): \($0)" } ?? head
  }

  /// What is wrong with a JSON document (an API's answer, a file, a form schema), naming
  /// where: "the key booking.tour_price is missing", "the number 1e400 at total is out of range".
  public func decodingProblem(_ problem: DecodingProblem) -> String {
    // The English words are the problem's own description (Domain), so they have one home.
    guard ru else { return problem.description }
    switch problem {
    case .notJSON: return "это не JSON"
    case .notUTF8: return "это не текст в UTF-8, а JSON должен быть в UTF-8"
    case .syntax(let error): return "это не JSON: \(jsonSyntaxProblem(error))"
    case .tooDeep(let depth, let limit):
      return "вложенность больше \(limit) уровней (\(depth))"
    case .missingKey(let path): return "нет ключа \(path)"
    case .duplicateKey(let path): return "ключ \(path) встречается больше одного раза"
    case .wrongType(let path?, let kind): return "\(path) — не \(valueKind(kind))"
    case .wrongType(nil, let kind): return "это не \(valueKind(kind))"
    case .outOfRange(let path?, let value):
      return "число \(value) в \(path) вне допустимого диапазона"
    case .outOfRange(nil, let value): return "число \(value) вне допустимого диапазона"
    case .invalidValue(let path?): return "недопустимое значение в \(path)"
    case .invalidValue(nil): return "недопустимое значение"
    }
  }

  private func valueKind(_ kind: DecodingProblem.ValueKind) -> String {
    switch kind {
    case .wholeNumber: "целое число"
    case .number: "число"
    case .text: "строка"
    case .bool: "true или false"
    case .list: "список"
    case .object: "объект"
    case .scalar: "число, строка, true, false или null"
    }
  }

  /// "5 MiB" for a limit in whole mebibytes, "1000 bytes" otherwise.
  func byteCount(_ bytes: Int) -> String {
    let mebibyte = 1_048_576
    if bytes >= mebibyte, bytes % mebibyte == 0 {
      return ru ? "\(bytes / mebibyte) МиБ" : "\(bytes / mebibyte) MiB"
    }
    return ru ? "\(bytes) байт" : "\(bytes) bytes"
  }

  /// The notices joined with " · ", or `nil` when there are none.
  func noticeText(_ notices: [Notice]) -> String? {
    notices.isEmpty ? nil : notices.map(notice).joined(separator: " · ")
  }
}

import Domain
import Persistence
import Presentation
import UseCases

/// Every message of the CLI's own in English and Russian (`--lang`): the prompt's hint, `help`, the
/// script language's parse errors, the failures of steps and expectations, and the session notices
/// on stderr.
///
/// The screens' texts are Presentation's (`Localizer`); the words of `hotel orders` are
/// ``OrderListingStrings``. Commands, IDs, screen names and option names stay as typed: they are
/// the language of scripts, not of the user interface.
struct CLIStrings: Equatable, Sendable {
  /// The language of the messages.
  var language: Language

  /// English messages (what tests and the parser use when no language is given).
  static let english = CLIStrings(language: .en)

  private var ru: Bool { language == .ru }

  /// The language `arguments` ask for with `--lang` (read before the command line is parsed,
  /// so that its own errors follow it); English otherwise.
  static func requested(in arguments: [String]) -> CLIStrings {
    var index = 0
    while index < arguments.count, arguments[index] != "--" {
      let argument = arguments[index]
      index += 1
      let value: String?
      if argument == "--lang" {
        value = index < arguments.count ? arguments[index] : nil
      } else if argument.hasPrefix("--lang=") {
        value = String(argument.dropFirst("--lang=".count))
      } else {
        continue
      }
      if let value, let language = Language(rawValue: value) {
        return CLIStrings(language: language)
      }
    }
    return .english
  }

  // MARK: - The command line

  /// After every usage error.
  var seeHelp: String { ru ? " (см. 'hotel --help')" : " (see 'hotel --help')" }

  /// A path or script name where the command goes.
  func unknownCommandLooksLikeAScript(_ argument: String) -> String {
    ru
      ? "неизвестная команда '\(argument)'; чтобы воспроизвести сценарий: hotel replay FILE"
      : "unknown command '\(argument)'; to replay a script: hotel replay FILE"
  }

  /// An unknown command of `hotel`, with the hint.
  func unknownSubcommand(_ argument: String, hint: String) -> String {
    (ru ? "неизвестная команда '\(argument)'" : "unknown command '\(argument)'") + hint
  }

  /// An unknown option, with the hint.
  func unknownOption(_ name: String, hint: String) -> String {
    (ru ? "неизвестный параметр '\(name)'" : "unknown option '\(name)'") + hint
  }

  /// An option without its value.
  func needsValue(_ name: String, _ valueName: String) -> String {
    ru ? "\(name) требует значение (\(valueName))" : "\(name) needs a value (\(valueName))"
  }

  /// A flag given a value.
  func takesNoValue(_ name: String) -> String {
    ru ? "\(name) не принимает значения" : "\(name) takes no value"
  }

  /// An argument no command takes.
  func unexpectedCommandArgument(_ argument: String) -> String {
    ru ? "лишний аргумент '\(argument)'" : "unexpected argument '\(argument)'"
  }

  /// `hotel help TOPIC` for an unknown topic.
  func noHelpFor(_ topic: String, commands: String) -> String {
    ru
      ? "нет справки по '\(topic)'; команды: \(commands)"
      : "no help for '\(topic)'; commands: \(commands)"
  }

  /// An option given to a command it does not apply to.
  func doesNotApply(_ option: String, to command: String) -> String {
    ru ? "\(option) не относится к '\(command)'" : "\(option) does not apply to '\(command)'"
  }

  /// `hotel replay` without a script.
  var replayNeedsScript: String {
    ru
      ? "replay требует сценарий: hotel replay FILE (или - для стандартного ввода)"
      : "replay needs a script: hotel replay FILE (or - for standard input)"
  }

  /// `hotel replay ""`.
  var scriptPathEmpty: String {
    ru ? "replay: путь к сценарию пуст" : "replay: the script path is empty"
  }

  /// `--data-dir ""`.
  var dataDirectoryEmpty: String {
    ru ? "--data-dir: каталог не указан" : "--data-dir: no directory given (the path is empty)"
  }

  /// `--lang` with another language.
  func unsupportedLanguage(_ value: String) -> String {
    ru
      ? "--lang: язык '\(value)' не поддерживается (en, ru)"
      : "--lang: '\(value)' is not a supported language (en, ru)"
  }

  /// `--color` with another mode.
  func unknownColorMode(_ value: String) -> String {
    ru
      ? "--color: '\(value)' — не auto, always или never"
      : "--color: '\(value)' is not one of auto, always, never"
  }

  /// `--record ""`.
  var recordFileEmpty: String {
    ru ? "--record: имя файла не указано" : "--record: the file name is empty"
  }

  /// `hotel serve --form ""`.
  var formFileEmpty: String {
    ru ? "--form: имя файла не указано" : "--form: the file name is empty"
  }

  /// `hotel serve --form de=FILE`: a language the app does not have.
  func formLanguageUnsupported(_ value: String) -> String {
    ru
      ? "--form: язык '\(value)' не поддерживается (en, ru)"
      : "--form: '\(value)' is not a supported language (en, ru)"
  }

  /// `hotel serve --form ru=A --form ru=B` (or two plain `--form FILE`, `language` `nil`).
  func formGivenTwice(_ language: Language?) -> String {
    guard let language else {
      return ru
        ? "--form: форма для всех языков указана дважды"
        : "--form: a form for every language is given twice"
    }
    return ru
      ? "--form: форма для \(language.rawValue) указана дважды"
      : "--form: a form for \(language.rawValue) is given twice"
  }

  /// `--timeout` that is not a number.
  func timeoutNotANumber(_ value: String) -> String {
    ru
      ? "--timeout: '\(value)' — не число секунд"
      : "--timeout: '\(value)' is not a number of seconds"
  }

  /// `--timeout` out of bounds.
  func timeoutOutOfRange(_ value: String) -> String {
    ru
      ? "--timeout: \(value) вне диапазона 1...600 секунд"
      : "--timeout: \(value) is outside 1...600 seconds"
  }

  /// An API base URL the client refuses (Networking's rule), in `source`'s terms (`--api`,
  /// `HOTEL_API_URL`): the `Localizer`'s words for `problem`.
  func badBaseURL(_ source: String, _ problem: BaseURLProblem, in url: String) -> String {
    "\(source): " + Localizer(language: language).baseURLProblem(problem, in: url)
  }

  /// `--api ""` (or blanks): the source named, the empty value said as such.
  func baseURLEmpty(_ source: String) -> String {
    ru
      ? "\(source): адрес не указан (значение пустое)"
      : "\(source): no URL given (the value is empty)"
  }

  /// What joins the problems of one command line, each named (SPEC 5).
  var furtherProblem: String { ru ? "; также: " : "; also: " }

  /// `--today` in another form.
  func todayNotADate(_ value: String) -> String {
    ru
      ? "--today: '\(value)' — не дата вида YYYY-MM-DD"
      : "--today: '\(value)' is not a date in the form YYYY-MM-DD"
  }

  /// `--today` that names no day.
  func todayNotReal(_ value: String) -> String {
    ru ? "--today: даты '\(value)' не существует" : "--today: '\(value)' is not a real date"
  }

  /// A whole-number option given something else.
  func notAWholeNumber(_ name: String, _ value: String) -> String {
    ru ? "\(name): '\(value)' — не целое число" : "\(name): '\(value)' is not a whole number"
  }

  /// A whole-number option out of its bounds.
  func outOfBounds(_ name: String, _ value: String, _ range: ClosedRange<Int>) -> String {
    let bounds = "\(range.lowerBound)...\(range.upperBound)"
    return ru
      ? "\(name): \(value) вне диапазона \(bounds)" : "\(name): \(value) is outside \(bounds)"
  }

  /// A path option that is not a path.
  func notAPath(_ name: String, _ value: String) -> String {
    ru
      ? "\(name): '\(value)' — не путь (путь начинается с /, например /rooms)"
      : "\(name): '\(value)' is not a path (paths start with /, e.g. /rooms)"
  }

  /// A fault flag of `hotel serve` on a path the fixture does not serve; `hint` is a
  /// ``didYouMean(_:)`` or empty, `served` the paths it serves.
  func notAServedPath(_ name: String, _ path: String, hint: String, served: String) -> String {
    ru
      ? "\(name): у тестового API нет пути '\(path)'\(hint) (его пути: \(served))"
      : "\(name): the fixture serves no '\(path)'\(hint) (its paths: \(served))"
  }

  /// Nothing gives a data directory: `HOME` is not set (or, `homeIsSet`, not an absolute path).
  func noDataDirectory(homeIsSet: Bool) -> String {
    if ru {
      return "нет каталога данных: "
        + (homeIsSet ? "HOME — не абсолютный путь" : "переменная HOME не задана")
        + "; укажите --data-dir DIR или задайте HOTEL_DATA_DIR"
    }
    return "no data directory: "
      + (homeIsSet ? "HOME is not an absolute path" : "HOME is not set")
      + "; give --data-dir DIR or set HOTEL_DATA_DIR"
  }

  // MARK: - The prompt

  /// The line under the first screen of an interactive session.
  var promptHint: String {
    ru
      ? "Введите 'help', чтобы увидеть команды и ID этого экрана, 'quit' — чтобы выйти."
      : "Type 'help' for the commands and IDs on this screen, 'quit' to stop."
  }

  /// Added to a line that does not parse at the prompt.
  var typeHelpForCommands: String {
    ru ? " (список команд: 'help')" : " (type 'help' for the commands)"
  }

  // MARK: - help

  /// The first lines of `help`: the commands.
  var helpCommands: [String] {
    ru
      ? [
        "Команды: tap ID | type ID ТЕКСТ | next | back | show | help | quit (или exit)",
        "         expect screen ЭКРАН | error ID | valid ID | value ID ТЕКСТ | enabled ID |"
          + " disabled ID | text ТЕКСТ",
      ]
      : [
        "Commands: tap ID | type ID TEXT | next | back | show | help | quit (or exit)",
        "          expect screen NAME | error ID | valid ID | value ID TEXT | enabled ID |"
          + " disabled ID | text TEXT",
      ]
  }

  /// "On the booking screen:".
  func onScreen(_ screen: String) -> String {
    ru ? "На экране \(screen):" : "On the \(screen) screen:"
  }

  /// A screen with nothing to address.
  ///
  /// The line `help` ends with when it lists only the first IDs.
  func moreIDs(_ count: Int) -> String {
    ru
      ? "  … и ещё \(count) (их ID устроены так же, по номеру комнаты)"
      : "  … and \(count) more (their IDs follow the same pattern, by room number)"
  }

  var nothingToAddress: String {
    ru
      ? "  (здесь нечего нажать или ввести; back — назад)"
      : "  (nothing to tap or type; back goes back)"
  }

  /// After a read-only field in `help`.
  var readOnlyNote: String { ru ? " (только чтение)" : " (read-only)" }

  /// After a bool field in `help`.
  var switchNote: String { ru ? " (вкл./выкл.)" : " (on/off)" }

  /// After a disabled button in `help`.
  var disabledNote: String { ru ? " (недоступна)" : " (disabled)" }

  // MARK: - Reading a script

  /// A script that cannot be read, and why.
  func cannotReadScript(_ shown: String, _ reason: String) -> String {
    ru
      ? "не удалось прочитать сценарий \(shown): \(reason)"
      : "cannot read the script \(shown): \(reason)"
  }

  /// Why: the file is missing.
  var noSuchFile: String { ru ? "нет такого файла" : "no such file" }

  /// Why: the path is a directory.
  var isADirectory: String { ru ? "это каталог" : "it is a directory" }

  /// Why an included script is not read: a FIFO, a device or a socket.
  var notARegularFile: String {
    ru
      ? "это не обычный файл (FIFO или устройство)"
      : "it is not a regular file (a FIFO or a device)"
  }

  /// Why: no permission.
  var permissionDenied: String { ru ? "нет доступа" : "permission denied" }

  /// Why: the directory is missing.
  var noSuchDirectory: String { ru ? "нет такого каталога" : "no such directory" }

  /// `--record FILE` that cannot be written.
  func cannotWriteRecordFile(_ path: String, reason: String) -> String {
    ru
      ? "не удалось записать файл записи '\(path)': \(reason)"
      : "cannot write the record file '\(path)': \(reason)"
  }

  /// Why: a FIFO (or a device) that gave nothing: no process had it open for writing.
  var nothingWritten: String {
    ru
      ? "это FIFO или устройство, и в него ничего не записано"
      : "it is a FIFO or a device and nothing was written to it"
  }

  /// Why: a FIFO that no process reads (a record file).
  var fifoWithoutReader: String {
    ru ? "это FIFO, из которого никто не читает" : "it is a FIFO that nothing reads from"
  }

  /// A script over the size limit.
  func scriptTooLarge(_ name: String) -> String {
    ru ? "сценарий \(name) больше 4 МиБ" : "the script \(name) is larger than 4 MiB"
  }

  /// A script that is not UTF-8.
  func scriptNotUTF8(_ name: String) -> String {
    ru ? "сценарий \(name) — не текст в UTF-8" : "the script \(name) is not UTF-8 text"
  }

  /// A script with a NUL byte: a binary file.
  func scriptIsBinary(_ name: String) -> String {
    ru
      ? "сценарий \(name) — двоичный файл, а не текст (в нём есть байт NUL)"
      : "the script \(name) is a binary file, not text (it holds a NUL byte)"
  }

  // MARK: - Step failures

  /// A refused action as the app reports it: the element's ID, then Presentation's words
  /// (`booking.pay: the button is disabled`, `back: there is no screen before hotel`; an
  /// element the screen lacks: the words alone).
  func refusal(_ error: ActionError, on screen: ScreenKind) -> String {
    let words = Localizer(language: language).actionError(error, on: screen)
    switch error {
    case .unknownElement: return words
    case .cannotGoBack: return "back: " + words
    case .disabled(let id), .readOnly(let id), .notAField(let id), .insideCollapsedSection(let id),
      .paymentPending(let id):
      return "\(id): \(words)"
    }
  }

  /// `expect screen` that failed.
  func screenIs(_ screen: String) -> String {
    ru ? "открыт экран \(screen)" : "the screen is \(screen)"
  }

  /// `expect error` that failed.
  func fieldShowsNoError(value: String) -> String {
    ru
      ? "поле не показывает ошибку (значение '\(value)')"
      : "the field shows no error (value '\(value)')"
  }

  /// `expect valid` that failed.
  func fieldShowsError(_ error: String) -> String {
    ru ? "поле показывает ошибку '\(error)'" : "the field shows the error '\(error)'"
  }

  /// `expect value` that failed.
  func fieldShows(_ value: String, not wanted: String) -> String {
    ru
      ? "поле показывает '\(value)', а не '\(wanted)'"
      : "the field shows '\(value)', not '\(wanted)'"
  }

  /// `expect value` that failed on a masked field whose value and expectation mask alike.
  func fieldShowsMaskedDifference(_ masked: String) -> String {
    ru
      ? "поле показывает '\(masked)': значение отличается от ожидаемого в скрытых цифрах"
      : "the field shows '\(masked)': it differs from the expected value in the hidden digits"
  }

  /// `expect text` that failed.
  func textNotOnScreen(_ text: String, screen: String) -> String {
    ru
      ? "expect text: на экране \(screen) нет '\(text)'"
      : "expect text: '\(text)' is not on the \(screen) screen"
  }

  /// A field expectation on a button.
  func isAButtonNotAField(_ id: String) -> String {
    ru ? "'\(id)' — кнопка, а не поле" : "'\(id)' is a button, not a field"
  }

  /// A button expectation on a field.
  func isAFieldNotAButton(_ id: String) -> String {
    ru ? "'\(id)' — поле, а не кнопка" : "'\(id)' is a field, not a button"
  }

  /// `expect enabled` / `expect disabled` that failed.
  func buttonIs(enabled: Bool) -> String {
    ru
      ? (enabled ? "кнопка доступна" : "кнопка недоступна")
      : (enabled ? "the button is enabled" : "the button is disabled")
  }

  /// The no-connection state (SPEC section 3), also added to a failure seen in it.
  var apiUnreachable: String {
    ru
      ? "API недоступен, и сохранённых данных нет"
      : "the API could not be reached and no saved data could serve"
  }

  /// What the screen says (its toast or load failure), added to a failed line's message so a
  /// CI log tells why ("the screen is booking; the screen says 'Payment failed: ...'").
  func screenSays(_ text: String) -> String {
    ru ? "; на экране сообщение '\(text)'" : "; the screen says '\(text)'"
  }

  /// How to retry on `screen`.
  func retryHint(_ screen: String) -> String {
    ru ? " ('tap \(screen).retry' — повторить)" : " ('tap \(screen).retry' tries again)"
  }

  /// A screen whose load failed.
  func screenCouldNotLoad(_ screen: String, _ failure: String) -> String {
    ru
      ? "экран \(screen) не загрузился: \(failure)"
      : "the \(screen) screen could not load: \(failure)"
  }

  /// After a refusal of an ID the screen lacks, when nothing is close.
  var helpListsTheIDs: String { ru ? "; 'help' покажет все ID" : "; 'help' lists the IDs" }

  // MARK: - Session

  /// Another session holds the booking of `directory` (SPEC section 5.4); `fresh` tells which of
  /// the two ways this session went.
  func draftHeldElsewhere(_ directory: String, fresh: Bool) -> String {
    if ru {
      return "бронирование в \(directory) открыто в другом сеансе hotel; "
        + (fresh
          ? "этот сеанс начинает новое бронирование, которое не сохраняется как черновик"
          : "этот сеанс продолжает его только для чтения (изменения не сохраняются как черновик); "
            + "новое бронирование: --fresh")
    }
    return "another hotel session holds the booking in \(directory); "
      + (fresh
        ? "this one starts a fresh booking, not saved as the draft"
        : "this one continues it read-only (its changes are not saved as the draft); "
          + "to start a fresh booking instead: --fresh")
  }

  // MARK: - Files

  // A store problem's words are the `Localizer`'s (`storeError(_:)`, `storeReport(_:)`), as
  // every host's, a data directory that cannot be used included: ``StoreErrorText`` adds only
  // what the app knows (its option and variable, when there is no home directory or when a
  // command refuses the directory at its start).

  /// What to do when there is no home directory to put the data directory in (after the
  /// `Localizer`'s words for it).
  var noHomeDirectoryHint: String {
    ru ? "укажите --data-dir или задайте HOTEL_DATA_DIR" : "pass --data-dir or set HOTEL_DATA_DIR"
  }

  /// What to do when a command refuses the data directory it was given (after the
  /// `Localizer`'s words for what is wrong with it): the option and the variable as
  /// `hotel --help` names them.
  var anotherDataDirectoryHint: String {
    ru
      ? "укажите другой в --data-dir или HOTEL_DATA_DIR"
      : "pass another one with --data-dir or HOTEL_DATA_DIR"
  }

  /// The in-process fixture API could not listen.
  func couldNotStartFixture(_ reason: String) -> String {
    ru
      ? "не удалось запустить встроенный API: \(reason)"
      : "could not start the built-in fixture API: \(reason)"
  }

  /// An API base URL the client refuses.
  func apiNotAllowed(_ url: String, reason: String) -> String {
    ru ? "--api: адрес \(url) не разрешён (\(reason))" : "--api: \(url) is not allowed (\(reason))"
  }

  /// Orders the server accepted that could not be saved in the data directory.
  func ordersNotSaved(_ numbers: [Int], reason: String) -> String {
    let list = numbers.map(String.init).joined(separator: ", ")
    if ru {
      return numbers.count == 1
        ? "заказ \(list) принят сервером, но не сохранён здесь (\(reason)); он есть только на сервере"
        : "заказы \(list) приняты сервером, но не сохранены здесь (\(reason)); они есть только на"
          + " сервере"
    }
    let subject = numbers.count == 1 ? "order \(list) was" : "orders \(list) were"
    return "\(subject) accepted by the server but could not be saved here (\(reason)); "
      + (numbers.count == 1 ? "it exists" : "they exist") + " only on the server"
  }

  /// Standard output could not be written, for the system's error number `code`.
  func couldNotWriteOutput(code: Int32) -> String {
    let reason =
      switch code {
      case Platform.SystemError.badDescriptor: ru ? "он закрыт" : "it is closed"
      default: systemReason(code)
      }
    return ru
      ? "не удалось записать в стандартный вывод: \(reason)"
      : "could not write to standard output: \(reason)"
  }

  /// Standard input of the line mode holds a NUL byte: it is not text, and is not read on.
  var standardInputNotText: String {
    ru
      ? "стандартный ввод — не текст (в нём есть байт NUL)"
      : "standard input is not text (it holds a NUL byte)"
  }

  /// A line at the prompt over the length limit.
  func lineTooLong(_ number: Int, limit: Int) -> String {
    ru
      ? "строка \(number) длиннее \(limit) байт; она пропускается до её конца"
      : "line \(number) is longer than \(limit) bytes; it is skipped up to its end"
  }

}

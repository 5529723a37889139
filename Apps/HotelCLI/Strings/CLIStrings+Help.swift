import Domain

extension CLIStrings {
  private var russian: Bool { language == .ru }

  // MARK: - Help (`hotel --help`, `hotel COMMAND --help`, `hotel help [COMMAND]`)

  /// The head of `hotel --help`: what the tool does and its commands.
  var helpToolHead: String {
    russian
      ? """
      hotel: бронирование отеля по шагам (Отель -> Номера -> Бронирование -> Оплачено).

      Использование:
        hotel [run]                 пройти бронирование в терминале (по умолчанию)
        hotel replay FILE|-         выполнить сценарий; код 0, если все проверки прошли
        hotel test PATH...          выполнить сценарии (файлы, папки с *.hotel) как набор
        hotel serve                 запустить тестовый API (fixture) на переднем плане
        hotel orders [--json]       список сохранённых заказов (личные данные скрыты)
      \(helpFormCheckLine)
        hotel help [COMMAND]        справка по команде
      """
      : """
      hotel: walk through the hotel-booking flow (Hotel -> Rooms -> Booking -> Paid).

      Usage:
        hotel [run]                 interactive walk through the flow (the default)
        hotel replay FILE|-         run a script; exit 0 when every expectation held
        hotel test PATH...          run journeys (files, folders of *.hotel) as a suite
        hotel serve                 run the fixture API in the foreground
        hotel orders [--json]       list saved orders (personal data masked)
      \(helpFormCheckLine)
        hotel help [COMMAND]        show help for a command
      """
  }

  /// The tail of `hotel --help`: environment variables and exit codes.
  var helpToolTail: String {
    russian
      ? """
      Переменные окружения: HOTEL_API_URL, HOTEL_DATA_DIR (иначе $XDG_DATA_HOME/hotel, иначе
      ~/.local/share/hotel; replay и test без --data-dir держат данные в памяти),
      HOTEL_VAR_NAME (${NAME} в сценариях), TMPDIR, NO_COLOR.
      Коды выхода: 0 успех; 1 проверка или действие не удались; 2 неверный вызов (и путь
      --record или --junit, который не может быть файлом) или строка сценария; 3 API
      недоступен и сохранённых данных нет; 4 окружение непригодно (папка данных или её нет:
      не задан HOME; временная папка, файл записи или отчёта, который система не даёт
      записать, занятый порт). Закрытый читателем канал (| head) — не ошибка.
      Язык сценариев: Docs/ScriptLanguage.md.
      """
      : """
      Environment: HOTEL_API_URL, HOTEL_DATA_DIR (else $XDG_DATA_HOME/hotel, else
      ~/.local/share/hotel; replay and test keep their data in memory unless --data-dir),
      HOTEL_VAR_NAME (${NAME} in scripts), TMPDIR, NO_COLOR.
      Exit codes: 0 success; 1 an expectation or action failed; 2 bad usage (a --record or
      --junit path that cannot name a file too) or a bad script line; 3 the API could not be
      reached and no saved data could serve; 4 the environment cannot be used (the data
      directory, or none: HOME not set; a temporary directory, a record or report file the
      system refuses to write, a port in use). A pipe's reader going away (| head) is no error.
      The script language: Docs/ScriptLanguage.md.
      """
  }

  /// The head of `hotel COMMAND --help` (usage and what it does), or `nil` for an unknown one.
  func helpCommandHead(_ name: String) -> String? {
    switch name {
    case "run":
      russian
        ? """
        Использование: hotel [run] [параметры]

        Пройти бронирование в терминале. В терминале: полноэкранное приложение (Tab и стрелки
        переходят, Enter нажимает, Esc возвращает назад, ? перечисляет все клавиши, : принимает
        команды сценариев). С --line или не в терминале: команды сценариев со стандартного
        ввода (tap ID, type ID TEXT, next, back, show, help, quit или exit); после каждой
        виден экран.
        По умолчанию тестовый API работает в этом же процессе на свободном порту 127.0.0.1.
        Бронированием папки данных владеет один сеанс; второй продолжает только для чтения
        (или с --fresh начинает новое), и его изменения не сохраняются как черновик.
        """
        : """
        Usage: hotel [run] [options]

        Walk through the flow interactively. On a terminal: the full-screen app (Tab and the
        arrows move, Enter presses, Esc goes back, ? lists every key, : takes script commands).
        With --line or without a terminal: script commands on standard input (tap ID,
        type ID TEXT, next, back, show, help, quit or exit); the screen is shown after each one.
        By default the fixture API runs in-process on a free loopback port. One session at a
        time holds the booking of a data directory; a second one continues read-only (or,
        with --fresh, starts a new booking), its changes not saved as the draft.
        """
    case "replay":
      russian
        ? """
        Использование: hotel replay FILE|- [параметры]

        Выполнить сценарий (- читает стандартный ввод). Все строки разбираются до запуска.
        Коды выхода: 0 все проверки прошли; 1 одна не прошла (сообщение называет строку и
        то, что было на экране); 2 строка не разбирается; 3 API недоступен и сохранённых
        данных нет; 4 папкой данных нельзя пользоваться.
        Без --data-dir сценарий держит данные в памяти: после него ничего не остаётся.
        """
        : """
        Usage: hotel replay FILE|- [options]

        Run a script (- reads standard input). Every line is parsed before the first runs.
        Exit codes: 0 every expectation held; 1 one failed (the message names the line and
        what was seen); 2 a line does not parse; 3 the API could not be reached and no saved
        data could serve; 4 the data directory cannot be used.
        Without --data-dir the replay keeps its data in memory: nothing of it outlives the run.
        """
    case "test":
      russian
        ? """
        Использование: hotel test PATH... [параметры]

        Выполнить сценарии как набор: файлы или папки с файлами *.hotel (по алфавиту, с
        вложенными папками; файлы _*.hotel только для include). Сначала разбираются все
        сценарии; каждый работает со своими данными в памяти и своим тестовым API
        (если нет --api), по --jobs одновременно. По строке на сценарий, когда он закончен,
        затем итог «пройдено: N, не пройдено: N».
        С --data-dir сценарии делят папку и идут по одному, по порядку.
        Коды выхода: 0 все прошли; 1 какой-то не прошёл; 2 неверный вызов или строка
        сценария (названа каждая); 3 API недоступен; 4 окружение непригодно.
        С --retries сценарий, прошедший при повторе, нестабилен: код 0, если нет
        --fail-on-flaky. Для CI: --shard, --max-failures, --list, --last-failed.

        Пример: hotel test journeys/ --tags smoke --junit report.xml --var EMAIL=qa@example.com
        """
        : """
        Usage: hotel test PATH... [options]

        Run journeys as a suite: files, or folders of *.hotel files (sorted, subfolders
        included; files named _*.hotel are only for include). Every journey is parsed first;
        each runs with its own data in memory and its own fixture API (unless
        --api), --jobs at a time. One line per journey as it ends, then "N passed, N failed".
        With --data-dir the journeys share it and run one at a time, in order.
        Exit codes: 0 every journey passed; 1 one failed; 2 bad usage or a bad script line
        (every one is named); 3 the API could not be reached; 4 the environment cannot be used.
        With --retries, a journey that passes when run again is flaky: exit 0 unless
        --fail-on-flaky. For CI: --shard, --max-failures, --list, --last-failed.

        Example: hotel test journeys/ --tags smoke --junit report.xml --var EMAIL=qa@example.com
        """
    case "serve":
      russian
        ? """
        Использование: hotel serve [параметры]

        Запустить тестовый API на переднем плане на 127.0.0.1 и напечатать его базовый адрес.
        Останавливается чисто по Ctrl-C (SIGINT) или SIGTERM.
        """
        : """
        Usage: hotel serve [options]

        Run the fixture API in the foreground on 127.0.0.1 and print its base URL.
        Stops cleanly on Ctrl-C (SIGINT) or SIGTERM.
        """
    case "form":
      helpFormHead
    case "orders":
      russian
        ? """
        Использование: hotel orders [параметры]

        Список сохранённых заказов, от старых к новым; номера телефонов и паспортов скрыты.
        Подписи следуют --lang; ключи --json нет.
        """
        : """
        Usage: hotel orders [options]

        List the saved orders, oldest first, with phone and passport numbers masked.
        The labels follow --lang; the keys of --json do not.
        """
    default:
      nil
    }
  }

  /// The heading of the options' list.
  var helpOptionsHeading: String { russian ? "Параметры:" : "Options:" }

  /// `--help` in the tool's list of options.
  var helpHelpOption: String {
    russian
      ? "показать справку (по команде: hotel COMMAND --help)"
      : "show help (for a command: hotel COMMAND --help)"
  }

  /// `--help` in a command's list of options.
  var helpThisHelp: String { russian ? "показать эту справку" : "show this help" }

  /// `--version` in the tool's list of options.
  var helpVersionOption: String { russian ? "показать версию" : "show the version" }

  /// One option's line of help: its summary (for `command`, when it has one of its own), in
  /// Russian when the tables have it.
  func optionSummary(_ spec: OptionSpec, for command: String? = nil) -> String {
    if let command, let summary = spec.commandSummaries[command] {
      return russian
        ? Self.russianCommandOptionSummaries[spec.name]?[command] ?? summary : summary
    }
    return russian ? Self.russianOptionSummaries[spec.name] ?? spec.summary : spec.summary
  }

  /// The Russian of ``OptionSpec/commandSummaries``, by option name, then by command.
  static let russianCommandOptionSummaries: [String: [String: String]] = [
    "--lang": [
      "serve": "язык сообщений (по умолчанию en); содержимое — по Accept-Language запроса",
      "form": "язык сообщений (по умолчанию en)",
    ],
    "--form": [
      "run": "форма бронирования из FILE, а не с сервера; перерисовывается при сохранении FILE",
      "replay": "форма бронирования из FILE, а не с сервера (ru=FILE — для одного языка)",
    ],
  ]

  /// The Russian summaries of ``OptionSpec/all`` (the English ones live there), by name.
  static let russianOptionSummaries: [String: String] = [
    "--api": "адрес API (по умолчанию тестовый API в этом процессе)",
    "--data-dir": "где хранятся заказы, черновик и кэш",
    "--lang": "язык экранов и содержимого (по умолчанию en)",
    "--today": "фиксированная дата «сегодня» для воспроизводимых проверок",
    "--fresh": "отбросить сохранённое незаконченное бронирование",
    "--color": "цвет (по умолчанию auto: терминал без NO_COLOR)",
    "--json": "вывод в JSON: по объекту на команду или список заказов",
    "--keep-going": "сообщать о каждой непрошедшей проверке, не только о первой",
    "--record": "сохранить введённое как сценарий для replay",
    "--line": "построчный режим (сценарий со стандартного ввода) даже в терминале",
    "--timeout": "тайм-аут запроса в секундах (по умолчанию 10)",
    "--var": "значение ${NAME} в сценариях (повторяемый; иначе HOTEL_VAR_NAME)",
    "--jobs": "сколько сценариев идёт одновременно (по умолчанию число ядер)",
    "--tags": "выполнить только сценарии с одним из этих тегов",
    "--junit": "записать отчёт JUnit XML о сценариях в FILE",
    "--shard": "выполнить I-ю из N частей сценариев (долю одной машины CI)",
    "--retries": "повторять непрошедший сценарий до N раз (прошёл при повторе — нестабилен)",
    "--fail-on-flaky": "код выхода 1, если сценарий прошёл только при повторе",
    "--max-failures": "не запускать новых сценариев после N непрошедших",
    "--list": "напечатать сценарии, которые были бы выполнены, и ничего не выполнять",
    "--last-failed": "выполнить только сценарии, не прошедшие в прошлый раз на этих путях",
    "--port": "порт на 127.0.0.1 (по умолчанию 8080; 0 выбирает свободный)",
    "--latency-ms": "задерживать каждый ответ на N миллисекунд",
    "--fail-first": "отвечать 503 на первые N запросов каждого пути",
    "--malformed": "обрезать тело ответа PATH наполовину (можно повторять)",
    "--drop": "закрывать соединение для PATH до ответа (можно повторять)",
    "--form": "отдавать схему формы из FILE по /booking/form (ru=FILE — для одного языка)",
  ]
}

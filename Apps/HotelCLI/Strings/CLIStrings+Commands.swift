import Domain

/// The messages of `hotel serve` (and its `--form` file) and of finding journeys and writing the
/// JUnit report in `hotel test`, in English or Russian (`--lang`). Paths and URLs are given
/// neutralised by the caller.
extension CLIStrings {
  private var russian: Bool { language == .ru }

  // MARK: - hotel serve

  /// On stderr once the server listens (the URL itself goes to stdout).
  func serving(_ url: String) -> String {
    russian
      ? "тестовый API работает по адресу \(url); Ctrl-C останавливает его"
      : "serving the fixture API at \(url); Ctrl-C stops it"
  }

  /// On stderr after a stop signal (`SIGINT`, `SIGTERM`).
  func stopped(_ signal: String) -> String {
    russian ? "остановлен (\(signal))" : "stopped (\(signal))"
  }

  /// The server was started twice (a programming error, told rather than trapped).
  var serverAlreadyStarted: String {
    russian ? "тестовый API уже запущен" : "the fixture API was already started"
  }

  /// The port is taken.
  func portInUse(_ port: Int) -> String {
    russian
      ? "нельзя слушать 127.0.0.1:\(port): порт занят (попробуйте --port 0)"
      : "cannot listen on 127.0.0.1:\(port): the port is in use (try --port 0)"
  }

  /// Another socket call failed.
  func cannotListen(_ port: Int, operation: String, reason: String) -> String {
    russian
      ? "нельзя слушать 127.0.0.1:\(port): ошибка \(operation) (\(reason))"
      : "cannot listen on 127.0.0.1:\(port): \(operation) failed (\(reason))"
  }

  /// `--form FILE` does not exist: the next step is the fixture's own form, saved to `saveTo`
  /// (the path as a shell reads it) from a `hotel serve` running on `port` (Docs/FormSchema.md).
  func formFileMissing(_ path: String, saveTo: String, port: Int) -> String {
    let curl = "curl http://127.0.0.1:\(port)/booking/form > \(saveTo)"
    return russian
      ? "--form: нельзя прочитать \(path): нет такого файла; чтобы начать с формы тестового API, "
        + "сохраните её, пока работает hotel serve: \(curl)"
      : "--form: cannot read \(path): no such file; to start from the fixture's form, save it "
        + "while hotel serve runs: \(curl)"
  }

  /// `--form FILE` is a folder.
  func formFileIsAFolder(_ path: String) -> String {
    russian
      ? "--form: нельзя прочитать \(path): это каталог"
      : "--form: cannot read \(path): it is a directory"
  }

  /// `--form FILE` cannot be opened or read.
  func formFileUnreadable(_ path: String) -> String {
    russian
      ? "--form: нельзя прочитать \(path): файл не читается"
      : "--form: cannot read \(path): it cannot be read"
  }

  /// `--form FILE` is over the limit.
  func formFileTooLarge(_ path: String) -> String {
    russian ? "--form: \(path) больше 1 МиБ" : "--form: \(path) is larger than 1 MiB"
  }

  /// `--form FILE` is not a JSON object.
  func formFileNotJSON(_ path: String) -> String {
    russian
      ? "--form: \(path) не объект JSON (схема формы, Docs/FormSchema.md)"
      : "--form: \(path) is not a JSON object (a form schema, Docs/FormSchema.md)"
  }

  /// `--form FILE` is empty (or only spaces).
  func formFileEmpty(_ path: String) -> String {
    russian
      ? "--form: \(path) пуст (нужна схема формы, Docs/FormSchema.md)"
      : "--form: \(path) is empty (a form schema is needed, Docs/FormSchema.md)"
  }

  /// `--form FILE` is a FIFO (or a device) that gave nothing: no writer had it open.
  func formFileNothingWritten(_ path: String) -> String {
    russian
      ? "--form: \(path) — FIFO или устройство, и в него ничего не записано (нужна схема формы, Docs/FormSchema.md)"
      : "--form: \(path) is a FIFO or a device and nothing was written to it (a form schema is needed, Docs/FormSchema.md)"
  }

  /// `--form FILE` nests its arrays and objects `depth` levels deep, more than JSON readers
  /// accept (`limit`).
  func formFileTooDeep(_ path: String, _ depth: Int, limit: Int) -> String {
    russian
      ? "--form: в \(path) массивы и объекты вложены на \(depth) уровней, а JSON читается"
        + " только до \(limit) (схема формы вкладывает их на несколько уровней)"
      : "--form: \(path) nests arrays and objects \(depth) levels deep; JSON is read only up to"
        + " \(limit) (a form schema nests them a few levels)"
  }

  /// `--form FILE` is JSON the app will refuse; served anyway, to see how the app shows it.
  func formFileRefused(_ problem: String) -> String {
    russian
      ? "предупреждение: приложение отклонит эту форму и покажет встроенную: \(problem)"
      : "warning: the app will refuse this form and show its built-in one: \(problem)"
  }

  // MARK: - hotel test: finding journeys, writing the report

  /// A path given to `hotel test` that does not exist (quoted by the caller).
  func noSuchJourneyPath(_ shown: String) -> String {
    russian ? "test: нет такого файла или папки \(shown)" : "test: no such file or folder \(shown)"
  }

  /// A folder without journeys (quoted by the caller).
  func noJourneysIn(_ shown: String) -> String {
    russian
      ? "test: в \(shown) нет сценариев (файлов *.hotel)"
      : "test: no journeys (*.hotel files) in \(shown)"
  }

  /// A folder whose `*.hotel` files (`count` of them) are all shared steps (`_*.hotel`).
  func onlySharedStepsIn(_ shown: String, count: Int) -> String {
    if russian {
      return "test: в \(shown) нет сценариев: все его файлы *.hotel (\(count)) начинаются с _"
        + " (общие шаги, они выполняются только через include)"
    }
    let files = count == 1 ? "its *.hotel file is" : "its \(count) *.hotel files are"
    return "test: no journeys in \(shown): \(files) named with a leading _"
      + " (shared steps, run only where included)"
  }

  /// More journeys than a suite may have.
  func tooManyJourneys(_ limit: Int) -> String {
    russian ? "test: больше \(limit) сценариев" : "test: more than \(limit) journeys"
  }

  /// A folder that cannot be listed.
  func cannotReadFolder(_ folder: String) -> String {
    russian
      ? "test: нельзя прочитать папку '\(folder)'" : "test: cannot read the folder '\(folder)'"
  }

  /// A `*.hotel` in a folder that is not a regular file (a FIFO would block the read).
  func journeyNotRegularFile(_ path: String) -> String {
    russian
      ? "test: '\(path)' не обычный файл"
      : "test: '\(path)' is not a regular file"
  }

  /// A `*.hotel` in a folder that is a link to nothing: the journey would be left out.
  func journeyLinkToNothing(_ path: String, target: String) -> String {
    russian
      ? "test: '\(path)' — ссылка на несуществующий '\(target)'; сценарий не выполнить"
      : "test: '\(path)' is a link to '\(target)', which does not exist; the journey cannot run"
  }

  /// A `*.hotel` in a folder whose file name is not UTF-8: it cannot be named to be opened, and
  /// was left out of the suite in silence.
  func journeyNameNotUTF8(_ path: String) -> String {
    russian
      ? "test: имя файла '\(path)' — не текст UTF-8 (� вместо байтов); переименуйте его, иначе сценарий не выполнить"
      : "test: the file name of '\(path)' is not UTF-8 (� for its bytes); rename it, the journey cannot run"
  }

  /// A folder in a suite's folder whose name is not UTF-8: it cannot be named to be searched,
  /// and its journeys were left out of the suite in silence.
  func journeyFolderNameNotUTF8(_ path: String) -> String {
    russian
      ? "test: имя папки '\(path)' — не текст UTF-8 (� вместо байтов); переименуйте её, иначе её сценарии не выполнить"
      : "test: the folder name of '\(path)' is not UTF-8 (� for its bytes); rename it, its journeys cannot run"
  }

  /// A `*.hotel` in a folder that cannot be read (a loop of links, permission denied).
  func journeyCannotBeRead(_ path: String, reason: String) -> String {
    russian
      ? "test: '\(path)' нельзя прочитать: \(reason); сценарий не выполнить"
      : "test: cannot read '\(path)': \(reason); the journey cannot run"
  }

  /// Why a link cannot be followed: it leads back to itself.
  var loopOfLinks: String {
    russian ? "ссылки образуют петлю" : "its links form a loop"
  }

  /// The open-file limit (`ulimit -n`) is too low to run at all.
  func tooFewOpenFiles(_ limit: Int, needed: Int) -> String {
    russian
      ? "предел открытых файлов — \(limit) (ulimit -n); hotel нужно не меньше \(needed)"
      : "the open-file limit is \(limit) (ulimit -n); hotel needs at least \(needed)"
  }

  /// `--jobs N` asks for more journeys at once than the open-file limit allows.
  func jobsLowered(_ wanted: Int, to affordable: Int, descriptorLimit: Int) -> String {
    russian
      ? "--jobs \(wanted): одновременно идут \(affordable), так как предел открытых файлов — \(descriptorLimit) (ulimit -n)"
      : "--jobs \(wanted): running \(affordable) at a time, as the open-file limit is \(descriptorLimit) (ulimit -n)"
  }

  /// `--junit FILE` in a folder that does not exist.
  func reportFolderMissing(_ folder: String) -> String {
    russian ? "--junit: нет такой папки '\(folder)'" : "--junit: no such folder '\(folder)'"
  }

  /// `--junit FILE` names a folder.
  func reportIsAFolder(_ path: String) -> String {
    russian
      ? "--junit: '\(path)' — это папка; укажите файл (например, \(path)/report.xml)"
      : "--junit: '\(path)' is a folder; name a file (for example \(path)/report.xml)"
  }

  /// `--junit FILE` names a script (a journey, or any `*.hotel`): the report would overwrite
  /// it, or be taken for a journey by the next run.
  func reportWouldOverwriteScript(_ path: String) -> String {
    russian
      ? "--junit: '\(path)' — имя сценария; отчёт не должен заменить сценарий (укажите файл .xml)"
      : "--junit: '\(path)' names a script; the report must not take its place (name an .xml file)"
  }

  /// The JUnit report could not be written (`reason` from ``StoreErrorText``).
  func cannotWriteReport(_ path: String, reason: String) -> String {
    russian
      ? "--junit: нельзя записать '\(path)': \(reason)"
      : "--junit: cannot write '\(path)': \(reason)"
  }
}

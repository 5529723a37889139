import Domain

extension CLIStrings {
  private var inRussian: Bool { language == .ru }

  // MARK: - hotel form check

  /// The line of `hotel --help` that lists `hotel form check`.
  var helpFormCheckLine: String {
    inRussian
      ? "  hotel form check FILE       проверить файл схемы формы: каждая ошибка со строкой и столбцом"
      : "  hotel form check FILE       check a form schema file: each problem with its line and column"
  }

  /// The head of `hotel form --help`.
  var helpFormHead: String {
    inRussian
      ? """
      Использование: hotel form check FILE [параметры]

      Проверить файл схемы формы бронирования (Docs/FormSchema.md) так, как его загрузит
      приложение: каждая ошибка и каждое предупреждение — строкой FILE:СТРОКА:СТОЛБЕЦ: error:
      СООБЩЕНИЕ (или warning:), с названными полями; затем итог. Столбец считает символы
      Unicode (табуляция — один). Показываются первые 100, остальные считаются.
      Коды выхода: 0 форма загружается (предупреждения допустимы); 1 не загружается или файл
      нельзя прочитать; 2 неверный вызов.
      """
      : """
      Usage: hotel form check FILE [options]

      Check a booking form schema file (Docs/FormSchema.md) as the app loads it: each error and
      warning as a line FILE:LINE:COLUMN: error: MESSAGE (or warning:), naming the fields; then
      a count. Columns count Unicode characters (a tab is one). The first 100 are shown, the
      rest counted.
      Exit codes: 0 the form loads (warnings allowed); 1 it does not, or the file cannot be
      read; 2 bad usage.
      """
  }

  /// `hotel form` without `check FILE`.
  var formNeedsCheck: String {
    inRussian
      ? "form: укажите подкоманду: hotel form check FILE"
      : "form: say what to do: hotel form check FILE"
  }

  /// `hotel form SOMETHING` other than `check`.
  func formUnknownSubcommand(_ name: String) -> String {
    inRussian
      ? "form: неизвестная подкоманда '\(name)'; есть только check (hotel form check FILE)"
      : "form: unknown subcommand '\(name)'; there is only check (hotel form check FILE)"
  }

  /// `hotel form check` without a file.
  var formCheckNeedsFile: String {
    inRussian
      ? "form check: укажите файл схемы формы: hotel form check FILE"
      : "form check: name the form schema file: hotel form check FILE"
  }

  /// `hotel form check FILE` cannot have the file's bytes.
  func formCheckCannotRead(_ path: String, _ problem: FormFile.ReadProblem) -> String {
    let why: String =
      switch problem {
      case .missing: inRussian ? "нет такого файла" : "no such file"
      case .danglingLink:
        inRussian ? "это ссылка на несуществующий файл" : "it is a link to nothing"
      case .folder: inRussian ? "это каталог" : "it is a directory"
      case .unreadable:
        inRussian ? "файл не читается (нет прав?)" : "it cannot be read (no permission?)"
      case .tooLarge:
        inRussian
          ? "он больше 1 МиБ, предела схемы формы"
          : "it is larger than 1 MiB, a form schema's limit"
      case .nothingWritten:
        inRussian
          ? "это FIFO или устройство, и в него ничего не записано"
          : "it is a FIFO or a device and nothing was written to it"
      }
    return inRussian
      ? "form check: нельзя прочитать \(path): \(why)" : "form check: cannot read \(path): \(why)"
  }

  /// The last line of `hotel form check`: "2 errors, 1 warning", and how many were not shown.
  func formCheckSummary(errors: Int, warnings: Int, untold: Int) -> String {
    var line =
      inRussian
      ? "ошибок: \(errors), предупреждений: \(warnings)"
      : "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
    if untold > 0 {
      line += inRussian ? " (не показано: \(untold))" : " (\(untold) not shown)"
    }
    return line
  }
}

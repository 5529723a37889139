import Domain
import UseCases

extension Localizer {
  /// Why a store could not read or write, in one sentence: what `coordinator.flush()`, a saved
  /// order's store or ``StoreReport``-style reports carry (a host shows it as it shows
  /// ``apiError(_:)``).
  ///
  /// Paths and system call names are shown as they are. These are the only words for a store
  /// problem (UseCases and Persistence have none: SPEC section 2), in English and Russian; the
  /// `hotel` app prints them too, adding only its own hints.
  ///
  /// ```swift
  /// let strings = Localizer(language: .en)
  /// strings.storeError(.io(operation: "write", path: "/data/draft.json", cause: .noSpace))
  /// // "write failed for /data/draft.json (no space left on device); free some space on the disk"
  /// ```
  public func storeError(_ error: StoreError) -> String {
    let ru = language == .ru
    switch error {
    case .directoryUnavailable(let path, let reason):
      return ru
        ? "Каталог данных \(path) нельзя использовать: \(directoryProblem(reason))"
        : "The data directory \(path) cannot be used: \(directoryProblem(reason))"
    case .unsupportedVersion(let path, let version):
      return ru
        ? "\(path) записан более новой версией приложения (формат \(version)); файл оставлен "
          + "как есть: обновите приложение, чтобы его прочитать"
        : "\(path) was written by a newer version of the app (format version \(version)); "
          + "it is left as is: update the app to read it"
    case .corrupt(let path, let movedTo):
      return ru
        ? "\(path) не удалось прочитать; он перемещён в \(movedTo)"
        : "\(path) could not be read; it was moved aside to \(movedTo)"
    case .invalidIdentifier(let identifier):
      return ru
        ? "'\(identifier)' нельзя использовать в имени файла"
        : "'\(identifier)' cannot be used in a file name"
    case .cannotSave(let problem):
      return ru ? "Не удалось сохранить: \(problem)" : "Could not save: \(problem)"
    case .noFileNameLeft(let number, let slots):
      return ru
        ? "Заказ \(number) не сохранён: все \(slots) имён файлов для него заняты"
        : "Order \(number) was not saved: all \(slots) file names for it are taken"
    case .notRegularFile(let path):
      return ru
        ? "\(path) — не обычный файл (FIFO, устройство или каталог); он не читается"
        : "\(path) is not a regular file (a FIFO, a device or a directory); it is not read"
    case .io(let operation, let path, let cause):
      let failed =
        ru
        ? "\(operation) не удался для \(path) (\(ioCause(cause)))"
        : "\(operation) failed for \(path) (\(ioCause(cause)))"
      return ioRemedy(cause).map { failed + "; " + $0 } ?? failed
    }
  }

  /// What a person can do about `cause` (lower case, to follow a semicolon): "free some space
  /// on the disk"; `nil` for a cause with nothing to do but try again, or only the system's
  /// words.
  public func ioRemedy(_ cause: IOCause) -> String? {
    let ru = language == .ru
    return switch cause {
    case .noSpace: ru ? "освободите место на диске" : "free some space on the disk"
    case .readOnlyFileSystem:
      ru
        ? "выберите каталог данных на диске, доступном для записи"
        : "choose a data directory on a disk that can be written"
    case .permissionDenied:
      ru
        ? "проверьте права доступа к файлу и его папке"
        : "check the permissions of the file and its folder"
    case .tooManyOpenFiles:
      ru
        ? "закройте другие программы или увеличьте лимит открытых файлов (ulimit -n)"
        : "close other programs or raise the limit of open files (ulimit -n)"
    case .notFound, .notADirectory, .alreadyExists, .isADirectory, .symbolicLinkLoop,
      .nameTooLong, .other:
      nil
    }
  }

  /// Why the data directory cannot be used (lower case, to follow a colon): "there is no home
  /// directory", what stands where a folder should be ("/data/orders is a file, not a folder"), a
  /// folder that cannot be written, or the failed call, its path and ``ioCause(_:)``.
  ///
  /// These are the only words for it: every host (the `hotel` app too) says the data directory's
  /// problems with them, after ``storeError(_:)``'s "The data directory /data cannot be used: ".
  ///
  /// ```swift
  /// Localizer(language: .en).directoryProblem(
  ///   .notAFolder(path: "/data/orders", kind: .file, linkTarget: "/tmp/x"))
  /// // "/data/orders is a symbolic link to /tmp/x, which is a file, not a folder"
  /// ```
  public func directoryProblem(_ problem: DirectoryProblem) -> String {
    let ru = language == .ru
    return switch problem {
    case .noHomeDirectory:
      ru ? "нет домашнего каталога" : "there is no home directory"
    case .systemCall(let operation, let path, let cause):
      "\(operation) \(path): \(ioCause(cause))"
    case .linkToNothing(let path, let target):
      ru
        ? "\(path) — символическая ссылка на \(target), а там ничего нет (диск не подключён?)"
        : "\(path) is a symbolic link to \(target), where nothing is (a disk not mounted?)"
    case .notAFolder(let path, let kind, .some(let target)):
      ru
        ? "\(path) — символическая ссылка на \(target), а там \(nonFolder(kind)), а не папка"
        : "\(path) is a symbolic link to \(target), which is \(nonFolder(kind)), not a folder"
    case .notAFolder(let path, let kind, nil):
      ru
        ? "\(path) — это \(nonFolder(kind)), а не папка"
        : "\(path) is \(nonFolder(kind)), not a folder"
    case .notWritable(let path, let cause):
      ru
        ? "в \(path) ничего нельзя записать (\(ioCause(cause)))"
        : "nothing can be written in \(path) (\(ioCause(cause)))"
    }
  }

  /// Why a system call on a file failed (lower case, to follow a colon): "no space left on
  /// device", "permission denied", or the system's error number and its description.
  public func ioCause(_ cause: IOCause) -> String {
    let ru = language == .ru
    return switch cause {
    case .tooManyOpenFiles: ru ? "открыто слишком много файлов" : "too many open files"
    case .noSpace: ru ? "нет места на диске" : "no space left on device"
    case .permissionDenied: ru ? "нет доступа" : "permission denied"
    case .readOnlyFileSystem:
      ru ? "файловая система только для чтения" : "the file system is read-only"
    case .notFound: ru ? "нет такого файла или каталога" : "no such file or directory"
    case .notADirectory: ru ? "это не каталог" : "not a directory"
    case .alreadyExists: ru ? "файл уже существует" : "the file already exists"
    case .isADirectory: ru ? "это папка, а не файл" : "it is a folder, not a file"
    case .symbolicLinkLoop:
      ru ? "символические ссылки образуют петлю" : "the symbolic links form a loop"
    case .nameTooLong: ru ? "слишком длинное имя файла" : "the file name is too long"
    case .other(let code, let description):
      ru
        ? "системная ошибка \(code): \(description.lowercased())"
        : "system error \(code): \(description.lowercased())"
    }
  }

  private func nonFolder(_ kind: NonFolderKind) -> String {
    let ru = language == .ru
    return switch kind {
    case .file: ru ? "файл" : "a file"
    case .fifo: ru ? "FIFO (именованный канал)" : "a FIFO (a named pipe)"
    case .device: ru ? "устройство" : "a device"
    case .socket: ru ? "сокет" : "a socket"
    }
  }
}

extension Localizer {
  /// What a store met and got past (a ``StoreReport``: a file moved aside and why, an order file
  /// from a newer version skipped, a file that could not be read, a draft not saved), in one
  /// sentence.
  ///
  /// Paths are shown as they are (a host that prints to a terminal neutralises them, as it does all
  /// outside text). The store error inside a report is worded by ``storeError(_:)`` (lower case, to
  /// follow a colon).
  ///
  /// ```swift
  /// let strings = Localizer(language: .en)
  /// strings.storeReport(
  ///   .movedAside(path: "/data/draft.json", movedTo: "/data/draft.json.corrupt",
  ///               reason: .undecodable(.notJSON)))
  /// // "/data/draft.json could not be read (it is not valid JSON); it was moved aside to
  /// //  /data/draft.json.corrupt"
  /// ```
  public func storeReport(_ report: StoreReport) -> String {
    storeReport(report) { error in
      switch error {
      case .directoryUnavailable, .cannotSave, .noFileNameLeft:
        Self.lowercasingFirstLetter(storeError(error))
      case .unsupportedVersion, .corrupt, .invalidIdentifier, .notRegularFile, .io:
        storeError(error)
      }
    }
  }

  /// ``storeReport(_:)`` with the store error inside a report (a file that could not be read,
  /// a draft not saved) worded by `errorText`, for a host that words store errors its own way
  /// (the `hotel` app names its `--data-dir` option).
  public func storeReport(
    _ report: StoreReport, wordingErrorsWith errorText: (StoreError) -> String
  ) -> String {
    let ru = language == .ru
    switch report {
    case .movedAside(let path, let movedTo, let reason):
      let because = storeReportReason(reason)
      return ru
        ? "\(path) не удалось прочитать (\(because)); файл перемещён в \(movedTo)"
        : "\(path) could not be read (\(because)); it was moved aside to \(movedTo)"
    case .notMovedAside(let path, let reason, let error):
      let because = storeReportReason(reason)
      return ru
        ? "\(path) не удалось разобрать (\(because)), и переместить его не удалось: "
          + "\(errorText(error)); файл оставлен как есть и пропущен"
        : "\(path) cannot be decoded (\(because)) and could not be moved aside: "
          + "\(errorText(error)); it is left as is and skipped"
    case .newerVersionSkipped(let path, let version):
      return ru
        ? "\(path) записан более новой версией приложения (формат \(version)); файл оставлен "
          + "как есть и не показан: обновите приложение, чтобы его увидеть"
        : "\(path) was written by a newer version of the app (format version \(version)); "
          + "it is left as is and not listed: update the app to see it"
    case .unreadable(let path, let error):
      return ru
        ? "\(path) пропущен, его не удалось прочитать: \(errorText(error))"
        : "\(path) was skipped, it could not be read: \(errorText(error))"
    case .draftNotSaved(let error):
      return ru
        ? "не удалось сохранить незавершённое бронирование: \(errorText(error))"
        : "could not save the unfinished booking: \(errorText(error))"
    case .draftTextsLeftOut(let path, let fields):
      let named = Self.fieldList(fields, ru: ru)
      let one = fields.count == 1
      return ru
        ? "\(path): \(one ? "текст поля" : "тексты полей") \(named) не"
          + " \(one ? "восстановлен: в нём" : "восстановлены: в них") перевод строки или другой"
          + " управляющий символ, которого в поле не бывает; введите \(one ? "его" : "их") заново"
        : "\(path): the \(one ? "text of field" : "texts of fields") \(named)"
          + " \(one ? "was not restored: it holds" : "were not restored: they hold") a line break"
          + " or another control character, which a field cannot hold; type"
          + " \(one ? "it" : "them") again"
    }
  }

  /// The first ``namedFieldLimit`` of `fields`, then how many more there are ("a, b, c and 4
  /// more"), so that thousands of fields are still told in a line.
  private static func fieldList(_ fields: [String], ru: Bool) -> String {
    let named = fields.prefix(namedFieldLimit).joined(separator: ", ")
    let more = fields.count - namedFieldLimit
    guard more > 0 else { return named }
    return named + (ru ? " и ещё \(more)" : " and \(more) more")
  }

  private static let namedFieldLimit = 3

  /// Why a store moved a file aside (lower case, to follow a parenthesis): "it is not a
  /// regular file", "larger than 1048576 bytes", or what does not decode and where
  /// (``decodingProblem(_:)``).
  public func storeReportReason(_ reason: StoreReport.Reason) -> String {
    let ru = language == .ru
    return switch reason {
    case .notRegularFile:
      ru ? "это не обычный файл: FIFO, устройство или каталог" : "it is not a regular file"
    case .tooLarge(let limit): ru ? "больше \(limit) байт" : "larger than \(limit) bytes"
    case .badSchemaVersion(let version):
      ru ? "неверная версия формата \(version)" : "bad format version \(version)"
    case .undecodable(let problem): decodingProblem(problem)
    }
  }

  private static func lowercasingFirstLetter(_ text: String) -> String {
    guard let first = text.first, first.isUppercase else { return text }
    return first.lowercased() + text.dropFirst()
  }
}

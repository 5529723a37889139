import Domain
import Persistence
import Presentation
import Synchronization
import Testing
import UseCases

@testable import HotelCLI

/// Every store problem reads as one line that names it, with control characters neutralised.
@Suite struct StoreErrorTextTests {
  @Test(arguments: [
    (
      StoreError.cannotSave("order 7 cannot be encoded"),
      "could not save: order 7 cannot be encoded"
    ),
    (
      .noFileNameLeft(orderNumber: 7, slots: 1000),
      "order 7 was not saved: all 1000 file names for it are taken"
    ),
    (
      .io(operation: "open", path: "/d/orders/.7.json.tmp-1", cause: .tooManyOpenFiles),
      "open failed for /d/orders/.7.json.tmp-1 (too many open files); close other programs or raise"
        + " the limit of open files (ulimit -n)"
    ),
    (
      .io(operation: "rename", path: "/d/orders/7.json", cause: .readOnlyFileSystem),
      "rename failed for /d/orders/7.json (the file system is read-only); choose a data directory"
        + " on a disk that can be written"
    ),
    (
      .io(
        operation: "write", path: "/d/x", cause: .other(code: 5, description: "Input/output error")),
      "write failed for /d/x (system error 5: input/output error)"
    ),
    (.invalidIdentifier("../x"), "'../x' cannot be used in a file name"),
    (
      .directoryUnavailable(
        path: "/d", reason: .systemCall(operation: "mkdir", path: "/d", cause: .permissionDenied)),
      "the data directory /d cannot be used: mkdir /d: permission denied"
    ),
    (
      .directoryUnavailable(path: "~/.local/share/hotel", reason: .noHomeDirectory),
      "the data directory ~/.local/share/hotel cannot be used: there is no home directory; pass"
        + " --data-dir or set HOTEL_DATA_DIR"
    ),
    // Before: the app's own "the data directory cannot be used: /d/orders is a file, not a
    // folder; pass another one with --data-dir", unlike every other refusal of it.
    (
      .directoryUnavailable(path: "/d", reason: .notAFolder(path: "/d/orders", kind: .file)),
      "the data directory /d cannot be used: /d/orders is a file, not a folder"
    ),
    (
      .corrupt(path: "/d/draft.json", movedTo: "/d/draft.json.corrupt"),
      "/d/draft.json could not be read; it was moved aside to /d/draft.json.corrupt"
    ),
    (
      .unsupportedVersion(path: "/d/draft.json", version: 3),
      "/d/draft.json was written by a newer version of the app (format version 3); it is left as"
        + " is: update the app to read it"
    ),
  ])
  func describes(error: StoreError, line: String) {
    #expect(StoreErrorText.describe(error) == line)
  }

  /// A command refused at its start says how to give another data directory, with the option and
  /// the variable `hotel --help` names, in the `--lang` language, where another directory would do.
  ///
  /// Not twice for a missing home (its own hint says it), and not for a store error that is not the
  /// directory's (a full disk, too many open files).
  @Test(arguments: [
    (
      StoreError.directoryUnavailable(
        path: "/d", reason: .notAFolder(path: "/d/orders", kind: .fifo)),
      "the data directory /d cannot be used: /d/orders is a FIFO (a named pipe), not a folder;"
        + " pass another one with --data-dir or HOTEL_DATA_DIR",
      "каталог данных /d нельзя использовать: /d/orders — это FIFO (именованный канал), а не"
        + " папка; укажите другой в --data-dir или HOTEL_DATA_DIR"
    ),
    (
      .directoryUnavailable(
        path: "/d", reason: .linkToNothing(path: "/d", target: "/mnt/gone")),
      "the data directory /d cannot be used: /d is a symbolic link to /mnt/gone, where nothing is"
        + " (a disk not mounted?); pass another one with --data-dir or HOTEL_DATA_DIR",
      "каталог данных /d нельзя использовать: /d — символическая ссылка на /mnt/gone, а там"
        + " ничего нет (диск не подключён?); укажите другой в --data-dir или HOTEL_DATA_DIR"
    ),
    (
      .directoryUnavailable(
        path: "/d", reason: .notWritable(path: "/d/orders", cause: .permissionDenied)),
      "the data directory /d cannot be used: nothing can be written in /d/orders (permission"
        + " denied); pass another one with --data-dir or HOTEL_DATA_DIR",
      "каталог данных /d нельзя использовать: в /d/orders ничего нельзя записать (нет доступа);"
        + " укажите другой в --data-dir или HOTEL_DATA_DIR"
    ),
    (
      .directoryUnavailable(
        path: "/d", reason: .systemCall(operation: "mkdir", path: "/d", cause: .permissionDenied)),
      "the data directory /d cannot be used: mkdir /d: permission denied; pass another one with"
        + " --data-dir or HOTEL_DATA_DIR",
      "каталог данных /d нельзя использовать: mkdir /d: нет доступа; укажите другой в --data-dir"
        + " или HOTEL_DATA_DIR"
    ),
    (
      .directoryUnavailable(path: "~/.local/share/hotel", reason: .noHomeDirectory),
      "the data directory ~/.local/share/hotel cannot be used: there is no home directory; pass"
        + " --data-dir or set HOTEL_DATA_DIR",
      "каталог данных ~/.local/share/hotel нельзя использовать: нет домашнего каталога; укажите"
        + " --data-dir или задайте HOTEL_DATA_DIR"
    ),
    (
      .io(operation: "open", path: "/d/.lock", cause: .noSpace),
      "open failed for /d/.lock (no space left on device); free some space on the disk",
      "open не удался для /d/.lock (нет места на диске); освободите место на диске"
    ),
  ])
  func describesARefusalWithHowToGiveAnotherDirectory(
    error: StoreError, english: String, russian: String
  ) {
    #expect(StoreErrorText.describeRefusal(error) == english)
    #expect(
      StoreErrorText.describeRefusal(error, strings: CLIStrings(language: .ru)) == russian)
  }

  /// Met after the start (a draft not saved, an order not saved, a file not moved aside), the
  /// data directory's problem is said in the `Localizer`'s words alone: another directory
  /// would not save what is being saved.
  @Test func aProblemMetLaterHasNoHint() {
    let error = StoreError.directoryUnavailable(
      path: "/d", reason: .notAFolder(path: "/d/orders", kind: .file))
    #expect(!StoreErrorText.describe(error).contains("--data-dir"))
    #expect(!StoreErrorText.describe(.draftNotSaved(error)).contains("--data-dir"))
  }

  /// What a store reports and got past, in the `--lang` language.
  @Test(arguments: [
    (
      StoreReport.movedAside(
        path: "/d/draft.json", movedTo: "/d/draft.json.corrupt",
        reason: .undecodable(.wrongType(path: "draft.stack", expected: .list))),
      "/d/draft.json could not be read (draft.stack is not a list); it was moved"
        + " aside to /d/draft.json.corrupt",
      "/d/draft.json не удалось прочитать (draft.stack — не список); файл перемещён в"
        + " /d/draft.json.corrupt"
    ),
    (
      StoreReport.movedAside(
        path: "/d/o/1.json", movedTo: "/d/o/1.json.corrupt",
        reason: .undecodable(.outOfRange(path: "order.number", value: "99999999999999999999"))),
      "/d/o/1.json could not be read (the number 99999999999999999999 at order.number is out of"
        + " range); it was moved aside to /d/o/1.json.corrupt",
      "/d/o/1.json не удалось прочитать (число 99999999999999999999 в order.number вне"
        + " допустимого диапазона); файл перемещён в /d/o/1.json.corrupt"
    ),
    (
      StoreReport.movedAside(
        path: "/d/c/a.json", movedTo: "/d/c/a.json.corrupt",
        reason: .undecodable(.missingKey(path: "body"))),
      "/d/c/a.json could not be read (the key body is missing); it was moved aside to"
        + " /d/c/a.json.corrupt",
      "/d/c/a.json не удалось прочитать (нет ключа body); файл перемещён в /d/c/a.json.corrupt"
    ),
    (
      StoreReport.movedAside(
        path: "/d/draft.json", movedTo: "/d/draft.json.corrupt", reason: .undecodable(.notJSON)),
      "/d/draft.json could not be read (it is not valid JSON); it was moved aside to"
        + " /d/draft.json.corrupt",
      "/d/draft.json не удалось прочитать (это не JSON); файл перемещён в /d/draft.json.corrupt"
    ),
    (
      .movedAside(path: "/d/o/1.json", movedTo: "/d/o/1.json.corrupt", reason: .notRegularFile),
      "/d/o/1.json could not be read (it is not a regular file); it was moved aside to"
        + " /d/o/1.json.corrupt",
      "/d/o/1.json не удалось прочитать (это не обычный файл: FIFO, устройство или каталог);"
        + " файл перемещён в /d/o/1.json.corrupt"
    ),
    (
      .newerVersionSkipped(path: "/d/o/7.json", version: 99),
      "/d/o/7.json was written by a newer version of the app (format version 99); it is left as"
        + " is and not listed: update the app to see it",
      "/d/o/7.json записан более новой версией приложения (формат 99); файл оставлен как есть и"
        + " не показан: обновите приложение, чтобы его увидеть"
    ),
    (
      .notMovedAside(
        path: "/d/o/9.json", reason: .tooLarge(limit: 9),
        error: .directoryUnavailable(
          path: "/d",
          reason: .systemCall(operation: "open", path: "/d/.lock", cause: .readOnlyFileSystem))),
      "/d/o/9.json cannot be decoded (larger than 9 bytes) and could not be moved aside: the data"
        + " directory /d cannot be used: open /d/.lock: the file system is read-only; it is left"
        + " as is and skipped",
      "/d/o/9.json не удалось разобрать (больше 9 байт), и переместить его не удалось: каталог"
        + " данных /d нельзя использовать: open /d/.lock: файловая система только для чтения; файл"
        + " оставлен как есть и пропущен"
    ),
    (
      .draftNotSaved(.io(operation: "write", path: "/d/draft.json", cause: .noSpace)),
      "could not save the unfinished booking: write failed for /d/draft.json (no space left on"
        + " device); free some space on the disk",
      "не удалось сохранить незавершённое бронирование: write не удался для /d/draft.json (нет"
        + " места на диске); освободите место на диске"
    ),
    // A field's ID from the file is outside text too: neutralised, and at most three named.
    (
      .draftTextsLeftOut(
        path: "/d/draft.json", fields: ["a\u{1B}[2J", "b", "c", "d", "e"]),
      "/d/draft.json: the texts of fields a␛[2J, b, c and 2 more were not restored: they hold a"
        + " line break or another control character, which a field cannot hold; type them again",
      "/d/draft.json: тексты полей a␛[2J, b, c и ещё 2 не восстановлены: в них перевод строки или"
        + " другой управляющий символ, которого в поле не бывает; введите их заново"
    ),
  ])
  func describesReports(report: StoreReport, english: String, russian: String) {
    // As the console writes it: a field's ID from the file is outside text.
    #expect(TerminalText.messageLine(StoreErrorText.describe(report)) == english)
    #expect(
      TerminalText.messageLine(StoreErrorText.describe(report, strings: CLIStrings(language: .ru)))
        == russian)
  }

  /// Every store problem the app prints is the `Localizer`'s sentence (the words every host uses,
  /// the only ones there are), in both languages: the app adds its hints after them and never words
  /// one itself, so the two cannot drift apart again.
  @Test(arguments: [Language.en, .ru])
  func everyStoreProblemIsTheLocalizersSentence(language: Language) {
    let words = Localizer(language: language)
    let strings = CLIStrings(language: language)
    let errors: [StoreError] = [
      .directoryUnavailable(
        path: "/d", reason: .systemCall(operation: "mkdir", path: "/d", cause: .permissionDenied)),
      .directoryUnavailable(path: "/nowhere/home/.local/share/hotel", reason: .noHomeDirectory),
      .unsupportedVersion(path: "/d/draft.json", version: 3),
      .corrupt(path: "/d/draft.json", movedTo: "/d/draft.json.corrupt"),
      .invalidIdentifier("../x"),
      .cannotSave("order 7 cannot be encoded"),
      .noFileNameLeft(orderNumber: 7, slots: 1000),
      .notRegularFile(path: "/d/o/1.json"),
      .io(operation: "write", path: "/d/draft.json", cause: .noSpace),
      .io(operation: "rename", path: "/d/o/7.json", cause: .readOnlyFileSystem),
      .io(operation: "open", path: "/d/x", cause: .other(code: 5, description: "I/O error")),
    ]
    for error in errors {
      let sentence = words.storeError(error)
      let line = StoreErrorText.describe(error, strings: strings)
      #expect(
        line.lowercased().hasPrefix(sentence.lowercased()),
        "\(error): the app says \"\(line)\", the Localizer \"\(sentence)\"")
    }
    let reports: [StoreReport] = [
      .movedAside(
        path: "/d/draft.json", movedTo: "/d/draft.json.corrupt", reason: .tooLarge(limit: 9)),
      .newerVersionSkipped(path: "/d/o/7.json", version: 99),
      .unreadable(
        path: "/d/o/7.json",
        error: .io(operation: "read", path: "/d/o/7.json", cause: .permissionDenied)),
      .draftNotSaved(.io(operation: "write", path: "/d/draft.json", cause: .noSpace)),
      .notMovedAside(
        path: "/d/o/9.json", reason: .notRegularFile,
        error: .io(operation: "rename", path: "/d/o/9.json", cause: .permissionDenied)),
    ]
    for report in reports {
      #expect(StoreErrorText.describe(report, strings: strings) == words.storeReport(report))
    }
  }

  @Test func theAppAddsItsOwnHintToNoHomeDirectory() {
    let error = StoreError.directoryUnavailable(path: "/nowhere/hotel", reason: .noHomeDirectory)
    #expect(StoreErrorText.describe(error).hasSuffix("; pass --data-dir or set HOTEL_DATA_DIR"))
    #expect(
      StoreErrorText.describe(error, strings: CLIStrings(language: .ru))
        .hasSuffix("; укажите --data-dir или задайте HOTEL_DATA_DIR"))
  }

  @Test func controlCharactersAreNeutralisedWhereWritten() {
    let written = Mutex("")
    let console = Console(out: { _ in }, err: { text in written.withLock { $0 += text } })
    console.error(StoreErrorText.describe(.cannotSave("evil\u{1B}[2J")))
    #expect(!written.withLock { $0 }.unicodeScalars.contains { $0.value == 0x1B })
    #expect(written.withLock { $0 }.contains("evil␛[2J"))
  }
}

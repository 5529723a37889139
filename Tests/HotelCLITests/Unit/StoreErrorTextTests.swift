import Domain
import Persistence
import Testing
import UseCases

@testable import HotelCLI

/// Every store problem reads as one line that names it, with control characters neutralised.
@Suite struct StoreErrorTextTests {
  @Test(arguments: [
    (
      StoreError.cannotSave("order 7: every file name is taken"),
      "could not save: order 7: every file name is taken"
    ),
    (.invalidIdentifier("../x"), "'../x' cannot be used in a file name"),
    (
      .directoryUnavailable(path: "/d", reason: "not a directory"),
      "the data directory /d cannot be used: not a directory"
    ),
    (
      .corrupt(path: "/d/draft.json", movedTo: "/d/draft.json.corrupt"),
      "/d/draft.json could not be read; it was moved aside to /d/draft.json.corrupt"
    ),
  ])
  func describes(error: StoreError, line: String) {
    #expect(StoreErrorText.describe(error) == line)
  }

  /// What a store reports and got past, in the `--lang` language: before, Persistence wrote
  /// English sentences, which `--lang ru` showed as they were.
  @Test(arguments: [
    (
      StoreReport.movedAside(
        path: "/d/draft.json", movedTo: "/d/draft.json.corrupt",
        reason: .undecodable(field: "draft.stack")),
      "/d/draft.json could not be read (the field draft.stack does not decode); it was moved"
        + " aside to /d/draft.json.corrupt",
      "/d/draft.json не удалось прочитать (поле draft.stack не читается); файл перемещён в"
        + " /d/draft.json.corrupt"
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
      "/d/o/7.json was written by a newer hotel (format version 99); it is left as is and not"
        + " listed",
      "/d/o/7.json записан более новой версией hotel (формат 99); файл оставлен как есть и не"
        + " показан"
    ),
    (
      .draftNotSaved(.io(operation: "write", path: "/d/draft.json", code: 28)),
      "could not save the unfinished booking: write failed for /d/draft.json (no space left on"
        + " device)",
      "не удалось сохранить незавершённое бронирование: write не удался для /d/draft.json (нет"
        + " места на диске)"
    ),
  ])
  func describesReports(report: StoreReport, english: String, russian: String) {
    #expect(StoreErrorText.describe(report) == english)
    #expect(StoreErrorText.describe(report, strings: CLIStrings(language: .ru)) == russian)
  }

  @Test func controlCharactersAreNeutralised() {
    let text = StoreErrorText.describe(.cannotSave("evil\u{1B}[2J"))
    #expect(!text.unicodeScalars.contains { $0.value == 0x1B })
  }
}

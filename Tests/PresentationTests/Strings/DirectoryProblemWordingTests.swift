import Domain
import Presentation
import Testing
import UseCases

/// Every way the data directory cannot be used has its words in English and Russian, naming
/// the exact path and what is wrong with it: the one wording every host (the `hotel` app too)
/// gives a refusal of the data directory or its `orders/` folder.
@Suite struct DirectoryProblemWordingTests {
  @Test(arguments: [
    (
      DirectoryProblem.notAFolder(path: "/d/orders", kind: .file),
      "/d/orders is a file, not a folder", "/d/orders — это файл, а не папка"
    ),
    (
      .notAFolder(path: "/d/orders", kind: .fifo),
      "/d/orders is a FIFO (a named pipe), not a folder",
      "/d/orders — это FIFO (именованный канал), а не папка"
    ),
    (
      .notAFolder(path: "/d", kind: .device), "/d is a device, not a folder",
      "/d — это устройство, а не папка"
    ),
    (
      .notAFolder(path: "/d/orders", kind: .socket), "/d/orders is a socket, not a folder",
      "/d/orders — это сокет, а не папка"
    ),
    (
      .notAFolder(path: "/d/orders", kind: .file, linkTarget: "/tmp/notes"),
      "/d/orders is a symbolic link to /tmp/notes, which is a file, not a folder",
      "/d/orders — символическая ссылка на /tmp/notes, а там файл, а не папка"
    ),
    (
      .linkToNothing(path: "/d/orders", target: "/mnt/gone"),
      "/d/orders is a symbolic link to /mnt/gone, where nothing is (a disk not mounted?)",
      "/d/orders — символическая ссылка на /mnt/gone, а там ничего нет (диск не подключён?)"
    ),
    (
      .notWritable(path: "/d/orders", cause: .permissionDenied),
      "nothing can be written in /d/orders (permission denied)",
      "в /d/orders ничего нельзя записать (нет доступа)"
    ),
    (
      .notWritable(path: "/d", cause: .readOnlyFileSystem),
      "nothing can be written in /d (the file system is read-only)",
      "в /d ничего нельзя записать (файловая система только для чтения)"
    ),
  ])
  func eachProblemIsWordedInBothLanguages(
    problem: DirectoryProblem, english: String, russian: String
  ) {
    #expect(Localizer(language: .en).directoryProblem(problem) == english)
    #expect(Localizer(language: .ru).directoryProblem(problem) == russian)
    #expect(
      Localizer(language: .en).storeError(.directoryUnavailable(path: "/d", reason: problem))
        == "The data directory /d cannot be used: " + english)
    #expect(
      Localizer(language: .ru).storeError(.directoryUnavailable(path: "/d", reason: problem))
        == "Каталог данных /d нельзя использовать: " + russian)
  }
}

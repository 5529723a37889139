import Domain
import Foundation
import Persistence
import Presentation
import Testing
import UseCases

/// `coordinator.flush()` and the stores throw a `StoreError`; a host shows it in the screen's
/// language with the `Localizer`, as it shows an `APIError`, without writing the words of every
/// system error in two languages itself.
@MainActor @Suite struct HostStoreErrorTests {
  let english = Localizer(language: .en)
  let russian = Localizer(language: .ru)

  @Test func aFullDiskIsSaidInBothLanguages() {
    let error = StoreError.io(operation: "write", path: "/data/draft.json", cause: .noSpace)
    #expect(
      english.storeError(error)
        == "write failed for /data/draft.json (no space left on device); free some space on the disk"
    )
    #expect(
      russian.storeError(error)
        == "write не удался для /data/draft.json (нет места на диске); освободите место на диске")
  }

  @Test func everyStoreErrorHasItsOwnWordsInBothLanguages() {
    let errors: [StoreError] = [
      .directoryUnavailable(path: "/data", reason: .noHomeDirectory),
      .directoryUnavailable(
        path: "/data",
        reason: .systemCall(operation: "mkdir", path: "/data", cause: .readOnlyFileSystem)),
      .unsupportedVersion(path: "/data/draft.json", version: 9),
      .corrupt(path: "/data/draft.json", movedTo: "/data/draft.json.corrupt"),
      .invalidIdentifier("../x"),
      .cannotSave("the order cannot be encoded"),
      .noFileNameLeft(orderNumber: 7, slots: 1_000),
      .notRegularFile(path: "/data/draft.json"),
      .io(operation: "rename", path: "/data/x", cause: .permissionDenied),
      .directoryUnavailable(
        path: "/data", reason: .notAFolder(path: "/data/orders", kind: .socket)),
      .directoryUnavailable(
        path: "/data", reason: .notWritable(path: "/data/orders", cause: .readOnlyFileSystem)),
    ]
    for localizer in [english, russian] {
      let texts = errors.map(localizer.storeError)
      #expect(Set(texts).count == errors.count, "each error has words of its own")
      #expect(texts.allSatisfy { !$0.contains("StoreError") && !$0.contains("(path:") })
    }
    #expect(
      english.storeError(errors[1])
        == "The data directory /data cannot be used: mkdir /data: the file system is read-only")
    #expect(
      russian.storeError(errors[1])
        == "Каталог данных /data нельзя использовать: mkdir /data: файловая система только для чтения"
    )
    #expect(english.storeError(errors[0]).contains("there is no home directory"))
    #expect(!english.storeError(errors[0]).contains("--data-dir"), "no CLI wording")
  }

  /// What a host does with the error `flush()` throws: the draft could not be written where the
  /// data directory should be (a file stands there).
  @Test func theFlushErrorOfAHostIsWorded() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("host-store-\(UUID().uuidString)").path
    #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
    defer { try? FileManager.default.removeItem(atPath: file) }
    let stores = LocalStores(
      directory: DataDirectory(path: file + "/data"), clock: ContinuousClock(), report: { _ in })
    let error = try #require(throws: StoreError.self) { try stores.openSession() }
    #expect(
      english.storeError(error)
        == "The data directory \(file)/data cannot be used: \(file) is a file, not a folder")
    #expect(
      russian.storeError(error)
        == "Каталог данных \(file)/data нельзя использовать: \(file) — это файл, а не папка")
  }

  /// A host opening a session on a data directory whose `orders/` is a FIFO or a symbolic link to a
  /// file gets what stands there, in the `Localizer`'s words (the ones the `hotel` app prints too).
  @Test func aHostIsToldWhatStandsWhereOrdersGoes() async throws {
    let data = FileManager.default.temporaryDirectory
      .appendingPathComponent("host-store-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: data) }
    let stores = LocalStores(
      directory: DataDirectory(path: data), clock: ContinuousClock(), report: { _ in })
    #expect(mkfifo(data + "/orders", 0o600) == 0)
    let fifo = try #require(throws: StoreError.self) { try stores.openSession() }
    #expect(
      english.storeError(fifo)
        == "The data directory \(data) cannot be used: \(data)/orders is a FIFO (a named pipe),"
        + " not a folder")
    #expect(
      russian.storeError(fifo)
        == "Каталог данных \(data) нельзя использовать: \(data)/orders — это FIFO (именованный"
        + " канал), а не папка")
    try FileManager.default.removeItem(atPath: data + "/orders")
    try FileManager.default.createSymbolicLink(
      atPath: data + "/orders", withDestinationPath: "/dev/null")
    let link = try #require(throws: StoreError.self) { try stores.openSession() }
    #expect(
      english.storeError(link)
        == "The data directory \(data) cannot be used: \(data)/orders is a symbolic link to"
        + " /dev/null, which is a device, not a folder")
    #expect(
      russian.storeError(link)
        == "Каталог данных \(data) нельзя использовать: \(data)/orders — символическая ссылка на"
        + " /dev/null, а там устройство, а не папка")
  }
}

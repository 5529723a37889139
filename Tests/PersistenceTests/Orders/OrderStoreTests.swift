import Domain
import Foundation
import Testing
import UseCases

@testable import Persistence

@Suite("Order store")
struct OrderStoreTests {
  @Test func savedOrdersAreListedOldestFirst() async throws {
    try await TemporaryDirectory.with { temp in
      let orders = OrderStore.files(FileStore(directory: temp.dataDirectory))
      let late = try Samples.order(3, second: 30)
      let early = try Samples.order(12, second: 10)
      let middle = try Samples.order(7, second: 20)
      for order in [late, early, middle] { try await orders.save(order) }

      let reopened = OrderStore.files(FileStore(directory: temp.dataDirectory))
      #expect(try await reopened.all() == [early, middle, late])
    }
  }

  @Test func savingTheSameSubmissionTwiceKeepsOneOrder() async throws {
    try await TemporaryDirectory.with { temp in
      let store = FileStore(directory: temp.dataDirectory)
      let orders = OrderStore.files(store)
      try await orders.save(Samples.order(5))
      try await orders.save(Samples.order(5))
      #expect(try await orders.all() == [try Samples.order(5)])
      #expect(try FileSystem.live.list(store.path("orders")) == ["5.json"])
    }
  }

  @Test func aDifferentOrderWithATakenNumberIsKeptBesideIt() async throws {
    try await TemporaryDirectory.with { temp in
      let store = FileStore(directory: temp.dataDirectory)
      let orders = OrderStore.files(store)
      let first = try Samples.order(1, key: "run-1", second: 1)
      let second = try Samples.order(1, key: "run-2", second: 2)
      let third = try Samples.order(1, key: "run-3", second: 3)
      for order in [first, second, third, second] { try await orders.save(order) }

      #expect(try await orders.all() == [first, second, third])
      let names = try #require(try FileSystem.live.list(store.path("orders")))
      #expect(Set(names) == ["1.json", "1-2.json", "1-3.json"])
    }
  }

  static let damaged: [(name: String, bytes: @Sendable (Data) -> Data)] = [
    ("garbage", { _ in Data("this is not JSON".utf8) }),
    ("truncated", { valid in valid.prefix(valid.count / 2) }),
    ("empty", { _ in Data() }),
    ("binary", { _ in Data([0xFF, 0x00, 0x1B, 0x5B]) }),
    ("no version", { _ in Data(#"{"order": {}}"#.utf8) }),
    ("version zero", { _ in Data(#"{"schema_version": 0, "order": {}}"#.utf8) }),
    ("version as text", { _ in Data(#"{"schema_version": "2"}"#.utf8) }),
    ("wrong shape", { _ in Data(#"{"schema_version": 2, "order": {"number": "five"}}"#.utf8) }),
    ("a JSON array", { _ in Data("[1, 2, 3]".utf8) }),
  ]

  @Test(arguments: damaged.indices)
  func aDamagedFileIsMovedAsideReportedAndTheRestListed(index: Int) async throws {
    let (kind, damage) = Self.damaged[index]
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let store = FileStore(directory: temp.dataDirectory, report: log.report)
      let orders = OrderStore.files(store)
      try await orders.save(Samples.order(1, second: 1))
      try await orders.save(Samples.order(2, second: 2))
      try await orders.save(Samples.order(3, second: 3))
      let path = store.path("orders", "2.json")
      let bad = damage(try #require(try FileSystem.live.read(path, 1 << 20)))
      try bad.write(to: URL(fileURLWithPath: path))

      #expect(try await orders.all().map(\.number) == [1, 3], "\(kind)")
      #expect(try FileSystem.live.read(path + ".corrupt", 1 << 20) == bad)
      #expect(try FileSystem.live.read(path, 1 << 20) == nil)
      #expect(log.all.count == 1)
      #expect(log.all.first?.contains(path) == true)
      #expect(log.all.first?.contains(path + ".corrupt") == true)

      // Once moved aside it is not reported again, and the number can be used again.
      #expect(try await orders.all().map(\.number) == [1, 3])
      #expect(log.all.count == 1)
    }
  }

  @Test func aSecondCorruptFileWithTheSameNameGetsACounterNeverOverwrites() async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let store = FileStore(directory: temp.dataDirectory, report: log.report)
      let orders = OrderStore.files(store)
      try store.prepare(subdirectory: "orders")
      let path = store.path("orders", "9.json")
      for content in ["first bad", "second bad", "third bad"] {
        try Data(content.utf8).write(to: URL(fileURLWithPath: path))
        #expect(try await orders.all().isEmpty)
      }
      #expect(try FileSystem.live.read(path + ".corrupt", 100) == Data("first bad".utf8))
      #expect(try FileSystem.live.read(path + ".corrupt-2", 100) == Data("second bad".utf8))
      #expect(try FileSystem.live.read(path + ".corrupt-3", 100) == Data("third bad".utf8))
      #expect(log.all.count == 3)
    }
  }

  @Test func aFileTooLargeToBeAnOrderIsMovedAside() async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let store = FileStore(directory: temp.dataDirectory, report: log.report)
      try store.prepare(subdirectory: "orders")
      let path = store.path("orders", "4.json")
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      try handle.truncate(atOffset: UInt64(FileStore.maximumFileSize + 1))
      try handle.close()

      #expect(try await OrderStore.files(store).all().isEmpty)
      // Told as data, for the host to say in its own language.
      #expect(
        log.events == [
          .movedAside(
            path: path, movedTo: path + ".corrupt",
            reason: .tooLarge(limit: FileStore.maximumFileSize))
        ])
      #expect(FileManager.default.fileExists(atPath: path + ".corrupt"))
    }
  }

  @Test func aFileFromANewerVersionIsSkippedReportedAndNeverOverwritten() async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let store = FileStore(directory: temp.dataDirectory, report: log.report)
      let orders = OrderStore.files(store)
      try await orders.save(Samples.order(1, second: 1))
      let path = store.path("orders", "7.json")
      let future = Data(
        #"{"schema_version": 99, "order": {"number": 7, "loyalty": {"tier": "gold"}}}"#.utf8)
      try future.write(to: URL(fileURLWithPath: path))

      #expect(try await orders.all().map(\.number) == [1])
      #expect(log.all.count == 1)
      #expect(log.events == [.newerVersionSkipped(path: path, version: 99)])

      // Saving an order with that number goes beside it; the newer file stays byte for byte.
      try await orders.save(Samples.order(7, second: 7))
      #expect(try FileSystem.live.read(path, 1 << 20) == future)
      #expect(try await orders.all().map(\.number) == [1, 7])
      #expect(FileManager.default.fileExists(atPath: store.path("orders", "7-2.json")))
      #expect(!FileManager.default.fileExists(atPath: path + ".corrupt"))
    }
  }

  @Test func otherFilesInTheFolderAreIgnored() async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let store = FileStore(directory: temp.dataDirectory, report: log.report)
      let orders = OrderStore.files(store)
      try await orders.save(Samples.order(1))
      for name in ["README.txt", ".hidden.json", "2.json.corrupt"] {
        try Data("junk".utf8).write(to: URL(fileURLWithPath: store.path("orders", name)))
      }
      #expect(try await orders.all().map(\.number) == [1])
      #expect(log.all.isEmpty)
    }
  }

  @Test func aNameHeldByADirectoryIsReportedAndSkippedAndTheNumberStillSaves() async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let store = FileStore(directory: temp.dataDirectory, report: log.report)
      let orders = OrderStore.files(store)
      try await orders.save(Samples.order(1, second: 1))
      try FileManager.default.createDirectory(
        atPath: store.path("orders", "5.json"), withIntermediateDirectories: false)

      try await orders.save(Samples.order(5, second: 5))
      #expect(try await orders.all().map(\.number) == [1, 5])
      #expect(FileManager.default.fileExists(atPath: store.path("orders", "5-2.json")))
      #expect(log.all.count == 1)
      #expect(log.all.first?.contains(store.path("orders", "5.json")) == true, "\(log.all)")
    }
  }

  @Test func listingRemovesWhatACrashedWriterLeft() async throws {
    try await TemporaryDirectory.with { temp in
      let store = FileStore(directory: temp.dataDirectory)
      let orders = OrderStore.files(store)
      try await orders.save(Samples.order(1))
      let leftover = store.path("orders", ".2.json.tmp-99999-1")
      try Data("{\"schema_vers".utf8).write(to: URL(fileURLWithPath: leftover))

      #expect(try await orders.all().map(\.number) == [1])
      #expect(!FileManager.default.fileExists(atPath: leftover))
    }
  }

  /// Nothing is saved that the store's own reader refuses (``Domain/Order/firstProblem``, the
  /// rule listing applies): such an order is refused naming what is wrong, no file is written,
  /// and a later listing has nothing to move aside.
  @Test(arguments: [
    ("a negative order number", -3, "-289400", "number"),
    ("a negative total shown on Pay", 3, "-289400", "request.form.price.total"),
  ])
  func anOrderTheReaderWouldRefuseIsNotSaved(
    _ what: String, number: Int, shownTotal: String, path: String
  ) async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let store = FileStore(directory: temp.dataDirectory, report: log.report)
      let orders = OrderStore.files(store)
      var order = try Samples.order(number)
      if number > 0 { order.request.form["price.total"] = shownTotal }
      do throws(StoreError) {
        try await orders.save(order)
        Issue.record("\(what) was saved")
      } catch {
        guard case .cannotSave(let text) = error else {
          Issue.record("\(error)")
          return
        }
        #expect(text.contains(path), "\(text)")
      }
      #expect(try FileSystem.live.list(store.path("orders"))?.isEmpty ?? true)
      #expect(try await orders.all().isEmpty)
      #expect(log.events.isEmpty)
    }
  }

  /// A corrupt order in a read-only data directory is read, cannot be moved aside, and is
  /// reported as that (both the file and the directory named by the error), left as it is and
  /// not listed: never "could not be read" with the lock file's failure as the reason.
  @Test(arguments: ["lock", "rename"])
  func aCorruptOrderThatCannotBeMovedAsideIsReportedAsSuch(failing call: String) async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      var readOnly = FileSystem.live
      if call == "lock" {
        readOnly.lock = { path throws(StoreError) in
          throw .io(operation: "open", path: path, cause: .readOnlyFileSystem)
        }
      } else {
        readOnly.rename = { from, _ throws(StoreError) in
          throw .io(operation: "rename", path: from, cause: .readOnlyFileSystem)
        }
      }
      try FileStore(directory: temp.dataDirectory).prepare(subdirectory: "orders")
      let store = FileStore(directory: temp.dataDirectory, fileSystem: readOnly, report: log.report)
      let path = store.path("orders", "9.json")
      try Data("not json".utf8).write(to: URL(fileURLWithPath: path))

      #expect(try await OrderStore.files(store).all().isEmpty)
      #expect(log.events.count == 1)
      guard case .notMovedAside(path, .undecodable, let error) = log.events.first else {
        Issue.record("expected notMovedAside, got \(log.events)")
        return
      }
      // The data directory, whichever folder the failed call was in (the call names that).
      let directory = temp.dataDirectory.path
      let failed = call == "lock" ? store.path(".lock") : path
      guard
        case .directoryUnavailable(directory, .systemCall(_, failed, .readOnlyFileSystem)) = error
      else {
        Issue.record("expected the directory \(directory) read-only at \(failed), got \(error)")
        return
      }
      #expect(try FileSystem.live.read(path, 100) == Data("not json".utf8))
    }
  }
}

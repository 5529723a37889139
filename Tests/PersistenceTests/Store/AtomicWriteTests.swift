import Domain
import Foundation
import Testing
import UseCases

@testable import Persistence

/// SQLite's model: fail (or crash at) each step of a write in turn; the file must hold exactly
/// the old or the new content, and the store must keep working afterwards.
@Suite("Atomic writes")
struct AtomicWriteTests {
  static let steps = ["createExclusive", "write", "sync", "close", "rename", "syncDirectory"]

  @Test func aWriteIsTemporaryFileFsyncRenameDirectoryFsync() async throws {
    try await TemporaryDirectory.with { temp in
      let faulty = FaultyFileSystem()
      let store = FileStore(directory: temp.dataDirectory, fileSystem: faulty.fileSystem)
      try store.prepare()
      faulty.arm(failAt: 0, crash: false)
      try DraftFiles(store: store).write(Samples.draft("new"))
      #expect(faulty.steps == Self.steps)
    }
  }

  @Test(arguments: 1...6, [false, true])
  func aDraftWriteStoppedAtAnyStepLeavesOldOrNew(step: Int, crash: Bool) async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let live = DraftFiles(store: FileStore(directory: temp.dataDirectory, report: log.report))
      try live.write(Samples.draft("old"))
      let faulty = FaultyFileSystem()
      let broken = DraftFiles(
        store: FileStore(
          directory: temp.dataDirectory, fileSystem: faulty.fileSystem, report: log.report))
      faulty.arm(failAt: step, crash: crash)

      let failing = Self.steps[step - 1]
      #expect {
        try broken.write(Samples.draft("new"))
      } throws: { error in
        guard case .io(let operation, _, _) = error as? StoreError else { return false }
        return operation == failing
      }

      // Only a failure after the rename (the directory fsync) shows the new content.
      let expected = failing == "syncDirectory" ? "new" : "old"
      #expect(try live.load() == Samples.draft(expected))
      #expect(log.all.isEmpty)
      let names = try #require(try FileSystem.live.list(temp.dataDirectory.path))
      if !crash {
        #expect(Set(names) == [".lock", "draft.json"])
      }
      // The store keeps working, and the next write removes what a crash left behind.
      try live.write(Samples.draft("newer"))
      #expect(try live.load() == Samples.draft("newer"))
      let after = try #require(try FileSystem.live.list(temp.dataDirectory.path))
      #expect(Set(after) == [".lock", "draft.json"])
    }
  }

  @Test(arguments: 1...6)
  func anOrderSaveStoppedAtAnyStepIsAllOrNothingAndCanBeRetried(step: Int) async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let live = OrderFiles(store: FileStore(directory: temp.dataDirectory, report: log.report))
      try live.save(Samples.order(1))
      let faulty = FaultyFileSystem()
      let broken = OrderFiles(
        store: FileStore(
          directory: temp.dataDirectory, fileSystem: faulty.fileSystem, report: log.report))
      faulty.arm(failAt: step, crash: true)

      #expect(throws: StoreError.self) { try broken.save(Samples.order(2)) }
      let listed = try live.all().map(\.number)
      #expect(listed == (Self.steps[step - 1] == "syncDirectory" ? [1, 2] : [1]))

      // Retrying the same save (same idempotency key) ends with exactly one copy of it.
      try live.save(Samples.order(2))
      #expect(try live.all() == [try Samples.order(1), try Samples.order(2)])
      let files = try #require(try FileSystem.live.list(live.folder))
      #expect(Set(files) == ["1.json", "2.json"])
      #expect(log.all.isEmpty)
    }
  }
}

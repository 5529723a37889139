import Dispatch
import Foundation
import Synchronization
import Testing
import UseCases

@testable import Persistence

/// Cache entries are written atomically but not durably, behind the answers (in the background),
/// and `flush` waits for them.
@Suite("Cache writes")
struct CacheWriteTests {
  static func response(_ text: String) -> CachedResponse {
    CachedResponse(
      etag: "\"\(text)\"", body: Data(#"{"text": "\#(text)"}"#.utf8),
      storedAt: Date(timeIntervalSince1970: 1_789_000_000))
  }

  @Test func aCacheWriteIsTemporaryFileAndRenameWithoutAnyFsync() async throws {
    try await TemporaryDirectory.with { temp in
      let faulty = FaultyFileSystem()
      let store = FileStore(directory: temp.dataDirectory, fileSystem: faulty.fileSystem)
      try store.prepare()  // As the composition root does at start-up.
      faulty.arm(failAt: 0, crash: false)
      let cache = ResponseCache.files(store)

      // The first entry also creates `cache/`; the second replaces an entry.
      try await cache.store("GET /hotel [en]", Self.response("one"))
      await cache.flush()
      try await cache.store("GET /hotel [en]", Self.response("two"))
      await cache.flush()

      let once = ["createExclusive", "write", "close", "rename"]
      #expect(faulty.steps == once + once)
      #expect(!faulty.steps.contains("sync") && !faulty.steps.contains("syncDirectory"))
      #expect(CacheFiles(store: store).entry("GET /hotel [en]") == Self.response("two"))
    }
  }

  @Test func ordersAndTheDraftStillWriteDurably() async throws {
    try await TemporaryDirectory.with { temp in
      let faulty = FaultyFileSystem()
      let store = FileStore(directory: temp.dataDirectory, fileSystem: faulty.fileSystem)
      try store.prepare()
      faulty.arm(failAt: 0, crash: false)
      try DraftFiles(store: store).write(Samples.draft("new"))
      #expect(
        faulty.steps == ["createExclusive", "write", "sync", "close", "rename", "syncDirectory"])
    }
  }

  @Test(arguments: 1...4, [false, true])
  func aCacheWriteStoppedAtAnyStepLeavesOldOrNew(step: Int, crash: Bool) async throws {
    try await TemporaryDirectory.with { temp in
      let key = "GET /rooms [ru]"
      let log = ReportLog()
      let live = CacheFiles(store: FileStore(directory: temp.dataDirectory, report: log.report))
      try live.store(key, Self.response("old"))
      let faulty = FaultyFileSystem()
      let broken = CacheFiles(
        store: FileStore(
          directory: temp.dataDirectory, fileSystem: faulty.fileSystem, report: log.report))
      faulty.arm(failAt: step, crash: crash)

      let failing = ["createExclusive", "write", "close", "rename"][step - 1]
      let failures = broken.store([(key, Self.response("new"))])
      #expect(failures.map(\.key) == [key])
      if case .io(let operation, _, _) = failures.first?.error {
        #expect(operation == failing)
      } else {
        Issue.record("expected an I/O error at \(failing), got \(failures)")
      }

      // Never torn: the old entry is read, nothing is reported as corrupt.
      #expect(live.entry(key) == Self.response("old"))
      #expect(log.all.isEmpty)
      // The cache keeps working, and the next write removes what a crash left behind.
      try live.store(key, Self.response("newer"))
      #expect(live.entry(key) == Self.response("newer"))
      let names = try #require(try FileSystem.live.list(live.folder))
      #expect(names == [CacheFormat.fileName(for: key)])
    }
  }

  @Test func storeReturnsBeforeTheWriteAndEntryAnswersTheStoredResponse() async throws {
    try await TemporaryDirectory.with { temp in
      let gate = LockGate()
      let store = FileStore(directory: temp.dataDirectory, fileSystem: gate.fileSystem)
      let cache = ResponseCache.files(store)
      let path = store.path("cache", CacheFormat.fileName(for: "GET /hotel [en]"))

      try await cache.store("GET /hotel [en]", Self.response("one"))
      await gate.waitUntilEntered()
      // The writer is held at the lock: nothing is on disk, yet the entry is answered.
      #expect(try FileSystem.live.read(path, 1 << 20) == nil)
      #expect(await cache.entry("GET /hotel [en]") == Self.response("one"))

      gate.open()
      await cache.flush()
      #expect(try FileSystem.live.read(path, 1 << 20) != nil)
      let reopened = ResponseCache.files(FileStore(directory: temp.dataDirectory))
      #expect(await reopened.entry("GET /hotel [en]") == Self.response("one"))
    }
  }

  @Test func entriesStoredDuringAWriteAreWrittenInOneMoreBatchNewestFirst() async throws {
    try await TemporaryDirectory.with { temp in
      let gate = LockGate()
      let writer = CacheWriter(
        files: CacheFiles(
          store: FileStore(directory: temp.dataDirectory, fileSystem: gate.fileSystem))
      )
      writer.store("GET /hotel [en]", Self.response("hotel"))
      await gate.waitUntilEntered()
      for round in 1...3 {
        for key in ["GET /rooms [en]", "GET /booking?room=1 [en]", "GET /booking?room=2 [en]"] {
          writer.store(key, Self.response("\(key) \(round)"))
        }
      }
      #expect(writer.entry("GET /rooms [en]") == Self.response("GET /rooms [en] 3"))

      gate.open()
      await writer.flush()
      #expect(gate.locks == 2)
      #expect(writer.failures.isEmpty)
      let files = CacheFiles(store: FileStore(directory: temp.dataDirectory))
      #expect(files.entry("GET /hotel [en]") == Self.response("hotel"))
      for key in ["GET /rooms [en]", "GET /booking?room=1 [en]", "GET /booking?room=2 [en]"] {
        #expect(files.entry(key) == Self.response("\(key) 3"))
      }
    }
  }

  @Test func flushWithNothingStoredReturnsAndAFailedWriteIsKeptNotThrown() async throws {
    try await TemporaryDirectory.with { temp in
      let faulty = FaultyFileSystem()
      let store = FileStore(directory: temp.dataDirectory, fileSystem: faulty.fileSystem)
      let writer = CacheWriter(files: CacheFiles(store: store))
      await writer.flush()
      try store.prepare()
      faulty.arm(failAt: 2, crash: false)  // The write of the temporary file.
      writer.store("GET /hotel [en]", Self.response("one"))
      await writer.flush()
      #expect(writer.failures.map(\.key) == ["GET /hotel [en]"])
      #expect(writer.entry("GET /hotel [en]") == nil)
      #expect(try FileSystem.live.list(store.path("cache")) == [])
    }
  }
}

/// A live file system whose first `lock` waits until ``open()``, and which tells when a writer
/// has reached it; it counts the locks taken.
private final class LockGate: Sendable {
  private let entered = DispatchSemaphore(value: 0)
  private let gate = DispatchSemaphore(value: 0)
  private let count = Mutex(0)

  var locks: Int { count.withLock { $0 } }

  var fileSystem: FileSystem {
    var fileSystem = FileSystem.live
    fileSystem.lock = { [self] path throws(StoreError) in
      let first = count.withLock { count -> Bool in
        count += 1
        return count == 1
      }
      if first {
        entered.signal()
        gate.wait()
      }
      return try FileSystem.live.lock(path)
    }
    return fileSystem
  }

  /// Returns once a writer waits at the first lock (waiting off the cooperative pool).
  func waitUntilEntered() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        self.entered.wait()
        continuation.resume()
      }
    }
  }

  /// Lets the waiting writer go on.
  func open() { gate.signal() }
}

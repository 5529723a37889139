import Foundation
import Synchronization
import Testing
import UseCases

@testable import Persistence

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Special files in the data directory (issue 13): a FIFO or a link to `/dev/urandom` where an
/// order or the draft should be is never read, never blocks, and is moved aside and reported.
///
/// Symbolic links to regular files are followed.
@Suite("Special files", .timeLimit(.minutes(1)))
struct SpecialFileTests {
  enum Kind: String, CaseIterable, Sendable {
    case fifo, urandom, directory
    /// A symbolic link to nothing (its target deleted, a disk not mounted): an order's file that is
    /// one is not taken for "no such file" and skipped by `hotel orders` without a word.
    case danglingLink

    /// Puts this kind of file at `path`.
    func make(at path: String) throws {
      switch self {
      case .fifo: try #require(mkfifo(path, 0o600) == 0)
      case .urandom: try #require(symlink("/dev/urandom", path) == 0)
      case .directory: try #require(mkdir(path, 0o700) == 0)
      case .danglingLink: try #require(symlink(path + ".gone", path) == 0)
      }
    }
  }

  @Test(arguments: Kind.allCases)
  func aSpecialDraftIsMovedAsideUnread(kind: Kind) async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let store = FileStore(directory: temp.dataDirectory, report: log.report)
      try store.prepare()
      let path = store.path("draft.json")
      try kind.make(at: path)
      // Before: a FIFO blocked in open() forever; /dev/urandom was re-read without end.
      #expect(try DraftFiles(store: store).load() == nil)
      #expect(
        log.events == [
          .movedAside(path: path, movedTo: path + ".corrupt", reason: .notRegularFile)
        ],
        "\(log.all)")
      var status = stat()
      #expect(lstat(path + ".corrupt", &status) == 0)
      // The draft can be written again.
      try DraftFiles(store: store).write(Samples.draft("after"))
      #expect(try DraftFiles(store: store).load() == Samples.draft("after"))
    }
  }

  @Test(arguments: Kind.allCases)
  func aSpecialOrderFileIsMovedAsideAndSkipped(kind: Kind) async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let store = FileStore(directory: temp.dataDirectory, report: log.report)
      try store.prepare(subdirectory: "orders")
      try kind.make(at: store.path("orders", "5.json"))
      let orders = OrderStore.files(store)
      #expect(try await orders.all() == [])
      #expect(log.all.count == 1, "\(log.all)")
      try await orders.save(Samples.order(5))
      #expect(try await orders.all() == [try Samples.order(5)])
    }
  }

  @Test func aSymbolicLinkToARegularFileIsFollowed() async throws {
    try await TemporaryDirectory.with { temp in
      let store = FileStore(directory: temp.dataDirectory, report: { _ in })
      try DraftFiles(store: store).write(Samples.draft("linked"))
      let real = temp.path + "/elsewhere.json"
      try FileManager.default.moveItem(atPath: store.path("draft.json"), toPath: real)
      try #require(symlink(real, store.path("draft.json")) == 0)
      #expect(try DraftFiles(store: store).load() == Samples.draft("linked"))
    }
  }

  @Test func aFileThatKeepsChangingIsMovedAsideOnTheThirdRead() async throws {
    try await TemporaryDirectory.with { temp in
      let log = ReportLog()
      let counter = Counter()
      var fileSystem = FileSystem.live
      let path = temp.dataDirectory.path + "/draft.json"
      // Every read sees new garbage, as a file that something keeps rewriting would.
      fileSystem.read = { readPath, limit throws(StoreError) in
        guard readPath == path else { return try FileSystem.live.read(readPath, limit) }
        return Data("garbage \(counter.next())".utf8)
      }
      let store = FileStore(
        directory: temp.dataDirectory, fileSystem: fileSystem, report: log.report)
      try store.prepare()
      try Data("garbage".utf8).write(to: URL(fileURLWithPath: path))
      #expect(try DraftFiles(store: store).load() == nil)
      #expect(counter.value <= 2 * FileStore.maximumReadAttempts)
      #expect(FileManager.default.fileExists(atPath: path + ".corrupt"))
    }
  }
}

/// A thread-safe counter.
private final class Counter: Sendable {
  private let count = Mutex<Int>(0)
  func next() -> Int {
    count.withLock {
      $0 += 1
      return $0
    }
  }
  var value: Int { count.withLock { $0 } }
}

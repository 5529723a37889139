import Foundation
import TestSupport
import Testing
import UseCases

@testable import Persistence

@Suite("Data directory on disk")
struct DirectoryTests {
  @Test func aMissingDirectoryIsCreatedPrivateWithPrivateFiles() async throws {
    try await TemporaryDirectory.with { temp in
      let nested = DataDirectory(path: temp.path + "/a/b/hotel")
      let store = FileStore(directory: nested)
      try await OrderStore.files(store).save(Samples.order(1))
      try DraftFiles(store: store).write(Samples.draft("x"))
      let cache = ResponseCache.files(store)
      try await cache.store(
        "GET /rooms en", CachedResponse(etag: "\"1\"", body: Data("{}".utf8), storedAt: Date()))
      await cache.flush()

      for directory in ["/a", "/a/b", "/a/b/hotel", "/a/b/hotel/orders", "/a/b/hotel/cache"] {
        #expect(Platform.permissions(of: temp.path + directory) == 0o700, "\(directory)")
      }
      let cacheFiles = try #require(try FileSystem.live.list(nested.path + "/cache"))
      let files =
        ["/orders/1.json", "/draft.json", "/.lock"] + cacheFiles.map { "/cache/" + $0 }
      #expect(files.count == 4)
      for file in files {
        #expect(Platform.permissions(of: nested.path + file) == 0o600, "\(file)")
      }
    }
  }

  @Test func readingAMissingDirectoryFindsNothingAndCreatesNothing() async throws {
    try await TemporaryDirectory.with { temp in
      let store = FileStore(directory: temp.dataDirectory)
      #expect(try await OrderStore.files(store).all().isEmpty)
      #expect(try DraftFiles(store: store).load() == nil)
      #expect(await ResponseCache.files(store).entry("GET /hotel en") == nil)
      try DraftFiles(store: store).clear()
      #expect(!FileManager.default.fileExists(atPath: temp.dataDirectory.path))
    }
  }

  @Test func aDataDirectoryThatIsAFileIsAClearErrorAndTheFileIsKept() async throws {
    try await TemporaryDirectory.with { temp in
      let path = temp.dataDirectory.path
      let content = Data("my notes, not a directory".utf8)
      try content.write(to: URL(fileURLWithPath: path))
      let store = FileStore(directory: temp.dataDirectory)

      await #expect {
        try await OrderStore.files(store).save(Samples.order(1))
      } throws: { error in
        guard case .directoryUnavailable(let reported, let reason) = error as? StoreError else {
          return false
        }
        return reported == path
          && reason == .systemCall(operation: "mkdir", path: path, cause: .notADirectory)
      }
      #expect(throws: StoreError.self) { try DraftFiles(store: store).write(Samples.draft("x")) }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
    }
  }

  @Test func aParentThatIsAFileIsAClearError() async throws {
    // Unlike permission bits, this fails for root too (CI runs the tests as root).
    try await TemporaryDirectory.with { temp in
      let parent = temp.path + "/file"
      try Data("x".utf8).write(to: URL(fileURLWithPath: parent))
      let directory = DataDirectory(path: parent + "/hotel")
      #expect {
        try FileStore(directory: directory).prepare()
      } throws: { error in
        guard case .directoryUnavailable(let path, let reason) = error as? StoreError else {
          return false
        }
        guard case .systemCall("mkdir", _, .notADirectory) = reason else { return false }
        return path == directory.path
      }
    }
  }

  @Test func anUnusableOrdersFolderStopsOnlyOrders() async throws {
    try await TemporaryDirectory.with { temp in
      let store = FileStore(directory: temp.dataDirectory)
      try store.prepare()
      try Data("x".utf8).write(to: URL(fileURLWithPath: store.path("orders")))

      await #expect {
        try await OrderStore.files(store).save(Samples.order(1))
      } throws: { error in
        guard case .directoryUnavailable(let path, _) = error as? StoreError else { return false }
        return path == store.path("orders")
      }
      try DraftFiles(store: store).write(Samples.draft("still saved"))
      #expect(try DraftFiles(store: store).load() == Samples.draft("still saved"))
    }
  }

  // Root ignores permission bits: as root the folder is made immutable (`chattr +i`) instead;
  // off only where neither works (a file system without the attribute).
  @Test(.enabled(if: ReadOnlyFolder.isPossible, "no way to make a folder read-only here"))
  func aReadOnlyDirectoryIsAClearErrorAndNothingIsLost() async throws {
    try await TemporaryDirectory.with { temp in
      let store = FileStore(directory: temp.dataDirectory)
      let orders = OrderStore.files(store)
      try await orders.save(Samples.order(1))
      let writable = try ReadOnlyFolder.make([store.path("orders")])
      defer { writable() }

      await #expect {
        try await orders.save(Samples.order(2))
      } throws: { error in
        guard case .directoryUnavailable(let path, _) = error as? StoreError else { return false }
        return path == store.path("orders")
      }
      #expect(try await orders.all() == [try Samples.order(1)])
    }
  }
}

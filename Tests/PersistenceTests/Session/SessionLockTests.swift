import Foundation
import Persistence
import Testing
import UseCases

@Suite("Session lock")
struct SessionLockTests {
  @Test func aSecondSessionOnTheSameDirectoryIsToldAnotherHoldsIt() async throws {
    try await TemporaryDirectory.with { temp in
      let store = FileStore(directory: temp.dataDirectory, report: { _ in })
      try store.prepare()
      let first = SessionLock.files(store)
      let second = SessionLock.files(store)
      #expect(try first.acquire() == .acquired)
      #expect(try first.acquire() == .acquired, "taking it again keeps it")
      #expect(try second.acquire() == .heldElsewhere)
      first.release()
      #expect(try second.acquire() == .acquired)
      #expect(try first.acquire() == .heldElsewhere)
      second.release()
      let mode =
        try FileManager.default.attributesOfItem(
          atPath: temp.dataDirectory.path + "/session.lock")[.posixPermissions] as? Int
      #expect(mode == 0o600)
    }
  }

  @Test func aLockFileThatCannotBeOpenedIsAnError() async throws {
    try await TemporaryDirectory.with { temp in
      let store = FileStore(directory: temp.dataDirectory, report: { _ in })
      // The directory was never made.
      #expect(throws: StoreError.self) { try SessionLock.files(store).acquire() }
    }
  }
}

import Foundation
import Persistence
import Synchronization
import UseCases

/// A file system that records the steps of every write and fails the chosen one, the way
/// SQLite tests its atomic commit: `createExclusive`, `write`, `sync`, `close`, `rename` and
/// `syncDirectory` are the steps; a failing `write` writes half of its bytes first (a torn write).
///
/// In `crash` mode every call after the failing step fails too, including the clean-up of the
/// temporary file, as if the process had died there.
final class FaultyFileSystem: Sendable {
  /// The steps of a write, in the order they are counted.
  static let stepNames: Set<String> = [
    "createExclusive", "write", "sync", "close", "rename", "syncDirectory",
  ]

  private struct State {
    var steps: [String] = []
    var failAt: Int?
    var crash = false
    var crashed = false
  }

  private let state = Mutex(State())
  private let base: FileSystem

  /// Wraps `base` (the live file system by default); no step fails until ``arm(failAt:crash:)``.
  init(base: FileSystem = .live) { self.base = base }

  /// Makes step `failAt` (1-based, counted from now) fail; `crash` also fails every later call.
  func arm(failAt step: Int, crash: Bool) {
    state.withLock {
      $0.steps = []
      $0.failAt = step
      $0.crash = crash
      $0.crashed = false
    }
  }

  /// The steps made since the last ``arm(failAt:crash:)`` (or since creation), by name.
  var steps: [String] { state.withLock { $0.steps } }

  /// Records a call; throws when it is the step to fail or the "process" has crashed.
  private func enter(_ name: String, _ path: String) throws(StoreError) {
    let fails = state.withLock { state -> Bool in
      if state.crashed { return true }
      guard Self.stepNames.contains(name) else { return false }
      state.steps.append(name)
      guard state.steps.count == state.failAt else { return false }
      state.crashed = state.crash
      return true
    }
    if fails {
      throw .io(
        operation: name, path: path, cause: .other(code: 5, description: "Input/output error"))
    }
  }

  /// The file system to inject.
  var fileSystem: FileSystem {
    let base = base
    return FileSystem(
      createExclusive: { path throws(StoreError) in
        try self.enter("createExclusive", path)
        return try base.createExclusive(path)
      },
      write: { descriptor, bytes, path throws(StoreError) in
        do throws(StoreError) {
          try self.enter("write", path)
        } catch {
          try? base.write(descriptor, bytes.prefix(bytes.count / 2), path)
          throw error
        }
        try base.write(descriptor, bytes, path)
      },
      sync: { descriptor, path throws(StoreError) in
        try self.enter("sync", path)
        try base.sync(descriptor, path)
      },
      close: { descriptor, path throws(StoreError) in
        do throws(StoreError) {
          try self.enter("close", path)
        } catch {
          try? base.close(descriptor, path)  // A descriptor is gone after a failed close.
          throw error
        }
        try base.close(descriptor, path)
      },
      rename: { from, to throws(StoreError) in
        try self.enter("rename", to)
        try base.rename(from, to)
      },
      syncDirectory: { path throws(StoreError) in
        try self.enter("syncDirectory", path)
        try base.syncDirectory(path)
      },
      remove: { path throws(StoreError) in
        try self.enter("remove", path)
        try base.remove(path)
      },
      makeDirectory: { path throws(StoreError) in
        try self.enter("makeDirectory", path)
        return try base.makeDirectory(path)
      },
      read: { path, limit throws(StoreError) in
        try self.enter("read", path)
        return try base.read(path, limit)
      },
      list: { path throws(StoreError) in
        try self.enter("list", path)
        return try base.list(path)
      },
      lock: { path throws(StoreError) in
        try self.enter("lock", path)
        return try base.lock(path)
      },
      unlock: { descriptor in base.unlock(descriptor) },
      entry: { path throws(StoreError) in
        try self.enter("entry", path)
        return try base.entry(path)
      },
      checkWritable: { path throws(StoreError) in
        try self.enter("checkWritable", path)
        try base.checkWritable(path)
      }
    )
  }
}

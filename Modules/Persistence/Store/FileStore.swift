import Domain
import Foundation
import Synchronization
import UseCases

/// The data directory as a store of JSON files: the engine behind the order, draft and cache
/// stores, with the atomic write recipe, the cross-process lock and the quarantine of corrupt
/// files.
///
/// Layout: `orders/<number>.json`, `draft.json`, `cache/<hash>.json`, `order-number.json` (the
/// last order number the built-in fixture handed out: ``OrderNumberReservation``), the lock
/// file `.lock` and `session.lock` (the session lock of `SessionLock.files`).
/// Directories are created 0700 and files 0600. Every write of an order or the draft is a
/// temporary file in the same directory, `fsync`, `rename`, `fsync` of the directory (cache
/// entries skip both `fsync`s: see ``ResponseCache/files(_:)``), made while holding an exclusive
/// `flock` on `.lock`, so several `hotel` processes can write at once. Every file starts with
/// `"schema_version"`; dates are ISO 8601 with millisecond precision. The calls block the calling
/// thread for the duration of an `fsync` (or while another process holds the lock).
///
/// ```swift
/// let strings = Localizer(language: .en)  // Presentation's words, in the host
/// let files = FileStore(directory: directory, report: { print(strings.storeReport($0)) })
/// let orders = OrderStore.files(files)
/// let draft = DraftStore.files(files, clock: dependencies.clock)
/// let cache = ResponseCache.files(files)
/// ```
public struct FileStore: Sendable {
  /// The data directory.
  public let directory: DataDirectory
  /// The file-system calls (``FileSystem/live`` outside tests).
  let fileSystem: FileSystem
  /// Where problems that do not stop the store are told (a corrupt file moved aside).
  let report: @Sendable (StoreReport) -> Void
  private let temporaryNames = TemporaryNames()

  /// The largest file read, 16 MiB; a larger file is treated as corrupt.
  static let maximumFileSize = 16 * 1024 * 1024

  /// Creates a store in `directory` (nothing is touched until the first read or write).
  /// - Parameter report: receives each problem that does not stop the store, such as a
  ///   corrupt file moved aside, as a ``StoreReport`` for the host to say in its language
  ///   (Presentation's `Localizer.storeReport(_:)`, the only words there are for it).
  public init(
    directory: DataDirectory, fileSystem: FileSystem = .live,
    report: @escaping @Sendable (StoreReport) -> Void
  ) {
    self.directory = directory
    self.fileSystem = fileSystem
    self.report = report
  }

  /// Creates the data directory (and `subdirectory` in it) now, so a caller can report an
  /// unusable directory at startup rather than at the first save.
  /// - Throws: ``StoreError/directoryUnavailable(path:reason:)``.
  public func prepare(subdirectory: String? = nil) throws(StoreError) {
    try prepare(subdirectory: subdirectory, durably: true)
  }

  /// ``prepare(subdirectory:)``; unless `durably`, a new `subdirectory` is not made durable in
  /// the data directory (no `fsync` of it: for `cache/`, whose entries are not durable either).
  func prepare(subdirectory: String?, durably: Bool) throws(StoreError) {
    var path = directory.path
    do throws(StoreError) {
      try makeDirectoryAndParents(path)
      if let subdirectory {
        path = self.path(subdirectory)
        if durably {
          try makeDirectoryAndParents(path)
        } else {
          _ = try fileSystem.makeDirectory(path)
        }
      }
    } catch {
      throw unavailable(error, folder: path)
    }
  }

  /// Checks that files can be made in `folder` (the data directory or a folder in it), so a
  /// caller can report a folder that cannot be written at startup rather than at the first
  /// save.
  /// - Throws: ``StoreError/directoryUnavailable(path:reason:)`` naming the data directory,
  ///   with ``UseCases/DirectoryProblem/notWritable(path:cause:)`` for a folder that cannot be
  ///   written (permission denied, a read-only file system).
  public func checkWritable(_ folder: String) throws(StoreError) {
    do throws(StoreError) {
      try fileSystem.checkWritable(folder)
    } catch {
      if case .io(_, _, let cause) = error,
        cause == .permissionDenied || cause == .readOnlyFileSystem
      {
        throw .directoryUnavailable(
          path: directory.path, reason: .notWritable(path: folder, cause: cause))
      }
      throw unavailable(error, folder: folder)
    }
  }

  // MARK: - Paths

  /// The absolute path of `components` inside the data directory.
  func path(_ components: String...) -> String {
    ([directory.path] + components).joined(separator: "/")
  }

  // MARK: - Locking

  /// Runs `body` while holding the exclusive lock of the data directory (creating the directory
  /// first).
  ///
  /// `body` must not take the lock again: `flock` locks are per open file, so a nested lock would
  /// wait for itself.
  func withLock<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    try prepare()
    let lockPath = path(".lock")
    let descriptor: Int32
    do throws(StoreError) {
      descriptor = try fileSystem.lock(lockPath)
    } catch {
      throw unavailable(error, folder: directory.path)
    }
    defer { fileSystem.unlock(descriptor) }
    return try body()
  }

  // MARK: - Writing (call with the lock held)

  /// Replaces the file at `path` with `data` atomically: whatever happens, the file holds either
  /// its old content or `data`.
  ///
  /// Call with the lock held.
  ///
  /// `durable` (the default, and what orders and the draft use) also `fsync`s the temporary
  /// file before the rename and the directory after it, so `data` survives a power loss once
  /// this returns. Without it the write is temporary file, `rename`: still never torn for a
  /// reader or after the process dies, but the kernel writes it back when it chooses, and a
  /// power loss before that may leave the old content, no file, or (on some file systems) an
  /// empty one. Only the response cache, whose entries can always be fetched again, uses it.
  func writeAtomically(_ data: Data, to path: String, durable: Bool = true) throws(StoreError) {
    let (folder, name) = Self.split(path)
    var temporary = ""
    var descriptor: Int32 = -1
    for attempt in 0..<3 {
      temporary = folder + "/." + name + ".tmp-" + temporaryNames.next()
      do throws(StoreError) {
        descriptor = try fileSystem.createExclusive(temporary)
        break
      } catch {
        // A leftover of a crashed process with the same name: try the next name.
        if case .io(_, _, .alreadyExists) = error, attempt < 2 {
          continue
        }
        throw unavailable(error, folder: folder)
      }
    }
    do throws(StoreError) {
      try fileSystem.write(descriptor, data, temporary)
      if durable { try fileSystem.sync(descriptor, temporary) }
    } catch {
      try? fileSystem.close(descriptor, temporary)
      try? fileSystem.remove(temporary)
      throw error
    }
    do throws(StoreError) {
      try fileSystem.close(descriptor, temporary)
      try fileSystem.rename(temporary, path)
    } catch {
      try? fileSystem.remove(temporary)
      throw error
    }
    if durable { try fileSystem.syncDirectory(folder) }
  }

  /// Removes the file at `path` durably.
  ///
  /// Call with the lock held.
  func removeFile(at path: String) throws(StoreError) {
    try fileSystem.remove(path)
    try fileSystem.syncDirectory(Self.split(path).folder)
  }

  /// Removes temporary files left by writers that crashed.
  ///
  /// Call with the lock held: every writer holds it, so no temporary file in the folder belongs to
  /// a live write.
  func removeStaleTemporaries(in folder: String) {
    guard let names = try? fileSystem.list(folder) else { return }
    for name in names where name.hasPrefix(".") && name.contains(".tmp-") {
      try? fileSystem.remove(folder + "/" + name)
    }
  }

  // MARK: - Reading

  /// Reads and decodes the file at `path`.
  ///
  /// A file that cannot be decoded is moved aside and reported (taking the lock unless `locked`); a
  /// file from a newer version is left alone. Something that is not a regular file (a FIFO, a
  /// device, a directory; a symbolic link is followed) is moved aside the same way, unread. When
  /// the file keeps changing between the read and the check under the lock, the third time it is
  /// moved aside as it is then.
  func read<Format: FileFormat>(
    _ format: Format.Type, at path: String, locked: Bool = false, attempt: Int = 1
  ) throws(StoreError) -> ReadOutcome<Format.Value> {
    let read: Data?
    do {
      read = try fileSystem.read(path, Self.maximumFileSize)
    } catch .notRegularFile {
      let reason = StoreReport.Reason.notRegularFile
      guard let moved = try moveAside(path, ifStill: nil, reason: reason, locked: locked) else {
        return .leftInPlace
      }
      return moved.map { .movedAside(movedTo: $0) } ?? .missing
    }
    guard let data = read else { return .missing }
    switch Self.decode(format, data) {
    case .success(let value): return .value(value)
    case .failure(.newer(let version)): return .newerVersion(version)
    case .failure(.undecodable(let reason)):
      let expected = attempt < Self.maximumReadAttempts ? data : nil
      guard let movedTo = try moveAside(path, ifStill: expected, reason: reason, locked: locked)
      else {
        return .leftInPlace
      }
      // Another process replaced the file meanwhile: read its new content.
      guard let movedTo else {
        return try self.read(format, at: path, locked: locked, attempt: attempt + 1)
      }
      return .movedAside(movedTo: movedTo)
    }
  }

  /// How many times ``read(_:at:locked:attempt:)`` reads a file that changes under it.
  static let maximumReadAttempts = 3

  /// Why bytes did not decode.
  enum DecodeFailure: Error {
    /// Written by a newer version of the program.
    case newer(Int)
    /// Not a file of this format (truncated, garbage, missing fields), and why.
    case undecodable(StoreReport.Reason)
  }

  /// Decodes `data` as `format`, checking the schema version first, in one parse of the JSON
  /// text (``VersionedFile``) after the byte scan for a key twice or nesting too deep.
  static func decode<Format: FileFormat>(
    _ format: Format.Type, _ data: Data
  ) -> Result<Format.Value, DecodeFailure> {
    guard data.count <= maximumFileSize else {
      return .failure(.undecodable(.tooLarge(limit: maximumFileSize)))
    }
    if let version = format.probedVersion(data), (1...format.currentVersion).contains(version) {
      do {
        return .success(try format.decode(data, version: version))
      } catch {
        return .failure(.undecodable(.undecodable(problem(error, data))))
      }
    }
    // A key twice in an object, which the decoder would take in silence, or nesting too deep.
    if let problem = JSONNesting.problem(in: data) {
      return .failure(.undecodable(.undecodable(problem)))
    }
    do {
      return .success(try JSONCoding.decoder().decode(VersionedFile<Format>.self, from: data).value)
    } catch VersionRefusal.newer(let version) {
      return .failure(.newer(version))
    } catch VersionRefusal.invalid(let version) {
      return .failure(.undecodable(.badSchemaVersion(version)))
    } catch {
      return .failure(.undecodable(.undecodable(problem(error, data))))
    }
  }

  // MARK: - Private

  /// ``quarantine(_:ifStill:reason:)`` under the lock (taking it unless `locked`).
  ///
  /// When the file cannot be moved aside (a read-only data directory, its lock file not to be
  /// made), a reader (not `locked`) reports it
  /// (``UseCases/StoreReport/notMovedAside(path:reason:error:)``) and gets `nil`: the file is left
  /// as it is, never deleted. A writer (`locked`) gets the error, so it never writes over the file
  /// it could not move.
  private func moveAside(
    _ path: String, ifStill data: Data?, reason: StoreReport.Reason, locked: Bool
  ) throws(StoreError) -> String?? {
    if locked { return .some(try quarantine(path, ifStill: data, reason: reason)) }
    do {
      return .some(
        try withLock { () throws(StoreError) in
          try quarantine(path, ifStill: data, reason: reason)
        })
    } catch {
      report(.notMovedAside(path: path, reason: reason, error: error))
      return nil
    }
  }

  /// Moves the file at `path` aside to `<path>.corrupt` (or `.corrupt-2`, ...; nothing is ever
  /// deleted) if it still holds `data` (whatever it holds when `data` is `nil`), and reports it.
  ///
  /// Returns where it went, or `nil` when the file changed meanwhile or is gone. Call with the lock
  /// held.
  private func quarantine(
    _ path: String, ifStill data: Data?, reason: StoreReport.Reason
  ) throws(StoreError) -> String? {
    if let data {
      let current: Data?
      do {
        current = try fileSystem.read(path, Self.maximumFileSize)
      } catch .notRegularFile {
        current = nil
      }
      guard let current, current == data else { return nil }
    }
    let (folder, name) = Self.split(path)
    let existing = Set((try? fileSystem.list(folder)) ?? [])
    var target = name + ".corrupt"
    var counter = 2
    while existing.contains(target) {
      target = name + ".corrupt-\(counter)"
      counter += 1
    }
    let movedTo = folder + "/" + target
    do {
      try fileSystem.rename(path, movedTo)
    } catch .io(_, _, .notFound) {
      return nil
    } catch {
      throw unavailable(error, folder: folder)
    }
    try fileSystem.syncDirectory(folder)
    report(.movedAside(path: path, movedTo: movedTo, reason: reason))
    return movedTo
  }

  /// Creates the directory `path` (0700) unless it is there, and any missing parents first; each
  /// new directory is made durable in its parent.
  ///
  /// One `mkdir` when all is in place.
  private func makeDirectoryAndParents(_ path: String) throws(StoreError) {
    let parent = Self.split(path).folder
    do throws(StoreError) {
      if try fileSystem.makeDirectory(path) { try fileSystem.syncDirectory(parent) }
    } catch {
      guard case .io(_, _, .notFound) = error, parent != path else { throw error }
      try makeDirectoryAndParents(parent)
      if try fileSystem.makeDirectory(path) { try fileSystem.syncDirectory(parent) }
    }
  }

  /// A failure that means the data directory cannot be used, as
  /// ``StoreError/directoryUnavailable(path:reason:)`` naming the data directory and what is wrong:
  /// what stands where a folder should be on the way to `folder` (the data directory, or the folder
  /// in it that the failed call needed) when something does (``folderProblem(on:)``), else the
  /// failed call.
  ///
  /// Other failures (a full disk, too many open files) are returned unchanged.
  func unavailable(_ error: StoreError, folder: String) -> StoreError {
    guard case .io(let operation, let path, let cause) = error,
      FileSystem.isDirectoryProblem(cause)
    else { return error }
    return .directoryUnavailable(
      path: directory.path,
      reason: folderProblem(on: folder)
        ?? .systemCall(operation: operation, path: path, cause: cause))
  }

  /// What stands where a folder should be on the way to `folder` (an absolute path): the first path
  /// there, from the root down to `folder` itself, that is not a folder (a file, a FIFO, a device,
  /// a symbolic link to one of them) or is a symbolic link to nothing; `nil` when every one that is
  /// there is a folder (or cannot be looked at).
  ///
  /// One `lstat` per component, so only for a failure or a start-up check.
  func folderProblem(on folder: String) -> DirectoryProblem? {
    var prefix = ""
    for part in folder.split(separator: "/") {
      prefix += "/" + part
      switch try? fileSystem.entry(prefix) {
      case .folder: continue
      case .missing, nil: return nil
      case .linkToNothing(let target): return .linkToNothing(path: prefix, target: target)
      case .notAFolder(let kind, let linkTarget):
        return .notAFolder(path: prefix, kind: kind, linkTarget: linkTarget)
      }
    }
    return nil
  }

  /// The folder and the last component of `path`.
  static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }

  /// What is wrong with `data`, which failed to decode with `error`: a value a format's own
  /// check refused (``InvalidRecord``), or what the decoder met, with its path
  /// (`order.request.tourists[0].birthDate`).
  private static func problem(_ error: any Error, _ data: Data) -> DecodingProblem {
    if let invalid = error as? InvalidRecord { return invalid.problem }
    return DecodingProblem(error, decoding: data)
  }
}

private final class TemporaryNames: Sendable {
  private let counter = Atomic<UInt64>(0)
  private let processID = ProcessInfo.processInfo.processIdentifier

  func next() -> String {
    let value = counter.add(1, ordering: .relaxed).newValue
    return "\(processID)-\(value)"
  }
}

import Foundation
import UseCases

/// The file-system calls the stores make, as a port: the live value talks POSIX, tests inject
/// one that fails any step of a write (SQLite's testing model).
///
/// Every call throws ``StoreError/io(operation:path:cause:)`` with the failing call and the
/// cause `errno` stands for (``UseCases/IOCause``), except where noted. Paths are absolute.
public struct FileSystem: Sendable {
  /// Creates a new file that must not exist yet (`O_CREAT|O_EXCL|O_CLOEXEC`), mode 0600 whatever
  /// the umask, and returns its descriptor.
  public var createExclusive: @Sendable (_ path: String) throws(StoreError) -> Int32
  /// Writes every byte of `bytes` to `descriptor` (retrying short writes and `EINTR`).
  public var write:
    @Sendable (_ descriptor: Int32, _ bytes: Data, _ path: String) throws(StoreError) -> Void
  /// Flushes the file's data and metadata to stable storage (`fsync`).
  public var sync: @Sendable (_ descriptor: Int32, _ path: String) throws(StoreError) -> Void
  /// Closes a descriptor.
  public var close: @Sendable (_ descriptor: Int32, _ path: String) throws(StoreError) -> Void
  /// Renames `from` to `to` atomically, replacing `to` if it exists.
  public var rename: @Sendable (_ from: String, _ to: String) throws(StoreError) -> Void
  /// Makes the directory's entries durable: opens it with `O_DIRECTORY` and `fsync`s it.
  public var syncDirectory: @Sendable (_ path: String) throws(StoreError) -> Void
  /// Removes a file; a file that is already gone is not an error.
  public var remove: @Sendable (_ path: String) throws(StoreError) -> Void
  /// Creates a directory with mode 0700 whatever the umask; `false` when a directory is already
  /// there.
  ///
  /// Something else at `path` fails with `ENOTDIR`.
  public var makeDirectory: @Sendable (_ path: String) throws(StoreError) -> Bool
  /// Reads at most `limit + 1` bytes of a file (so a caller sees that it is too large), or `nil`
  /// when there is no such file.
  ///
  /// Only a regular file is read (a symbolic link is followed to one): anything else throws
  /// ``StoreError/notRegularFile(path:)`` without blocking (a FIFO is opened non-blocking and
  /// checked before any read; a device such as `/dev/urandom` is never read, and a symbolic link to
  /// nothing is not "no such file").
  public var read: @Sendable (_ path: String, _ limit: Int) throws(StoreError) -> Data?
  /// The names in a directory (without `.` and `..`), or `nil` when there is no such directory.
  public var list: @Sendable (_ path: String) throws(StoreError) -> [String]?
  /// Opens (creating, 0600) the lock file at `path` and takes an exclusive `flock` on it,
  /// waiting for other processes; returns the descriptor that holds the lock.
  public var lock: @Sendable (_ path: String) throws(StoreError) -> Int32
  /// Releases a lock taken with ``lock`` and closes its descriptor.
  public var unlock: @Sendable (_ descriptor: Int32) -> Void
  /// What is at `path`, one `lstat` (a symbolic link is then followed with `stat`, and its
  /// target is read with `readlink` when it leads nowhere or to something not a folder).
  public var entry: @Sendable (_ path: String) throws(StoreError) -> Entry
  /// Checks that files can be made in the folder at `path` (`access` with `W_OK | X_OK`: the
  /// permission bits for a person, an immutable folder or a read-only file system for root
  /// too); throws `.io(operation: "access", ...)` when they cannot.
  public var checkWritable: @Sendable (_ path: String) throws(StoreError) -> Void

  /// What ``entry`` found at a path.
  public enum Entry: Hashable, Sendable {
    /// Nothing.
    case missing
    /// A folder, or a symbolic link to one.
    case folder
    /// A symbolic link to nothing (a disk not mounted): its `target` as the link says it.
    case linkToNothing(target: String)
    /// Anything else: a `kind` (a regular file, a FIFO, a device, a socket), or, with a
    /// `linkTarget` (as the link says it), a symbolic link to one.
    case notAFolder(kind: NonFolderKind, linkTarget: String?)
  }

  /// Creates a file system from its calls.
  public init(
    createExclusive: @escaping @Sendable (String) throws(StoreError) -> Int32,
    write: @escaping @Sendable (Int32, Data, String) throws(StoreError) -> Void,
    sync: @escaping @Sendable (Int32, String) throws(StoreError) -> Void,
    close: @escaping @Sendable (Int32, String) throws(StoreError) -> Void,
    rename: @escaping @Sendable (String, String) throws(StoreError) -> Void,
    syncDirectory: @escaping @Sendable (String) throws(StoreError) -> Void,
    remove: @escaping @Sendable (String) throws(StoreError) -> Void,
    makeDirectory: @escaping @Sendable (String) throws(StoreError) -> Bool,
    read: @escaping @Sendable (String, Int) throws(StoreError) -> Data?,
    list: @escaping @Sendable (String) throws(StoreError) -> [String]?,
    lock: @escaping @Sendable (String) throws(StoreError) -> Int32,
    unlock: @escaping @Sendable (Int32) -> Void,
    entry: @escaping @Sendable (String) throws(StoreError) -> Entry,
    checkWritable: @escaping @Sendable (String) throws(StoreError) -> Void
  ) {
    self.createExclusive = createExclusive
    self.write = write
    self.sync = sync
    self.close = close
    self.rename = rename
    self.syncDirectory = syncDirectory
    self.remove = remove
    self.makeDirectory = makeDirectory
    self.read = read
    self.list = list
    self.lock = lock
    self.unlock = unlock
    self.entry = entry
    self.checkWritable = checkWritable
  }
}

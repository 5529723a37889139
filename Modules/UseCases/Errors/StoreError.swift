/// Why a store (orders, draft, cache) could not read or write.
public enum StoreError: Error, Hashable, Sendable {
  /// The data directory is missing and cannot be created, or is not writable; `reason` says why.
  case directoryUnavailable(path: String, reason: DirectoryProblem)
  /// A file was written by a newer version of the program and is left untouched.
  case unsupportedVersion(path: String, version: Int)
  /// A file could not be decoded; it was moved aside to `movedTo`.
  case corrupt(path: String, movedTo: String)
  /// An identifier that cannot be used in a file name.
  case invalidIdentifier(String)
  /// Something could not be saved for a reason other than the disk: it cannot be encoded, or
  /// no file name is left for it. The text says what and why.
  case cannotSave(String)
  /// Every file name for order `number` is taken (by other orders with that number, or by
  /// something that is not a readable order file): `slots` names were tried.
  case noFileNameLeft(orderNumber: Int, slots: Int)
  /// Something other than a regular file (a FIFO, a device, a directory, or a symbolic link
  /// to one) stands where a data file should be; it is never read.
  case notRegularFile(path: String)
  /// A system call (`operation`, such as `write`) on the file at `path` failed for `cause`.
  case io(operation: String, path: String, cause: IOCause)
}

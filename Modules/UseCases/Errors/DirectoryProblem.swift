/// Why the data directory cannot be used (``StoreError/directoryUnavailable(path:reason:)``).
public enum DirectoryProblem: Hashable, Sendable {
  /// Nothing says where it is: no option, no `HOTEL_DATA_DIR`, no `XDG_DATA_HOME` and no home
  /// directory (a host passes a directory of its own).
  case noHomeDirectory
  /// A system call (`operation`, such as `mkdir`) on `path` (the directory or something in it)
  /// failed for `cause`.
  case systemCall(operation: String, path: String, cause: IOCause)
  /// `path` (the directory, or a folder it needs such as `orders/`) is a symbolic link to
  /// `target`, where nothing is (a disk not mounted).
  case linkToNothing(path: String, target: String)
  /// `path` (the directory, one of its parents, or a folder it needs such as `orders/`) is
  /// there but is not a folder: it is a `kind`, or, with a `linkTarget`, a symbolic link to
  /// `linkTarget`, which is a `kind`.
  case notAFolder(path: String, kind: NonFolderKind, linkTarget: String? = nil)
  /// `path` (the directory, or a folder it needs such as `orders/`) is a folder, but nothing
  /// can be written in it, for `cause` (permission denied, a read-only file system).
  case notWritable(path: String, cause: IOCause)
}

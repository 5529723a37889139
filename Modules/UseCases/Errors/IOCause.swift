/// Why a system call on a file failed, in the terms a person can act on (a ``StoreError``'s cause).
///
/// Persistence makes it from `errno`; a host words it in its own language.
public enum IOCause: Hashable, Sendable {
  /// The process or the system has too many files open (`EMFILE`, `ENFILE`).
  case tooManyOpenFiles
  /// The disk or the user's quota is full (`ENOSPC`, `EDQUOT`).
  case noSpace
  /// Permission denied (`EACCES`, `EPERM`).
  case permissionDenied
  /// The file system is mounted read-only (`EROFS`).
  case readOnlyFileSystem
  /// The file or a folder on its path does not exist (`ENOENT`).
  case notFound
  /// Something on the path that should be a folder is not one (`ENOTDIR`).
  case notADirectory
  /// A file to be created is already there (`EEXIST`).
  case alreadyExists
  /// A file to be opened is a folder (`EISDIR`).
  case isADirectory
  /// The path goes round in symbolic links, or through too many (`ELOOP`).
  case symbolicLinkLoop
  /// The path or one of its names is longer than the system allows (`ENAMETOOLONG`).
  case nameTooLong
  /// Any other `errno` `code`, with the C library's description of it (`strerror`, English).
  case other(code: Int32, description: String)
}

import Foundation

/// What a path names once links are followed: the one check behind "a journey must be a
/// regular file", "an included script must be a regular file" and "a report over a device is
/// written in place, not renamed over it".
enum FileKind: Equatable {
  /// Nothing there (or a link to nothing).
  case missing
  /// A folder.
  case folder
  /// A regular file.
  case regular
  /// A FIFO, a device or a socket: reading may block, replacing it would put a file there.
  case special

  /// The kind of `path`, links followed (`stat`, not `lstat`).
  static func of(_ path: String) -> FileKind {
    var status = stat()
    guard stat(path, &status) == 0 else { return .missing }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: return .folder
    case S_IFREG: return .regular
    default: return .special
    }
  }
}

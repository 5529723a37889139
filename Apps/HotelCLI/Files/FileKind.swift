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

  /// Opens `path` for reading without waiting for a writer: `open` of a FIFO that no process has
  /// open for writing blocks until one does (for ever, for a forgotten `mkfifo`), while
  /// `O_NONBLOCK` returns at once and the first read then finds the end.
  ///
  /// Blocking reads are restored once it is open, so a pipe whose writer is there (`hotel replay
  /// <(...)`) is read whole. `nil` when it cannot be opened.
  static func openForReading(_ path: String) -> FileHandle? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }

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

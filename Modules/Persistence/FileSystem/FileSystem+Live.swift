// The only file in Persistence that talks to the C library: every platform difference is here.
import Foundation
import UseCases

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileSystem {
  /// The real file system, through POSIX calls.
  public static let live = FileSystem(
    createExclusive: { path throws(StoreError) in
      let descriptor = try retryingEINTR("open", path) {
        open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
      }
      // The umask may have cleared bits of 0600, never added any; fchmod makes it exact.
      if fchmod(descriptor, mode_t(0o600)) != 0 {
        let code = errno
        _ = cClose(descriptor)
        throw .io(operation: "fchmod", path: path, cause: IOCause(code: code))
      }
      return descriptor
    },
    write: { descriptor, bytes, path throws(StoreError) in
      let code = bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Int32 in
        guard let base = buffer.baseAddress else { return 0 }
        var offset = 0
        while offset < buffer.count {
          let written = cWrite(descriptor, base + offset, buffer.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            return errno
          }
          if written == 0 { return EIO }
          offset += written
        }
        return 0
      }
      if code != 0 { throw .io(operation: "write", path: path, cause: IOCause(code: code)) }
    },
    sync: { descriptor, path throws(StoreError) in
      _ = try retryingEINTR("fsync", path) { fsync(descriptor) }
    },
    close: { descriptor, path throws(StoreError) in
      // close must not be retried on EINTR (the descriptor is gone either way on Linux).
      if cClose(descriptor) != 0, errno != EINTR {
        throw .io(operation: "close", path: path, cause: IOCause(code: errno))
      }
    },
    rename: { from, to throws(StoreError) in
      if cRename(from, to) != 0 {
        throw .io(operation: "rename", path: to, cause: IOCause(code: errno))
      }
    },
    syncDirectory: { path throws(StoreError) in
      let descriptor = try retryingEINTR("open", path) {
        open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      }
      defer { _ = cClose(descriptor) }
      _ = try retryingEINTR("fsync", path) { fsync(descriptor) }
    },
    remove: { path throws(StoreError) in
      if unlink(path) != 0, errno != ENOENT {
        throw .io(operation: "unlink", path: path, cause: IOCause(code: errno))
      }
    },
    makeDirectory: { path throws(StoreError) in
      if mkdir(path, mode_t(0o700)) == 0 {
        if chmod(path, mode_t(0o700)) != 0 {
          throw .io(operation: "chmod", path: path, cause: IOCause(code: errno))
        }
        return true
      }
      let code = errno
      guard code == EEXIST else {
        throw .io(operation: "mkdir", path: path, cause: IOCause(code: code))
      }
      var status = stat()
      guard stat(path, &status) == 0 else {
        throw .io(operation: "stat", path: path, cause: IOCause(code: errno))
      }
      guard (status.st_mode & S_IFMT) == S_IFDIR else {
        throw .io(operation: "mkdir", path: path, cause: IOCause(code: ENOTDIR))
      }
      return false
    },
    read: { path, limit throws(StoreError) in
      // Non-blocking, so a FIFO cannot hold the open; checked to be a regular file before any
      // read, then made blocking again (a regular file never blocks anyway).
      var descriptor: Int32
      repeat {
        descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
      } while descriptor < 0 && errno == EINTR
      if descriptor < 0 {
        let code = errno
        var link = stat()
        if code == ENOENT, lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
          // A symbolic link to nothing: there is something at the name, and it is not a file.
          throw .notRegularFile(path: path)
        }
        if code == ENOENT { return nil }
        throw .io(operation: "open", path: path, cause: IOCause(code: code))
      }
      defer { _ = cClose(descriptor) }
      var status = stat()
      guard fstat(descriptor, &status) == 0 else {
        throw .io(operation: "fstat", path: path, cause: IOCause(code: errno))
      }
      guard (status.st_mode & S_IFMT) == S_IFREG else { throw .notRegularFile(path: path) }
      let flags = fcntl(descriptor, F_GETFL)
      if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
      var data = Data()
      var chunk = [UInt8](repeating: 0, count: 64 * 1024)
      while data.count <= limit {
        let count = chunk.withUnsafeMutableBytes { buffer in
          cRead(descriptor, buffer.baseAddress, buffer.count)
        }
        if count < 0 {
          if errno == EINTR { continue }
          throw .io(operation: "read", path: path, cause: IOCause(code: errno))
        }
        if count == 0 { break }
        data.append(contentsOf: chunk[0..<count])
      }
      return data
    },
    list: { path throws(StoreError) in
      guard let directory = opendir(path) else {
        if errno == ENOENT { return nil }
        throw .io(operation: "opendir", path: path, cause: IOCause(code: errno))
      }
      defer { closedir(directory) }
      var names: [String] = []
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
          // `d_name` is a NUL-terminated C array; stop at the array's end all the same.
          String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." { names.append(name) }
      }
      return names
    },
    lock: { path throws(StoreError) in
      let descriptor = try retryingEINTR("open", path) {
        open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode_t(0o600))
      }
      do throws(StoreError) {
        _ = try retryingEINTR("flock", path) { flock(descriptor, LOCK_EX) }
      } catch {
        _ = cClose(descriptor)
        throw error
      }
      return descriptor
    },
    unlock: { descriptor in
      _ = flock(descriptor, LOCK_UN)
      _ = cClose(descriptor)
    },
    entry: { path throws(StoreError) in
      var status = stat()
      guard lstat(path, &status) == 0 else {
        if errno == ENOENT { return .missing }
        throw .io(operation: "lstat", path: path, cause: IOCause(code: errno))
      }
      if (status.st_mode & S_IFMT) == S_IFDIR { return .folder }
      guard (status.st_mode & S_IFMT) == S_IFLNK else {
        return .notAFolder(kind: FileSystem.nonFolderKind(status.st_mode), linkTarget: nil)
      }
      if stat(path, &status) == 0 {
        if (status.st_mode & S_IFMT) == S_IFDIR { return .folder }
        return .notAFolder(
          kind: FileSystem.nonFolderKind(status.st_mode), linkTarget: FileSystem.linkTarget(path))
      }
      guard errno == ENOENT else {
        throw .io(operation: "stat", path: path, cause: IOCause(code: errno))
      }
      return .linkToNothing(target: FileSystem.linkTarget(path))
    },
    checkWritable: { path throws(StoreError) in
      _ = try retryingEINTR("access", path) { access(path, W_OK | X_OK) }
    }
  )

  /// The C library's description of `errno` `code` ("No such file or directory").
  static func describe(code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }

  /// The causes that mean "this directory cannot be used", as opposed to a failing disk or a
  /// process out of file descriptors.
  static func isDirectoryProblem(_ cause: IOCause) -> Bool {
    switch cause {
    case .permissionDenied, .readOnlyFileSystem, .notFound, .notADirectory, .alreadyExists,
      .symbolicLinkLoop, .nameTooLong:
      true
    case .tooManyOpenFiles, .noSpace, .isADirectory, .other: false
    }
  }

  private static func nonFolderKind(_ mode: mode_t) -> NonFolderKind {
    switch mode & S_IFMT {
    case S_IFIFO: .fifo
    case S_IFCHR, S_IFBLK: .device
    case S_IFSOCK: .socket
    default: .file
    }
  }

  /// The target of the symbolic link at `path`, as the link says it (`?` when it cannot be
  /// read).
  private static func linkTarget(_ path: String) -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink(path, &buffer, buffer.count)
    guard count >= 0 else { return "?" }
    let bytes = buffer[..<count].map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension IOCause {
  /// The cause `errno` `code` stands for; a code without a case of its own is
  /// ``IOCause/other(code:description:)`` with the C library's description of it.
  public init(code: Int32) {
    switch code {
    case EMFILE, ENFILE: self = .tooManyOpenFiles
    case ENOSPC, EDQUOT: self = .noSpace
    case EACCES, EPERM: self = .permissionDenied
    case EROFS: self = .readOnlyFileSystem
    case ENOENT: self = .notFound
    case ENOTDIR: self = .notADirectory
    case EEXIST: self = .alreadyExists
    case EISDIR: self = .isADirectory
    case ELOOP: self = .symbolicLinkLoop
    case ENAMETOOLONG: self = .nameTooLong
    default: self = .other(code: code, description: FileSystem.describe(code: code))
    }
  }
}

/// Runs a call that returns -1 and sets `errno`, again while it is interrupted by a signal.
private func retryingEINTR(
  _ operation: String, _ path: String, _ call: () -> Int32
) throws(StoreError) -> Int32 {
  while true {
    let result = call()
    if result >= 0 { return result }
    if errno == EINTR { continue }
    throw .io(operation: operation, path: path, cause: IOCause(code: errno))
  }
}

// The C functions whose names the closures above shadow (`write`, `close`, `rename`, `read`).
private func cWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
private func cRead(
  _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int
) -> Int {
  read(descriptor, buffer, count)
}
private func cClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func cRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }

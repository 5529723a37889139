import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The baseline of the order-save row: the bare durable-write recipe, by hand.
///
/// A temporary file in the same directory, write, fsync, close, rename, then fsync of the
/// directory; nothing else (no lock, no encoding, no checks beyond the return codes).
enum RawDurableWrite {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func write(_ bytes: [UInt8], to path: String, in folder: String) throws {
    let temporary = path + ".raw-tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
    guard descriptor >= 0 else { throw failure("open", temporary) }
    let written = bytes.withUnsafeBytes { buffer in
      systemWrite(descriptor, buffer.baseAddress, buffer.count)
    }
    guard written == bytes.count else { throw failure("write", temporary) }
    guard fsync(descriptor) == 0 else { throw failure("fsync", temporary) }
    guard close(descriptor) == 0 else { throw failure("close", temporary) }
    guard rename(temporary, path) == 0 else { throw failure("rename", path) }
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directory >= 0 else { throw failure("open", folder) }
    defer { close(directory) }
    guard fsync(directory) == 0 else { throw failure("fsync", folder) }
  }

  private static func failure(_ call: String, _ path: String) -> Failure {
    Failure(description: "\(call) \(path): \(String(cString: strerror(errno)))")
  }
}

/// The C `write` (the enum's own `write` shadows it inside the type).
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

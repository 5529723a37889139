// The only test file that talks to the C library.
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the tests need from the operating system directly.
enum Platform {
  /// The permission bits of `path` (`0o600`), or `nil` when it cannot be examined.
  static func permissions(of path: String) -> Int? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return Int(status.st_mode & 0o7777)
  }

  /// Sets the permission bits of `path`.
  static func setPermissions(_ mode: Int, of path: String) -> Bool {
    chmod(path, mode_t(mode)) == 0
  }

  /// Kills process `pid` with `SIGKILL`: no handler, no clean-up, as in a crash.
  static func killHard(_ pid: Int32) {
    _ = kill(pid, SIGKILL)
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Folders made read-only for a test, in a way that stops root too: `chattr +i` as root
/// (a mode of 0555 does not stop root), the mode 0555 otherwise.
public enum ReadOnlyFolder {
  /// `chattr`, which root needs to make a folder read-only.
  public static let chattr = "/usr/bin/chattr"

  /// Whether this process can make a folder read-only: not root, or root with a `chattr +i`
  /// that works on the file system of the tests' folders (tried once on a probe folder; a
  /// file system without the attribute, such as some overlays, turns the tests off).
  public static let isPossible: Bool = {
    guard geteuid() == 0 else { return true }
    guard FileManager.default.isExecutableFile(atPath: chattr) else { return false }
    let probe = FileManager.default.temporaryDirectory
      .appendingPathComponent("hotel-chattr-probe-\(UUID().uuidString)").path
    guard
      (try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true))
        != nil
    else { return false }
    defer { try? FileManager.default.removeItem(atPath: probe) }
    guard let writable = try? make([probe]) else { return false }
    writable()
    return true
  }()

  /// Makes each of `paths` read-only and returns what makes them writable again (call it
  /// before the test's directory is removed).
  public static func make(_ paths: [String]) throws -> @Sendable () -> Void {
    if geteuid() != 0 {
      for path in paths {
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: path)
      }
      return {
        for path in paths {
          try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
      }
    }
    guard try run(["+i"] + paths) == 0 else { throw ReadOnlyFolderError(paths: paths) }
    return { _ = try? run(["-i"] + paths) }
  }

  /// Whether folders can be made append-only here (``makeAppendOnly(_:)``): as root, with a
  /// `chattr` that works on the tests' file system.
  public static let appendOnlyIsPossible: Bool = geteuid() == 0 && isPossible

  /// Makes each of `paths` append-only (`chattr +a`, root only) and returns what undoes it (call it
  /// before the test's directory is removed).
  ///
  /// Files can be made in such a folder, and it is writable as `access` sees it, but nothing in it
  /// can be renamed or removed: an atomic save (a temporary file renamed over the file) fails only
  /// at its `rename`.
  public static func makeAppendOnly(_ paths: [String]) throws -> @Sendable () -> Void {
    guard try run(["+a"] + paths) == 0 else { throw ReadOnlyFolderError(paths: paths) }
    return { _ = try? run(["-a"] + paths) }
  }

  /// Runs `chattr arguments...` and returns its exit status (it ends at once: no deadline).
  private static func run(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: chattr)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}

/// `chattr +i` or `+a` failed (a file system without the attribute).
public struct ReadOnlyFolderError: Error, CustomStringConvertible {
  /// The folders that could not be made read-only.
  public let paths: [String]
  /// Names the folders.
  public var description: String { "chattr failed for \(paths)" }
}

import Foundation
import Synchronization

/// The temporary folder of one hermetic run (`hotel replay` or `hotel test` without
/// `--data-dir`), which keeps its data in memory: a new directory, mode 0700, under `$TMPDIR`
/// (else `/tmp`), where Foundation's own per-user folders go (``holdFoundationFiles()``), removed
/// with everything in it by ``remove()``.
///
/// One that is still there when the process exits (`exit`, or SIGINT or SIGTERM) is removed by an
/// exit handler, so nothing is left behind.
final class HermeticFolder: Sendable {
  /// The directory's absolute path.
  let path: String
  /// What ``holdFoundationFiles()`` replaced, put back by ``remove()``: `nil` when nothing
  /// was held; a variable that was not set is `nil` in it.
  private let replacedEnvironment = Mutex<[String: String?]?>(nil)

  private init(path: String) { self.path = path }

  /// The variables that lead Foundation's per-user folders.
  private static let foundationFolderVariables = ["XDG_CACHE_HOME", "XDG_DATA_HOME"]

  /// A temporary directory that could not be made: one line for stderr (exit code 4).
  struct Failure: Error {
    /// The message, without the `hotel:` prefix.
    var message: String
  }

  /// Makes a new directory under `$TMPDIR` (from `environment`), else `/tmp`.
  static func make(environment: [String: String]) throws(Failure) -> HermeticFolder {
    var base = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    while base.count > 1, base.hasSuffix("/") { base.removeLast() }
    var template = Array((base + (base == "/" ? "" : "/") + "hotel-XXXXXX").utf8CString)
    _ = exitHandler
    // mkdtemp makes the directory 0700 with a name no other process holds.
    let made = template.withUnsafeMutableBufferPointer { buffer in
      guard let start = buffer.baseAddress else { return false }
      return mkdtemp(start) != nil
    }
    guard made else {
      let reason = String(cString: strerror(errno)).lowercased()
      throw Failure(
        message:
          "cannot make a temporary directory in \(base): \(reason)"
          + " (set TMPDIR, or give --data-dir DIR)")
    }
    let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    registry.withLock { _ = $0.insert(path) }
    return HermeticFolder(path: path)
  }

  /// For a hermetic run (`options` without a data directory), makes a folder and keeps
  /// Foundation's own folders in it (``holdFoundationFiles()``); otherwise returns `nil`.
  static func forHermeticRun(
    _ options: Options, environment: [String: String]
  ) throws(Failure) -> HermeticFolder? {
    guard options.dataDirectory.isEmpty else { return nil }
    let folder = try make(environment: environment)
    folder.holdFoundationFiles()
    return folder
  }

  /// Points the per-user folders Foundation makes for itself into this directory, so a hermetic run
  /// writes nothing under `$HOME`: on Linux, making a `URLSessionConfiguration` makes the shared
  /// URL cache's folder under `$XDG_CACHE_HOME` (else `~/.cache`) and the shared cookie storage's
  /// under `$XDG_DATA_HOME` (else `~/.local/share`), even for an ephemeral session that uses
  /// neither.
  ///
  /// Call it before the first HTTP transport is made, while no other thread reads the environment.
  ///
  /// ``remove()`` puts the variables back as they were, so that a URL session made later in the
  /// same process (an in-process `hotel test`, a test run) does not make the removed directory
  /// again.
  func holdFoundationFiles() {
    let folder = path + "/.foundation"
    var replaced: [String: String?] = [:]
    for name in Self.foundationFolderVariables {
      // `updateValue`: a variable that was not set is kept as `nil`, not left out.
      replaced.updateValue(getenv(name).map { String(cString: $0) }, forKey: name)
      setenv(name, folder, 1)
    }
    replacedEnvironment.withLock { $0 = replaced }
  }

  /// Removes the directory and everything in it (again: nothing happens), and puts back what
  /// ``holdFoundationFiles()`` replaced.
  func remove() {
    guard Self.registry.withLock({ $0.remove(path) }) != nil else { return }
    if let replaced = replacedEnvironment.withLock({ $0.take() }) {
      for (name, value) in replaced {
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
      }
    }
    try? FileManager.default.removeItem(atPath: path)
  }

  // MARK: - Left at exit

  private static let registry = Registry()

  /// Installs, once, the handlers that remove them when the process ends: the normal way out
  /// (``Platform/ProcessEnd``), and on a stop signal (after the draft's flush).
  private static let exitHandler: Void = {
    Platform.ProcessEnd.register { HermeticFolder.removeEveryDirectoryLeft() }
    Platform.StopSignals.onExit(.afterFlush) { HermeticFolder.removeEveryDirectoryLeft() }
  }()

  private static func removeEveryDirectoryLeft() {
    let paths = registry.withLock { paths in
      defer { paths.removeAll() }
      return paths
    }
    for path in paths { try? FileManager.default.removeItem(atPath: path) }
  }

  private final class Registry: Sendable {
    private let paths = Mutex<Set<String>>([])

    func withLock<T>(_ body: (inout Set<String>) -> T) -> T {
      paths.withLock { body(&$0) }
    }
  }
}

import Foundation
import Persistence
import Synchronization
import UseCases

/// A fresh directory for one test, removed when the test ends.
struct TemporaryDirectory {
  /// Its absolute path.
  let path: String

  /// Creates a new empty directory under the system's temporary directory.
  init() throws {
    let base = FileManager.default.temporaryDirectory.path
    path = base + "/persistence-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
  }

  /// The data directory `hotel` inside it (not created yet).
  var dataDirectory: DataDirectory { DataDirectory(path: path + "/hotel") }

  /// Removes the directory and everything in it.
  func remove() {
    _ = Platform.setPermissions(0o700, of: path)
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Runs `body` with a new temporary directory and removes it afterwards.
  static func with<T>(_ body: (TemporaryDirectory) async throws -> T) async throws -> T {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    return try await body(directory)
  }
}

/// Reports collected in memory, so tests can assert what the store said.
final class ReportLog: Sendable {
  private let reports = Mutex<[StoreReport]>([])

  /// Every report so far, as data.
  var events: [StoreReport] { reports.withLock { $0 } }

  /// Every report so far, as text (the reports have no words of their own: Presentation's
  /// `Localizer` has them), for a test that looks for a path in them.
  var all: [String] { events.map { String(describing: $0) } }

  /// A report closure that appends here.
  var report: @Sendable (StoreReport) -> Void {
    { report in self.reports.withLock { $0.append(report) } }
  }
}

import Foundation

/// A temporary directory on the real disk for one run of the benchmarks, removed at the end.
final class Workspace: Sendable {
  let root: URL

  init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("hotel-bench-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.removeItem(at: root)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  /// The absolute path of `name` inside the workspace.
  func path(_ name: String) -> String { root.appendingPathComponent(name).path }

  /// Writes `text` to `name` and returns its path.
  func write(_ text: String, named name: String) throws -> String {
    let path = path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Removes the workspace and everything in it.
  func remove() { try? FileManager.default.removeItem(at: root) }
}

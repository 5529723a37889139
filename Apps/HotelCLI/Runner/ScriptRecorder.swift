import Foundation

/// `--record FILE`: saves every line typed at the prompt that parsed, as a replayable script.
/// Each line is written at once, so an interrupted session keeps what was typed.
final class ScriptRecorder {
  private let handle: FileHandle

  /// Creates (or truncates) `path` and writes a header comment.
  init(path: String) throws(ScriptRecorder.Failure) {
    let url = URL(fileURLWithPath: path)
    do {
      try Data("# Recorded by hotel run. Replay with: hotel replay \(url.lastPathComponent)\n".utf8)
        .write(to: url)
      handle = try FileHandle(forWritingTo: url)
      try handle.seekToEnd()
    } catch {
      throw Failure(
        message: "cannot write the record file '\(TerminalText.neutralized(path))': "
          + Self.reason(url))
    }
  }

  deinit { try? handle.close() }

  /// Appends `line`.
  func append(_ line: String) {
    try? handle.write(contentsOf: Data((line + "\n").utf8))
  }

  /// A record file that cannot be written.
  struct Failure: Error {
    /// One line for stderr, without the `hotel:` prefix.
    var message: String
  }

  private static func reason(_ url: URL) -> String {
    let directory = url.deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return "no such directory" }
    return "permission denied"
  }
}

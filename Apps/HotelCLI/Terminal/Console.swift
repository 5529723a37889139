import Foundation

/// Where the CLI writes: standard output and standard error, unbuffered (through `FileHandle`,
/// since the C `stdout` is not concurrency-safe under Swift 6). Tests capture into memory.
struct Console: Sendable {
  /// Writes to standard output.
  var out: @Sendable (String) -> Void
  /// Writes to standard error.
  var err: @Sendable (String) -> Void

  /// The process's standard output and error.
  static let live = Console(
    out: { try? FileHandle.standardOutput.write(contentsOf: Data($0.utf8)) },
    err: { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) }
  )

  /// Writes `text` and a newline to standard output.
  func line(_ text: String = "") { out(text + "\n") }

  /// Writes one error line to standard error: `hotel: <message>`, neutralised.
  func error(_ message: String) {
    err("hotel: " + TerminalText.neutralized(message) + "\n")
  }
}

import Foundation
import Synchronization

/// Where the CLI writes: standard output and standard error, unbuffered (through `FileHandle`,
/// since the C `stdout` is not concurrency-safe under Swift 6). Tests capture into memory.
struct Console: Sendable {
  /// Writes to standard output.
  var out: @Sendable (String) -> Void
  /// Writes to standard error.
  var err: @Sendable (String) -> Void

  /// The process's standard output and error. A failed write to standard output (`/dev/full`,
  /// a closed descriptor or pipe) is remembered in ``outputFailure`` and ends the writing to
  /// it; the program then exits non-zero and says so on standard error, except for a pipe
  /// whose reader went away (`EPIPE`), which is not the program's failure (see
  /// `HotelApp.main`).
  static let live = Console(
    out: { text in
      guard outputFailure.withLock({ $0 == nil }) else { return }
      let code = Platform.write(Array(text.utf8), to: 1)
      if code != 0 { outputFailure.withLock { $0 = $0 ?? code } }
    },
    err: { text in
      if let divert = errorDiversion.withLock({ $0 }) {
        divert(text)
      } else {
        _ = Platform.write(Array(text.utf8), to: 2)
      }
    }
  )

  /// Where standard error's lines go instead while the full-screen app has the terminal (its
  /// status line): written to the terminal then, they were drawn over the screen.
  static let errorDiversion = Mutex<(@Sendable (String) -> Void)?>(nil)

  /// Why writing to standard output failed: its `errno` (`ENOSPC`, `EPIPE`; `EBADF` when it
  /// was closed at start), told in `--lang` by ``CLIStrings/couldNotWriteOutput(code:)``; `nil`
  /// while it has not.
  static let outputFailure = Mutex<Int32?>(nil)

  /// Writes `text` and a newline to standard output.
  func line(_ text: String = "") { out(text + "\n") }

  /// Writes one error line to standard error: `hotel: <message>`, neutralised and cut to
  /// ``TerminalText/maximumMessageLength`` characters.
  func error(_ message: String) {
    err("hotel: " + TerminalText.messageLine(message) + "\n")
  }
}

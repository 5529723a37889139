import Foundation
import Synchronization

/// Where the CLI writes: standard output and standard error, unbuffered (through `FileHandle`,
/// since the C `stdout` is not concurrency-safe under Swift 6).
///
/// Everything written through it is neutralised here, once (SPEC section 8): lines of output by
/// ``line(_:)-(String)`` and ``lines(_:)``, messages by ``error(_:)``; its callers pass outside
/// text as it came. Tests capture into memory.
struct Console: Sendable {
  /// Writes to standard output.
  var out: @Sendable (String) -> Void
  /// Writes to standard error.
  var err: @Sendable (String) -> Void
  /// Writes one message line (neutralised, without the `hotel: ` prefix) to where messages
  /// go: standard error as ``errorLine(_:)``, unless a host of the lines (a test report, the
  /// full-screen status line) takes them as they are.
  var message: @Sendable (String) -> Void
  /// Whether standard output can no longer be written (its reader went away, or it failed):
  /// a session that only shows screens has no one left to show them to.
  var isOutputGone: @Sendable () -> Bool

  /// A console over `out` and `err`; its messages go to `err` as ``errorLine(_:)`` unless
  /// `message` takes them.
  init(
    out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
    message: (@Sendable (String) -> Void)? = nil,
    isOutputGone: @escaping @Sendable () -> Bool = { false }
  ) {
    self.out = out
    self.err = err
    self.message = message ?? { err(Console.errorLine($0)) }
    self.isOutputGone = isOutputGone
  }

  /// A message line as standard error shows it: `hotel: <line>` and a newline.
  static func errorLine(_ line: String) -> String { "hotel: " + line + "\n" }

  /// The process's standard output and error.
  ///
  /// A failed write to standard output (`/dev/full`, a closed descriptor or pipe) is remembered in
  /// ``outputFailure`` and ends the writing to it; the program then exits non-zero and says so on
  /// standard error, except for a pipe whose reader went away (`EPIPE`), which is not the program's
  /// failure (see `HotelApp.main`).
  static let live = Console(
    out: { text in
      guard outputFailure.withLock({ $0 == nil }) else { return }
      let code = Platform.write(Array(text.utf8), to: 1)
      if code != 0 { outputFailure.withLock { $0 = $0 ?? code } }
    },
    err: { text in _ = Platform.write(Array(text.utf8), to: 2) },
    message: { line in
      if let divert = errorDiversion.withLock({ $0 }) {
        divert(line)
      } else {
        _ = Platform.write(Array(errorLine(line).utf8), to: 2)
      }
    },
    isOutputGone: { outputFailure.withLock { $0 != nil } }
  )

  /// Where message lines go instead while the full-screen app has the terminal (its status
  /// line): written to the terminal then, they were drawn over the screen.
  static let errorDiversion = Mutex<(@Sendable (String) -> Void)?>(nil)

  /// Why writing to standard output failed: its `errno` (`ENOSPC`, `EPIPE`; `EBADF` when it
  /// was closed at start), told in `--lang` by ``CLIStrings/couldNotWriteOutput(code:)``; `nil`
  /// while it has not.
  static let outputFailure = Mutex<Int32?>(nil)

  /// Writes `text` and a newline to standard output, neutralised (its newlines kept: a text of
  /// several lines of ours, such as help or JSON).
  ///
  /// Outside text of one line goes as a ``StyledLine`` (``line(_:)-(StyledLine)``), where a
  /// newline cannot start a line of its own.
  func line(_ text: String = "") {
    out(TerminalText.neutralized(text, keepingNewlines: true) + "\n")
  }

  /// Writes `line` and a newline to standard output, neutralised with the styles it carries
  /// (``StyledLine/written``).
  func line(_ line: StyledLine) { out(line.written + "\n") }

  /// Writes `lines` to standard output, one per line (``StyledLine/written``).
  func lines(_ lines: [StyledLine]) {
    guard !lines.isEmpty else { return }
    out(lines.written + "\n")
  }

  /// Writes one error line (``message``): `hotel: <message>` on standard error, neutralised
  /// and cut to ``TerminalText/maximumMessageLength`` characters, here and only here.
  func error(_ message: String) {
    self.message(TerminalText.messageLine(message))
  }
}

import Synchronization

@testable import HotelCLI

/// A console that keeps what was written, for assertions.
final class ConsoleRecorder: Sendable {
  private let out = Mutex("")
  private let err = Mutex("")
  private let both = Mutex("")

  var stdout: String { out.withLock { $0 } }
  var stderr: String { err.withLock { $0 } }
  /// Standard output and error as a terminal shows them: in the order they were written.
  var interleaved: String { both.withLock { $0 } }
  var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }
  var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

  var console: Console {
    Console(
      out: { text in
        self.out.withLock { $0 += text }
        self.both.withLock { $0 += text }
      },
      err: { text in
        self.err.withLock { $0 += text }
        self.both.withLock { $0 += text }
      })
  }
}

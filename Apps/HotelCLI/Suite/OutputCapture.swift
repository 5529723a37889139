import Synchronization

/// A ``Console`` that keeps what is written, so one journey's output can be read back and
/// reported while others run at the same time.
final class OutputCapture: Sendable {
  private let buffers = Mutex<(out: String, errors: [String])>(("", []))

  /// The console that writes into this capture: message lines are kept as they are, anything
  /// else written to standard error line by line.
  var console: Console {
    Console(
      out: { text in self.buffers.withLock { $0.out += text } },
      err: { text in
        self.buffers.withLock { $0.errors += text.split(separator: "\n").map(String.init) }
      },
      message: { line in self.buffers.withLock { $0.errors.append(line) } })
  }

  /// What was written to standard output since the last call, and clears it.
  func takeOutput() -> String {
    buffers.withLock { buffers in
      defer { buffers.out = "" }
      return buffers.out
    }
  }

  /// The message lines (without the `hotel: ` standard error gives them) and other lines
  /// written to standard error since the last call, and clears them.
  func takeErrors() -> [String] {
    buffers.withLock { buffers in
      defer { buffers.errors = [] }
      return buffers.errors
    }
  }
}

import Synchronization

/// A ``Console`` that keeps what is written, so one journey's output can be read back and
/// reported while others run at the same time.
final class OutputCapture: Sendable {
  private let buffers = Mutex<(out: String, err: String)>(("", ""))

  /// The console that writes into this capture.
  var console: Console {
    Console(
      out: { text in self.buffers.withLock { $0.out += text } },
      err: { text in self.buffers.withLock { $0.err += text } })
  }

  /// What was written to standard output since the last call, and clears it.
  func takeOutput() -> String {
    buffers.withLock { buffers in
      defer { buffers.out = "" }
      return buffers.out
    }
  }

  /// The lines written to standard error since the last call, without the `hotel: ` prefix,
  /// and clears them.
  func takeErrors() -> [String] {
    let text = buffers.withLock { buffers in
      defer { buffers.err = "" }
      return buffers.err
    }
    return text.split(separator: "\n").map { line in
      line.hasPrefix("hotel: ") ? String(line.dropFirst(7)) : String(line)
    }
  }
}

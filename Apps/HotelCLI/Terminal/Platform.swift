// The one file with platform differences (Glibc on Linux, Darwin on macOS).
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the CLI asks of the operating system.
enum Platform {
  /// Whether standard output is a terminal.
  static var standardOutputIsTerminal: Bool { isatty(1) == 1 }

  /// Whether standard input is a terminal.
  static var standardInputIsTerminal: Bool { isatty(0) == 1 }

  /// The terminal's width in columns, when standard output is a terminal.
  static var terminalColumns: Int? {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// Ignores SIGPIPE, so writing to a closed pipe is an error instead of killing the process.
  static func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
  }
}

extension Platform {
  /// `errno` values and their messages.
  enum SystemError {
    /// `EADDRINUSE`.
    static let addressInUse = EADDRINUSE

    /// The system's message for `code`, in lower case ("permission denied").
    static func message(_ code: Int32) -> String {
      guard let text = strerror(code) else { return "error \(code)" }
      return String(cString: text).lowercased()
    }
  }

}

extension Platform {
  /// SIGINT and SIGTERM as an async event: once created, the signals no longer kill the process;
  /// ``next()`` returns the name of the first one that arrives.
  final class StopSignals: @unchecked Sendable {
    // Unchecked: the sources and the continuation are only touched on `queue`.
    private let queue = DispatchQueue(label: "hotel.signals")
    private var sources: [any DispatchSourceSignal] = []
    private var received: String?
    private var waiter: CheckedContinuation<String, Never>?

    /// Starts catching SIGINT and SIGTERM.
    init() {
      for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler { [weak self] in self?.deliver(name) }
        source.resume()
        sources.append(source)
      }
    }

    /// Waits for the first stop signal and returns its name.
    func next() async -> String {
      await withCheckedContinuation { continuation in
        queue.async {
          if let received = self.received {
            continuation.resume(returning: received)
          } else {
            self.waiter = continuation
          }
        }
      }
    }

    private func deliver(_ name: String) {
      if received == nil { received = name }
      waiter?.resume(returning: name)
      waiter = nil
    }
  }
}

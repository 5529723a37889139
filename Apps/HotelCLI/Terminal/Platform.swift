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
  /// SIGINT, SIGTERM and SIGHUP as an async event: once created, the signals no longer kill the
  /// process; ``next()`` returns the name of the first one that arrives (also one that arrived
  /// before). ``Platform/stopHooks`` run on the signals' queue as soon as one arrives, even
  /// while the main actor is busy.
  final class StopSignals: @unchecked Sendable {
    // Unchecked: the sources and the continuation are only touched on `queue`.
    private let queue = DispatchQueue(label: "hotel.signals")
    private var sources: [any DispatchSourceSignal] = []
    private var received: String?
    private var waiter: CheckedContinuation<String, Never>?

    /// Starts catching SIGINT and SIGTERM; returns once both are caught, unless
    /// `waitUntilCaught` is `false` (for a caller with other start-up work to overlap it with).
    ///
    /// On Linux, libdispatch registers a signal source on its manager thread, after `resume()`
    /// returns: it installs its own handler and a `signalfd` then. Setting `SIG_IGN` here, as
    /// on Darwin, made a signal sent in between (a test's SIGINT right after `hotel serve`
    /// printed its URL, on a busy machine) vanish, and the process served on until killed.
    /// So the disposition is left to libdispatch and `init` waits for both registrations
    /// (2 s at most: after that the default action, ending the process, still applies).
    init(waitUntilCaught: Bool = true) {
      let registered = DispatchGroup()
      for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")] {
        #if canImport(Darwin)
          // kqueue reports an ignored signal; the default action would end the process.
          signal(number, SIG_IGN)
        #endif
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler { [weak self] in self?.deliver(name) }
        registered.enter()
        source.setRegistrationHandler { registered.leave() }
        source.resume()
        sources.append(source)
      }
      if waitUntilCaught { _ = registered.wait(timeout: .now() + .seconds(2)) }
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
      Platform.stopHooks.run()
      if received == nil { received = name }
      waiter?.resume(returning: name)
      waiter = nil
    }
  }
}

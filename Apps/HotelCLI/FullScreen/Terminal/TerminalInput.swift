import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The full-screen app's events as one stream: keys read from standard input on their own
/// thread (decoded by ``KeyDecoder``; a lone `ESC` waits ``escapeWait`` for the rest of a
/// sequence), window size changes (SIGWINCH) and continuing after a stop (SIGCONT; SIGTSTP
/// stops the process with the terminal restored first), plus what
/// the app itself adds (``post(_:)``).
final class TerminalInput: @unchecked Sendable {
  // Unchecked: `sources` is set once in `init` and only keeps the sources alive.
  /// The events, in order.
  let events: AsyncStream<TerminalEvent>
  private let continuation: AsyncStream<TerminalEvent>.Continuation
  private let queue = DispatchQueue(label: "hotel.terminal.signals")
  private let sources: [any DispatchSourceSignal]

  /// How long a lone `ESC` waits for the rest of a sequence before it is the Escape key.
  static let escapeWaitMilliseconds: Int32 = 40

  /// How long a bracketed paste waits for its next bytes before it ends: a paste arrives in
  /// chunks, over a slow link seconds apart; cut after 40 ms, its rest was typed, and each
  /// newline in it was Enter, pressing whatever had the focus.
  static let pasteWaitMilliseconds: Int32 = 3000

  /// Starts reading standard input and watching the signals; SIGTSTP (Ctrl-Z, `kill -TSTP`)
  /// restores `device` before the process stops.
  init(device: TerminalDevice) {
    (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    let continuation = self.continuation
    var sources: [any DispatchSourceSignal] = []
    for (number, event) in [(SIGWINCH, TerminalEvent.resized), (SIGCONT, .resumed)] {
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { continuation.yield(event) }
      source.resume()
      sources.append(source)
    }
    sources.append(device.stopOnSuspendSignal(queue: queue))
    self.sources = sources
    let thread = Thread { Self.readKeys(into: continuation) }
    thread.name = "hotel.keys"
    thread.start()
  }

  /// Adds `event` to the stream (from any thread).
  func post(_ event: TerminalEvent) { continuation.yield(event) }

  /// Whether this process's group is the terminal's foreground group (or the terminal is
  /// gone, which is not the background).
  private static var isForeground: Bool {
    let foreground = tcgetpgrp(0)
    return foreground < 0 || foreground == getpgrp()
  }

  /// What a failed read of standard input means.
  enum FailedRead: Equatable {
    /// Interrupted, or nothing yet: read again.
    case again
    /// Read in the background: stop as a background reader does until `fg`.
    case background
    /// The end of input (the terminal hung up, or another error): the app ends.
    case end
  }

  /// What a read that failed with `error` means, given whether the process's group was the
  /// terminal's foreground group when the read began and is now.
  ///
  /// `EIO` is a read in the background (the reading thread blocks SIGTTIN) or a terminal that hung
  /// up; one that began in the background and is checked after `fg` brought the process forward is
  /// read again, not taken for a hang-up (started with `hotel run &`, the reader fails in the
  /// background, the process is stopped, and `fg` may come before the reader looks at why).
  static func failedRead(error: Int32, wasForeground: Bool, isForeground: Bool) -> FailedRead {
    if error == EINTR || error == EAGAIN { return .again }
    guard error == EIO else { return .end }
    if !isForeground { return .background }
    return wasForeground ? .end : .again
  }

  private static func readKeys(into continuation: AsyncStream<TerminalEvent>.Continuation) {
    var decoder = KeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      if decoder.hasPending {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        let wait = decoder.isPasting ? pasteWaitMilliseconds : escapeWaitMilliseconds
        let ready = poll(&descriptor, 1, wait)
        if ready == 0 {
          for key in decoder.flush() { continuation.yield(.key(key)) }
          continue
        }
      }
      // Whether the process was in the foreground as the read began: `fg` may come between
      // a read that failed in the background and the check of why it failed.
      let wasForeground = isForeground
      let count = buffer.withUnsafeMutableBytes { bytes in
        read(0, bytes.baseAddress, bytes.count)
      }
      let error = errno
      if count > 0 {
        for key in decoder.feed(buffer[0..<count]) { continuation.yield(.key(key)) }
        continue
      }
      let failure =
        count == 0
        ? FailedRead.end
        : failedRead(error: error, wasForeground: wasForeground, isForeground: isForeground)
      switch failure {
      case .again:
        continue
      case .background:
        // Continued in the background (`bg`): this thread blocks SIGTTIN (as libdispatch's
        // threads do), so the read fails instead of stopping the process, and was taken for
        // the end of input: the app quit. Stopped as a background reader is (the shell says
        // "Stopped (tty input)"); `fg` continues it and the read is tried again.
        // First a moment for a stop signal sent with the continue (`kill %1` sends SIGTERM and
        // SIGCONT) to take its way out, rather than be stopped again.
        _ = poll(nil, 0, 300)
        // On that way out (the flush may take longer than the wait): no more keys are read,
        // and the process is not stopped again.
        if Platform.StopSignals.isEnding { return }
        guard !isForeground else { continue }
        kill(getpid(), SIGTTIN)
        // An orphaned process group is not stopped (the signal is discarded): no busy loop.
        _ = poll(nil, 0, 200)
      case .end:
        continuation.yield(.endOfInput)
        return
      }
    }
  }
}

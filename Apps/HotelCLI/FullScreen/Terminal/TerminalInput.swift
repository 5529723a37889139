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
/// sequence), window size changes (SIGWINCH) and continuing after a stop (SIGCONT), plus what
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

  /// Starts reading standard input and watching the signals.
  init() {
    (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    let continuation = self.continuation
    var sources: [any DispatchSourceSignal] = []
    for (number, event) in [(SIGWINCH, TerminalEvent.resized), (SIGCONT, .resumed)] {
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { continuation.yield(event) }
      source.resume()
      sources.append(source)
    }
    self.sources = sources
    let thread = Thread { Self.readKeys(into: continuation) }
    thread.name = "hotel.keys"
    thread.start()
  }

  /// Adds `event` to the stream (from any thread).
  func post(_ event: TerminalEvent) { continuation.yield(event) }

  private static func readKeys(into continuation: AsyncStream<TerminalEvent>.Continuation) {
    var decoder = KeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      if decoder.hasPending {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, escapeWaitMilliseconds)
        if ready == 0 {
          for key in decoder.flush() { continuation.yield(.key(key)) }
          continue
        }
      }
      let count = buffer.withUnsafeMutableBytes { bytes in
        read(0, bytes.baseAddress, bytes.count)
      }
      if count > 0 {
        for key in decoder.feed(buffer[0..<count]) { continuation.yield(.key(key)) }
      } else if count < 0, errno == EINTR || errno == EAGAIN {
        continue
      } else {
        continuation.yield(.endOfInput)
        return
      }
    }
  }
}

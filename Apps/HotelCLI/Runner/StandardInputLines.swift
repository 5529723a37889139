import Foundation
import Synchronization

/// Lines of standard input as an async sequence, read on their own thread so the main actor
/// (where the view models live) keeps running while the program waits for the user.
///
/// A line is at most ``maximumLineLength`` bytes: a longer one (`hotel run < /dev/zero`) is not
/// kept; the stream yields ``overlongLine`` in its place as soon as the limit is passed (so the
/// session says so at once, not when a newline comes, which may be never), and the rest of it
/// is read and dropped up to its newline without being buffered.
enum StandardInputLines {
  /// The longest line read, 64 KiB.
  static let maximumLineLength = 64 * 1024

  /// What the stream yields for a line longer than ``maximumLineLength``: a newline, which no
  /// line read can be.
  static let overlongLine = "\n"

  /// What the stream yields, last, for input that holds a NUL byte: no text (`< /dev/zero`, a
  /// binary file).
  ///
  /// Nothing more is read.
  static let notText = "\u{0}"

  /// How many lines are read ahead of the session at most.
  static let linesReadAhead = 64

  /// The lines, without their newlines; finishes at end of input.
  ///
  /// The reading thread stays at most `readAhead` lines ahead of the session: input that comes
  /// faster than the session runs it (`yes show | hotel run`) waits in the pipe, not in memory
  /// (unbounded, a minute of it held gigabytes). Once the session stops iterating, the thread
  /// stops reading.
  static func stream(
    readAhead: Int = linesReadAhead,
    chunks: @escaping @Sendable () -> [UInt8]? = { Platform.readChunk(from: 0) }
  ) -> ReadAheadLines {
    // Made empty and filled: libdispatch traps when a semaphore is released with a value below
    // the one it was made with, which this one has while lines wait to be taken.
    let room = DispatchSemaphore(value: 0)
    for _ in 0..<max(readAhead, 1) { room.signal() }
    let stopped = Mutex(false)
    let (lines, continuation) = AsyncStream<String>.makeStream()
    continuation.onTermination = { _ in
      stopped.withLock { $0 = true }
      room.signal()
    }
    let thread = Thread {
      read(chunks: { stopped.withLock { $0 } ? nil : chunks() }) { line in
        guard !stopped.withLock({ $0 }) else { return }
        room.wait()
        continuation.yield(line)
      }
      continuation.finish()
    }
    thread.name = "hotel.stdin"
    thread.start()
    return ReadAheadLines(lines: lines, room: room)
  }

  /// The lines a session iterates; taking one lets the reading thread read one more.
  struct ReadAheadLines: AsyncSequence, Sendable {
    typealias Element = String
    typealias Failure = Never

    fileprivate let lines: AsyncStream<String>
    fileprivate let room: DispatchSemaphore

    func makeAsyncIterator() -> Iterator {
      Iterator(lines: lines.makeAsyncIterator(), room: room)
    }

    struct Iterator: AsyncIteratorProtocol {
      fileprivate var lines: AsyncStream<String>.Iterator
      fileprivate let room: DispatchSemaphore

      mutating func next(isolation actor: isolated (any Actor)?) async -> String? {
        let line = await lines.next(isolation: actor)
        if line != nil { room.signal() }
        return line
      }

      mutating func next() async -> String? { await next(isolation: nil) }
    }
  }

  /// Reads chunks (`nil` at the end of input) to their end, calling `line` with each line (without
  /// `\n` and a `\r` before it, the first without a byte order mark), or ``overlongLine`` for one
  /// longer than `limit` bytes, called as soon as the limit is passed (the rest of that line is
  /// then read and dropped).
  ///
  /// A chunk with a NUL byte ends the reading: ``notText`` is called instead of its lines. Memory
  /// stays within `limit` plus one chunk, whatever the input.
  static func read(
    chunks: () -> [UInt8]?, limit: Int = maximumLineLength, _ line: (String) -> Void
  ) {
    var current: [UInt8] = []
    var skipping = false
    var isFirst = true
    func finish() {
      // An overlong line was told when it passed the limit.
      if !skipping {
        if current.last == UInt8(ascii: "\r") { current.removeLast() }
        // A byte order mark before the first line (a script saved by a Windows editor, piped
        // in) is dropped, as a script file's is: before, it made `expect` an unknown command.
        if isFirst, current.starts(with: [0xEF, 0xBB, 0xBF]) { current.removeFirst(3) }
        line(String(decoding: current, as: UTF8.self))
      }
      current.removeAll(keepingCapacity: true)
      skipping = false
      isFirst = false
    }
    while let chunk = chunks(), !chunk.isEmpty {
      guard !chunk.contains(0) else {
        line(notText)
        return
      }
      var start = chunk.startIndex
      while start < chunk.endIndex {
        let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n"))
        let end = newline ?? chunk.endIndex
        if !skipping {
          current.append(contentsOf: chunk[start..<end])
          if current.count > limit {
            skipping = true
            current.removeAll()
            // Told now: a line that never ends (`< /dev/zero`) is not silent forever.
            line(overlongLine)
          }
        }
        guard let newline else { break }
        finish()
        start = chunk.index(after: newline)
      }
    }
    if skipping || !current.isEmpty { finish() }
  }
}

import Foundation

/// Lines of standard input as an async sequence, read on their own thread so the main actor
/// (where the view models live) keeps running while the program waits for the user.
enum StandardInputLines {
  /// The lines, without their newlines; finishes at end of input.
  static func stream() -> AsyncStream<String> {
    AsyncStream { continuation in
      let thread = Thread {
        while let line = readLine(strippingNewline: true) { continuation.yield(line) }
        continuation.finish()
      }
      thread.name = "hotel.stdin"
      thread.start()
    }
  }
}

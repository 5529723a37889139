import Foundation
import Testing

@testable import HotelCLI

#if canImport(Glibc)
  import Glibc
#endif

/// What the key reader makes of a read of standard input that failed.
@Suite struct TerminalInputTests {
  /// Started with `hotel run &`, the key reader's first read fails with EIO (the process is in the
  /// background, and the reading thread blocks SIGTTIN); the process is stopped; `fg` brings it
  /// forward before the reader looks at why its read failed.
  ///
  /// That read is tried again: the EIO is not taken for a terminal that hung up, and the app does
  /// not quit at `fg`.
  @Test func aReadThatFailedInTheBackgroundIsTriedAgainAfterFg() {
    #expect(
      TerminalInput.failedRead(error: EIO, wasForeground: false, isForeground: true) == .again)
  }

  /// Still in the background: stop as a background reader, until `fg`.
  @Test func aReadInTheBackgroundStops() {
    #expect(
      TerminalInput.failedRead(error: EIO, wasForeground: false, isForeground: false) == .background
    )
    #expect(
      TerminalInput.failedRead(error: EIO, wasForeground: true, isForeground: false) == .background)
  }

  /// EIO in the foreground from start to end is a terminal that hung up (its window closed):
  /// the end of input, not a loop.
  @Test func eioInTheForegroundIsTheEnd() {
    #expect(TerminalInput.failedRead(error: EIO, wasForeground: true, isForeground: true) == .end)
    #expect(TerminalInput.failedRead(error: EBADF, wasForeground: true, isForeground: true) == .end)
    #expect(
      TerminalInput.failedRead(error: EINTR, wasForeground: true, isForeground: true) == .again)
    #expect(
      TerminalInput.failedRead(error: EAGAIN, wasForeground: false, isForeground: false) == .again)
  }
}

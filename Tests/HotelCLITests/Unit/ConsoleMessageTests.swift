import Synchronization
import Testing

@testable import HotelCLI

/// A message is neutralised and given its `hotel: ` once, where it reaches standard error; a
/// host of the lines (a journey's capture) gets them without it, and nothing strips it.
@Suite struct ConsoleMessageTests {
  @Test func standardErrorGetsThePrefixOnceAndACaptureGetsTheLine() {
    let written = Mutex("")
    let console = Console(out: { _ in }, err: { text in written.withLock { $0 += text } })
    console.error("no \u{1B}[31mcolour\nhere")
    #expect(written.withLock { $0 } == "hotel: no ␛[31mcolour here\n")

    let capture = OutputCapture()
    capture.console.error("the screen is rooms")
    #expect(capture.takeErrors() == ["the screen is rooms"])
  }
}

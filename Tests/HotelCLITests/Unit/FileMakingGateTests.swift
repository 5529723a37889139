import Foundation
import Testing

@testable import HotelCLI

/// The gate between files made off the main actor (a session's lock and `orders/`) and the way
/// out of the process that removes the temporary data directories.
@Suite struct FileMakingGateTests {
  struct Refused: Error, Equatable {}

  @Test func workThroughTheOpenGateRunsAndKeepsItsResultAndError() throws {
    let gate = FileMakingGate()
    #expect(gate.run { 42 } == 42)
    #expect(throws: Refused()) { try gate.run { () throws(Refused) in throw Refused() } }
    #expect(gate.close(waitingAtMost: 0), "nothing was left running")
  }

  /// The way out waits for work already begun: closed while a lock file is being made, the
  /// gate says it is still running (and the directory must not be removed yet) until it ends.
  @Test func closingWaitsForTheWorkThatHadBegun() async throws {
    let gate = FileMakingGate()
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    Thread {
      gate.run {
        started.signal()
        release.wait()
      }
      finished.signal()
    }.start()
    #expect(started.wait(timeout: .now() + 30) == .success)
    #expect(!gate.close(waitingAtMost: 0), "the work is still running")
    release.signal()
    #expect(gate.close(waitingAtMost: 30), "the work ended")
    #expect(finished.wait(timeout: .now() + 30) == .success)
  }
}

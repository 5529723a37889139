import Domain
import FixtureAPI
import Foundation
import Networking
import Testing
import UseCases

/// A refused answer stops when it is refused: the transfer does not run on in the background
/// until libcurl notices a `cancel()` (it went on for 0.08 s to 5 s and 28 MB to 2 GB past the
/// refusal of an endless answer, until the process ended).
@Suite struct TransferAbortTests {
  @Test("An endless answer's connection is closed as soon as it is refused")
  func endlessAnswerStopsAtTheRefusal() async throws {
    try await Self.afterAnEndlessAnswerIsRefused { harness in
      let atRefusal = harness.server.endlessAnswers.first?.bytesSent ?? 0
      // Real time: the server's own thread sees the close (a loaded machine: seconds).
      let clock = ContinuousClock()
      let deadline = clock.now + .seconds(10)
      while harness.server.endlessAnswers.first?.isClosedByClient != true, clock.now < deadline {
        try await Task.sleep(for: .milliseconds(5))
      }
      let answer = try #require(harness.server.endlessAnswers.first)
      #expect(answer.isClosedByClient)
      // What the server wrote after the refusal fits in the sockets' buffers: nobody read it.
      // Before, libcurl read on at full speed until the cancel got through (23 MB to 2 GB).
      #expect(answer.bytesSent - atRefusal < 16 * 1_048_576)
    }
  }

  @Test("A refusal ends with its transfer: the next answers on the transport are read whole")
  func theNextTransfersAreNotRefused() async throws {
    try await Self.afterAnEndlessAnswerIsRefused { harness in
      // Easy handles are made and freed per transfer: a later one at the same address must
      // not inherit the refusal.
      for _ in 0..<20 {
        let hotel = try await harness.api.hotel(.en, .network)
        #expect(hotel.value.rating == 5)
      }
    }
  }

  /// Serves `/rooms` as an endless answer, asks for it (refused as too large: the one
  /// expectation every test here starts from), then runs `body` on the same harness.
  static func afterAnEndlessAnswerIsRefused(
    _ body: (NetworkHarness) async throws -> Void
  ) async throws {
    var options = FixtureOptions()
    options.script["/rooms"] = [.endless]
    try await withAPI(options) { harness in
      let outcome = await ConnectionLossTests.outcome(harness) { () async throws(APIError) in
        _ = try await harness.api.rooms(.en, .network)
      }
      #expect(outcome == .finished(.tooLarge(limit: 5 * 1_048_576)))
      try await body(harness)
    }
  }
}

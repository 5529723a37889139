import Domain
import FixtureAPI
import Foundation
import Testing
import UseCases

/// With the repair, a refused answer stops when it is refused: the transfer does not run on in
/// the background until libcurl notices a `cancel()` (it went on for 0.08 s to 5 s and 28 MB to
/// 2 GB past the refusal of an endless answer, until the process ended).
@Suite struct TransferAbortTests {
  @Test(
    "An endless answer's connection is closed as soon as it is refused",
    .enabled(if: RepairHarness.platformNeedsRepair))
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
    _ body: (RepairHarness) async throws -> Void
  ) async throws {
    var options = FixtureOptions()
    options.script["/rooms"] = [.endless]
    try await withRepairedAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.rooms(.en, .network)
      }
      #expect(error == .tooLarge(limit: 5 * 1_048_576))
      try await body(harness)
    }
  }
}

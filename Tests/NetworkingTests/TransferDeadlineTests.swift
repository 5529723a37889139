import Domain
import FixtureAPI
import Foundation
import TestSupport
import Testing
import UseCases

@testable import Networking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The transport's deadlines: one timer per clock for every transfer in flight, each transfer
/// still ended at its own deadline.
@Suite("Transfer deadlines")
struct TransferDeadlineTests {
  @Test("transfers waiting together share one timer, and each times out at its deadline")
  func oneTimerForManyTransfers() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.stall, .stall, .stall]
    try await withAPI(options) { harness in
      let pending = (0..<3).map { _ in
        Task {
          await apiError { () async throws(APIError) in
            try await harness.api.hotel(.en, .network)
          }
        }
      }
      await harness.server.waitForRequests(3)
      #expect(await harness.clock.waitForSleepers(1))
      await harness.clock.advance(by: NetworkHarness.timeout)
      for task in pending { #expect(await task.value == .timeout) }
      // One sleep for the three deadlines, not one each.
      #expect(harness.clock.recordedSleeps.filter { $0 >= NetworkHarness.timeout }.count == 1)
    }
  }

  @Test("a deadline earlier than the one the timer waits for ends its transfer first")
  func anEarlierDeadlineComesFirst() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.stall, .stall]
    try await withAPI(options) { harness in
      let transport = HTTPTransport(timeout: .seconds(300))
      let request = URLRequest(url: harness.baseURL.appendingPathComponent("hotel"))
      let clock = harness.clock
      let late = Task { await transport.send(request, timeout: .seconds(200), clock: clock) }
      await harness.server.waitForRequests(1)
      #expect(await clock.waitForSleepers(1))
      let early = Task { await transport.send(request, timeout: .seconds(100), clock: clock) }
      await harness.server.waitForRequests(2)
      #expect(await clock.waitForSleepers(1))
      await clock.advance(by: .seconds(100))
      #expect(Self.isTimeout(await early.value))
      await clock.advance(by: .seconds(100))
      #expect(Self.isTimeout(await late.value))
    }
  }

  @Test("a clock's lane goes once its deadlines are gone")
  func aLaneGoesWhenEmpty() async {
    let deadlines = TransferDeadlines()
    let clock = TestClock()
    let completion = TransferCompletion()
    let outcome = Task {
      await withCheckedContinuation { completion.install($0) }
    }
    deadlines.schedule(completion, after: .seconds(5), on: clock)
    #expect(deadlines.laneCount == 1)
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .seconds(5))
    if case .failure(.timeout) = await outcome.value {} else { Issue.record("not a timeout") }
    #expect(deadlines.laneCount == 0)
    #expect(clock.sleeperCount == 0)
  }

  private static func isTimeout(_ result: Result<HTTPResponseData, APIError>) -> Bool {
    if case .failure(.timeout) = result { return true }
    return false
  }
}

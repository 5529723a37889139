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

/// A head of thousands of lines (Docs/Platform.md, "Thousands of header lines"): Foundation on
/// Linux keeps its lines at a cost quadratic in their number (20 000 short lines: 8.8 s of CPU),
/// so a transport's transfer refuses a head of more than ``HeadLineBound/maxLines`` lines as it
/// arrives, and says so; every other session of the process reads such a head as before.
@Suite("A head of too many lines")
struct HeadLineBoundTests {
  /// The lines of the fixture's `/hotel` head besides the ones a fault adds: the status line,
  /// `Content-Type`, `ETag`, `Vary`, `Content-Language`, `Content-Length`, `Connection`.
  static let hotelHeadLines = 7
  /// Whether this platform's transports bound their heads (where the repair is needed).
  static let bounded = SocketSourceRepairTests.platformNeedsRepair

  /// Thousands of short header lines: refused as such, and not tried again (before: a success
  /// for 5 000 lines after 0.6 s of CPU, "bad response" for 20 000 after seconds). The CPU it
  /// saves is measured per process, by the kernel, in
  /// `HeadLineBoundEndToEndTests.theHotelScreenSaysTheHeadHasTooManyLines`: here the process is
  /// the whole test run, whose other tests' CPU no bound could tell apart.
  @Test(.enabled(if: bounded), arguments: [5_000, 20_000])
  func aHeadOfThousandsOfLinesIsRefusedAsSuch(lines: Int) async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = Array(repeating: .headerLines(lines), count: 5)
    try await withAPI(options) { harness in
      let outcome = await ConnectionLossTests.outcome(harness) { () async throws(APIError) in
        _ = try await harness.api.hotel(.en, .network)
      }
      #expect(outcome == .finished(.tooManyHeaderLines(limit: HeadLineBound.maxLines)))
      #expect(harness.paths == ["/hotel"], "not tried again")
    }
  }

  /// A head of exactly the bound is read; one line more is refused.
  @Test(
    .enabled(if: bounded),
    arguments: [
      (HeadLineBound.maxLines - hotelHeadLines, true),
      (HeadLineBound.maxLines - hotelHeadLines + 1, false),
    ])
  func theBoundIsOnTheHeadsLines(added: Int, read: Bool) async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.headerLines(added)]
    try await withAPI(options) { harness in
      let outcome = await ConnectionLossTests.outcome(harness) { () async throws(APIError) in
        _ = try await harness.api.hotel(.en, .network)
      }
      #expect(
        outcome == .finished(read ? nil : .tooManyHeaderLines(limit: HeadLineBound.maxLines)))
    }
  }

  /// A head of tens of lines, as a real API sends, is read as it is, headers and all.
  @Test func aHeadOfFiftyLinesIsRead() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.headerLines(50)]
    try await withAPI(options) { harness in
      let request = URLRequest(url: harness.baseURL.appendingPathComponent("hotel"))
      let result = await harness.client.transport.send(
        request, timeout: NetworkHarness.timeout, clock: harness.clock)
      let response = try result.get()
      #expect(response.status == 200)
      #expect(response.headers["x-line-50"] == "v")
    }
  }

  /// Easy handles are made and freed per transfer: the transfers after a refusal, on the same
  /// transport (a handle may get a refused one's address), read their heads whole.
  @Test(.enabled(if: bounded)) func theNextTransfersAreNotRefused() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.headerLines(2_000)]
    try await withAPI(options) { harness in
      let refused = await apiError { () async throws(APIError) in
        try await harness.api.hotel(.en, .network)
      }
      #expect(refused == .tooManyHeaderLines(limit: HeadLineBound.maxLines))
      for _ in 0..<20 {
        let hotel = try await harness.api.hotel(.en, .network)
        #expect(hotel.value.rating == 5)
      }
    }
  }

  /// A transport that opts out of the repair leaves FoundationNetworking alone: such a head is
  /// read whole, as URLSession does (1 500 lines: over the bound, cheap to read).
  @Test func anOptedOutTransportReadsTheWholeHead() async throws {
    _ = HTTPTransport(timeout: .seconds(1))  // the redirect installed by another transport
    var options = FixtureOptions()
    options.script["/hotel"] = [.headerLines(1_500)]
    let optOut: (inout APIConfiguration) -> Void = { $0.repairsSocketSources = false }
    try await withAPI(options, configure: optOut) { harness in
      #expect(!harness.client.transport.headLinesBounded)
      let hotel = try await harness.api.hotel(.en, .network)
      #expect(hotel.value.rating == 5)
    }
  }

  /// A session of the host's own, made while transports of ours bound theirs: its heads are
  /// read whole, with FoundationNetworking's own header callback.
  @Test func aHostsOwnSessionReadsTheWholeHead() async throws {
    _ = HTTPTransport(timeout: .seconds(1))  // the redirect installed by another transport
    var options = FixtureOptions()
    options.script["/hotel"] = [.headerLines(1_500)]
    try await withAPI(options) { harness in
      let session = URLSession(configuration: .ephemeral)
      defer { session.finishTasksAndInvalidate() }
      let url = harness.baseURL.appendingPathComponent("hotel")
      let (status, last) = await withCheckedContinuation { continuation in
        session.dataTask(with: url) { _, response, _ in
          let http = response as? HTTPURLResponse
          continuation.resume(
            returning: (http?.statusCode, http?.value(forHTTPHeaderField: "X-Line-1500")))
        }.resume()
      }
      #expect(status == 200)
      #expect(last == "v")
    }
  }

  /// The registry of watched handles: a handle made inside a watch is watched until its task
  /// completes; a handle made later at the same address takes the entry (another transfer's
  /// watch) or drops it (a handle of another session), and the first watch's end leaves a
  /// second's entry alone. (No handle is made here: the user data is only a key.)
  @Test func aWatchedHandleIsForgottenWhenItsTaskCompletes() throws {
    let handle = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
    defer { handle.deallocate() }
    let first = HeadLineBound.Watch(completion: TransferCompletion())
    #expect(HeadLineBound.watching(first) { HeadLineBound.handleTakesHeaderData(handle) })
    #expect(HeadLineBound.watch(of: handle) === first)
    first.end()
    #expect(HeadLineBound.watch(of: handle) == nil)

    #expect(HeadLineBound.watching(first) { HeadLineBound.handleTakesHeaderData(handle) })
    let second = HeadLineBound.Watch(completion: TransferCompletion())
    #expect(HeadLineBound.watching(second) { HeadLineBound.handleTakesHeaderData(handle) })
    first.end()
    #expect(HeadLineBound.watch(of: handle) === second, "the later transfer's entry stays")
    #expect(!HeadLineBound.handleTakesHeaderData(nil), "no handle of ours outside a watch")
    HeadLineBound.handleTakesHeaderData(handle)  // a handle of another session, outside a watch
    #expect(HeadLineBound.watch(of: handle) == nil)
    second.end()
    #expect(HeadLineBound.watch(of: handle) == nil)
  }

  @Test func aTransportBoundsItsHeadsWhereThePlatformNeedsIt() {
    let transport = HTTPTransport(timeout: .seconds(1))
    #expect(transport.headLinesBounded == Self.bounded)
    #expect(!HTTPTransport(timeout: .seconds(1), repairsSocketSources: false).headLinesBounded)
  }
}

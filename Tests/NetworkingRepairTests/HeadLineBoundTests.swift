import Domain
import FixtureAPI
import Foundation
import Testing
import UseCases

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A head of thousands of lines (Docs/Platform.md, "Thousands of header lines"): Foundation on
/// Linux keeps its lines at a cost quadratic in their number (20 000 short lines: 8.8 s of CPU),
/// so, with the repair, a transfer of `HTTPTransport` refuses a head of more than 1 000 lines
/// as it arrives, and says so; a host's own session reads such a head as before.
@Suite("A head of too many lines")
struct HeadLineBoundTests {
  /// The lines of the fixture's `/hotel` head besides the ones a fault adds: the status line,
  /// `Content-Type`, `ETag`, `Vary`, `Content-Language`, `Content-Length` (no `Connection`: the
  /// connection is kept alive, HTTP/1.1's default).
  static let hotelHeadLines = 6
  static let bounded = RepairHarness.platformNeedsRepair
  /// `HeadLineBound.maxLines` (Linux only).
  static let maxLines = 1_000
  static let refusal = APIError.tooManyHeaderLines(limit: maxLines)

  /// Thousands of short header lines: refused as such, and not tried again.
  ///
  /// The CPU it saves is measured per process, by the kernel, in
  /// `HeadLineBoundEndToEndTests.theHotelScreenSaysTheHeadHasTooManyLines`.
  @Test(.enabled(if: bounded), arguments: [5_000, 20_000])
  func aHeadOfThousandsOfLinesIsRefusedAsSuch(lines: Int) async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = Array(repeating: .headerLines(lines), count: 5)
    try await withRepairedAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.hotel(.en, .network)
      }
      #expect(error == Self.refusal)
      #expect(harness.paths == ["/hotel"], "not tried again")
    }
  }

  /// A head of exactly the bound is read; one line more is refused.
  @Test(
    .enabled(if: bounded),
    arguments: [
      (maxLines - hotelHeadLines, true),
      (maxLines - hotelHeadLines + 1, false),
    ])
  func theBoundIsOnTheHeadsLines(added: Int, read: Bool) async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.headerLines(added)]
    try await withRepairedAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.hotel(.en, .network)
      }
      #expect(error == (read ? nil : Self.refusal))
    }
  }

  /// Easy handles are made and freed per transfer: the transfers after a refusal (a handle may
  /// get a refused one's address) read their heads whole.
  @Test(.enabled(if: bounded)) func theNextTransfersAreNotRefused() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.headerLines(2_000)]
    try await withRepairedAPI(options) { harness in
      let refused = await apiError { () async throws(APIError) in
        try await harness.api.hotel(.en, .network)
      }
      #expect(refused == Self.refusal)
      for _ in 0..<20 {
        let hotel = try await harness.api.hotel(.en, .network)
        #expect(hotel.value.rating == 5)
      }
    }
  }

  /// A session of the host's own, in a process with the repair: its heads are read whole, with
  /// FoundationNetworking's own header callback.
  @Test func aHostsOwnSessionReadsTheWholeHead() async throws {
    var options = FixtureOptions()
    options.script["/hotel"] = [.headerLines(1_500)]
    try await withRepairedAPI(options) { harness in
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
}

import Foundation
import Testing

extension EndToEnd {
  /// The session lock between processes (SPEC section 7): the kernel drops it with the process.
  @Suite struct SessionLockEndToEndTests {
    /// A session killed with SIGKILL (no handler runs, nothing is flushed) leaves no lock behind:
    /// the next session starts as the only one (no "another hotel session holds the booking",
    /// its draft saved), and the order the killed one paid is listed.
    @Test func aSessionKilledWithSIGKILLBlocksNothingAndLosesNoOrder() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let errors = hotel.dataDirectory.appendingPathComponent("killed.err").path
      let killed = try BackgroundProcess(
        try HotelProcess.binary().path, ["run", "--line", "--today", "2026-06-01"],
        environment: hotel.environment, errorPath: errors, input: true)
      try killed.writeInput(NetworkEndToEndTests.payScript)
      let lines = await killed.readLines { $0.contains("104893") }
      try #require(
        lines.last?.contains("104893") == true, "\(lines.joined(separator: "\n"))")
      let status = await killed.stop(SIGKILL)
      #expect(status != 0)

      let next = try await hotel.run(
        ["run", "--line", "--today", "2026-06-01"],
        stdin: "expect screen hotel\ntap hotel.chooseRoom\nexpect screen rooms\n")
      #expect(next.status == 0, "\(next)")
      #expect(next.stderr.isEmpty, "\(next)")
      let draft = hotel.dataDirectory.appendingPathComponent("draft.json").path
      #expect(
        (try? String(contentsOfFile: draft, encoding: .utf8))?.contains("rooms") == true,
        "the second session saved its draft: it holds the lock")

      let orders = try await hotel.run(["orders"])
      #expect(orders.status == 0, "\(orders)")
      #expect(orders.stdout.contains("№104893"), "\(orders)")
    }
  }
}

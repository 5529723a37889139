import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EndToEnd {
  /// `hotel run` stopped by Ctrl-C (SIGINT) or SIGTERM in the middle of a booking: the draft is
  /// written before the process exits with 128 + the signal's number.
  @Suite struct SignalEndToEndTests {
    @Test(arguments: [(SIGINT, 130), (SIGTERM, 143)] as [(Int32, Int32)])
    func stopSignalWritesTheDraftAndExits(signal: Int32, expectedStatus: Int32) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let data = hotel.dataDirectory.appendingPathComponent("data", isDirectory: true).path
      let errors = hotel.dataDirectory.appendingPathComponent("run.err").path
      let environment = hotel.environment  // --data-dir wins over its HOTEL_DATA_DIR
      let run = try BackgroundProcess(
        try HotelProcess.binary().path,
        ["run", "--data-dir", data, "--today", "2026-06-01", "--fresh"],
        environment: environment, errorPath: errors, input: true)

      // Standard input stays open: `hotel run` is waiting at its prompt when the signal comes.
      let email = "ctrl-c@example.com"
      try run.writeInput(
        "tap hotel.chooseRoom\ntap rooms.room.2.choose\ntype booking.buyer.email \(email)\n")
      // The screen is printed after each command, so the typed text shows only once the field
      // holds it. If it never shows, the time limit kills the child and the output ends.
      let lines = await run.readLines { $0.contains(email) }
      #expect(lines.contains { $0.hasPrefix("━━ Booking ") }, "\(lines.joined(separator: "\n"))")
      try #require(
        lines.last?.contains(email) == true,
        "the typed e-mail never appeared:\n\(lines.joined(separator: "\n"))")

      let status = await run.stop(signal)
      let log = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
      #expect(status == expectedStatus, "stderr: \(log)")
      #expect(log.isEmpty, "\(log)")
      let draft = try String(contentsOfFile: data + "/draft.json", encoding: .utf8)
      #expect(draft.contains(email), "\(draft)")
      #expect(draft.contains("\"schema_version\""), "\(draft)")
    }
  }
}

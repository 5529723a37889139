import FixtureAPI
import Foundation
import Testing

extension EndToEnd {
  /// Text from the API and from files never reaches the terminal as control sequences (SPEC 8).
  @Suite struct HostileTextEndToEndTests {
    /// A hotel whose every text carries escape sequences, bells, C1 controls and bidi overrides.
    static let hostileHotel = #"""
      {"about_the_hotel":{"description":"Line one\u001b[2J\u001b[H\nline two\u0007",
      "peculiarities":["\u001b[5mblink\u001b[0m","\u009b31mC1"]},
      "adress":"Street \u202eevil\u202c 1","id":1,
      "image_urls":["https://img.example/\u001b]8;;https://evil.example\u0007x.jpg"],
      "minimal_price":134268,"name":"Evil\u001b]0;pwned\u0007 Hotel\u001b[31m",
      "price_for_it":"for\r\na tour","rating":5,"rating_name":"Ex\u001b[8mcellent"}
      """#

    @Test func hostileAPITextIsNeutralised() async throws {
      let server = FixtureServer(
        options: FixtureOptions(
          script: ["/hotel": [.content(type: "application/json", body: Self.hostileHotel)]]))
      let url = try server.start()
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }

      let plain = try await hotel.run(
        ["replay", "-", "--api", url.absoluteString, "--today", "2026-06-01"],
        stdin: "expect screen hotel\nshow\n")
      let coloured = try await hotel.run(
        ["replay", "-", "--api", url.absoluteString, "--color", "always", "--fresh"],
        stdin: "show\n")
      let json = try await hotel.run(
        ["replay", "-", "--api", url.absoluteString, "--json", "--fresh"], stdin: "show\n")
      await server.stop()

      #expect(plain.status == 0, "\(plain)")
      #expect(plain.stdout.contains("Evil␛]0;pwned␇ Hotel␛[31m"), "\(plain.stdout)")
      #expect(plain.stdout.contains("Street �evil� 1"))
      #expect(plain.stdout.contains("Ex␛[8mcellent"))
      for output in [plain.stdout, plain.stderr, json.stdout, json.stderr] {
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!output.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
        #expect(!output.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
      }
      #expect(coloured.status == 0, "\(coloured)")
      #expect(coloured.stdout.contains("\u{1B}[1m"))
      #expect(!coloured.stdout.contains("\u{1B}]0;"))
      #expect(!coloured.stdout.contains("\u{1B}[2J"))
      #expect(!coloured.stdout.contains("\u{07}"))
    }

    @Test func hostileScriptTextIsNeutralised() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let script = try hotel.file(
        "hostile.hotel",
        "tap hotel.chooseRoom\ntap rooms.room.1.choose\n"
          + "type booking.tourist.1.firstName \"Iv\u{1B}[2Jan\u{07}\"\nnext\nshow\n"
          + "expect value booking.tourist.1.firstName \"x\u{1B}[31m\"\n")
      let result = try await hotel.run(["replay", script, "--today", "2026-06-01"])
      #expect(result.status == 1, "\(result)")
      #expect(result.stdout.contains("Iv␛[2Jan␇"))
      #expect(
        result.stderr.contains("the field shows 'Iv␛[2Jan␇', not 'x␛[31m'"), "\(result.stderr)")
      for output in [result.stdout, result.stderr] {
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
      }
    }

    /// Whether `output` holds a control character other than a newline, or a bidi override.
    static func holdsControls(_ output: String) -> Bool {
      output.unicodeScalars.contains {
        ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
          || (0x202A...0x202E).contains($0.value)
      }
    }

    /// A hotel's name from the API, saved with the order it was booked in, is printed inert by
    /// `hotel orders`, and a newline in it does not start a line.
    @Test func hostileTextInASavedOrderIsInertInHotelOrders() async throws {
      let booking = HostileInputEndToEndTests.booking().replacingOccurrences(
        of: #""hotel_name": "Hotel""#, with: #""hotel_name": "Evil\u001b[2J\nhotel: fake\u202e""#)
      let server = FixtureServer(
        options: FixtureOptions(
          script: [
            "/booking": Array(
              repeating: .content(type: "application/json", body: booking), count: 20)
          ]))
      let url = try server.start()
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let data = hotel.dataDirectory.appendingPathComponent("data").path
      let paid = try await hotel.run(
        ["replay", "-", "--api", url.absoluteString, "--today", "2026-06-01", "--data-dir", data],
        stdin: NetworkEndToEndTests.payScript + "expect screen paid\n")
      await server.stop()
      #expect(paid.status == 0, "\(paid)")

      let orders = try await hotel.run(["orders", "--data-dir", data])
      let coloured = try await hotel.run(["orders", "--data-dir", data, "--color", "always"])
      #expect(orders.status == 0, "\(orders)")
      #expect(orders.stdout.contains("Evil␛[2J hotel: fake�"), "\(orders.stdout)")
      #expect(!orders.stdoutLines.contains { $0.hasPrefix("hotel: fake") })
      #expect(!Self.holdsControls(orders.stdout), "\(orders.stdout)")
      #expect(coloured.stdout.contains("\u{1B}[1m"), "its own styles stay")
      #expect(!coloured.stdout.contains("\u{1B}[2J"), "\(coloured.stdout)")
    }

    /// A journey's file name reaches `hotel test`'s result lines inert, with or without colour.
    @Test func aHostileJourneyNameIsInertInHotelTestOutput() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let folder = hotel.dataDirectory.appendingPathComponent("journeys")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try "expect screen rooms\n".write(
        to: folder.appendingPathComponent("evil\u{1B}[2J\u{202E}.hotel"), atomically: true,
        encoding: .utf8)
      let plain = try await hotel.run(["test", folder.path, "--today", "2026-06-01"])
      let coloured = try await hotel.run(
        ["test", folder.path, "--today", "2026-06-01", "--color", "always"])
      #expect(plain.status == 1, "\(plain)")
      #expect(plain.stdout.contains("evil␛[2J�.hotel"), "\(plain.stdout)")
      #expect(!Self.holdsControls(plain.stdout + plain.stderr), "\(plain)")
      #expect(coloured.stdout.contains("\u{1B}[31m✗\u{1B}[0m"), "\(coloured.stdout)")
      #expect(!coloured.stdout.contains("\u{1B}[2J"), "\(coloured.stdout)")
    }

    /// A script's file name from the command line reaches its error inert, on one line.
    @Test func aHostileScriptNameIsInertInItsError() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(["replay", "/nowhere/evil\u{1B}]0;x\u{07}\nhotel: fake"])
      #expect(result.status != 0, "\(result)")
      #expect(result.stderrLines.count == 1, "\(result)")
      #expect(result.stderr.contains("evil␛]0;x␇ hotel: fake"), "\(result)")
      #expect(!Self.holdsControls(result.stderr), "\(result)")
    }
  }
}

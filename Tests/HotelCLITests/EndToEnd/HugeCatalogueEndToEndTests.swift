import FixtureAPI
import Foundation
import Testing

extension EndToEnd {
  /// A huge but valid catalogue: the screen, `show` and `--json` follow what is shown (a page of
  /// 50 rooms), not the catalogue, and every room stays reachable by its ID.
  @Suite struct HugeCatalogueEndToEndTests {
    /// `GET /rooms` with `count` rooms of two photos each (web addresses, as the client requires);
    /// room 1's name is `firstName`.
    static func catalogue(_ count: Int, firstName: String = "Room 1") -> String {
      let rooms = (1...count).map { id in
        let name = id == 1 ? firstName : "Room \(id)"
        return #"{"id":\#(id),"name":"\#(name)","price":\#(100_000 + id),"#
          + #""price_per":"For 7 nights","peculiarities":["Pool"],"image_urls":["https://i/a","https://i/b"]}"#
      }
      return #"{"rooms":["# + rooms.joined(separator: ",") + "]}"
    }

    /// A fixture whose `GET /rooms` answers `body` to each of two processes (a script's
    /// answers are taken one per request).
    static func server(rooms body: String) -> FixtureServer {
      let answer = FixtureFault.content(type: "application/json", body: body)
      return FixtureServer(options: FixtureOptions(script: ["/rooms": [answer, answer]]))
    }

    @Test func tenThousandRoomsPrintAPageAndEveryRoomIsReachableByID() async throws {
      let server = Self.server(rooms: Self.catalogue(10_000))
      let url = try server.start()
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let script = """
        tap hotel.chooseRoom
        expect text "Rooms 1–50 of 10 000"
        expect disabled rooms.page.previous
        tap rooms.page.next
        expect text "Rooms 51–100 of 10 000"
        expect enabled rooms.room.9000.choose
        expect text "Rooms 8 951–9 000 of 10 000"
        tap rooms.room.9999.photos.next
        expect disabled rooms.room.9999.photos.next
        expect disabled rooms.page.next
        show

        """
      let json = try await hotel.run(
        ["replay", "-", "--api", url.absoluteString, "--json"], stdin: script)
      let lines = try await hotel.run(["replay", "-", "--api", url.absoluteString], stdin: script)
      await server.stop()

      #expect(json.status == 0, "\(json.stderr)")
      let jsonLines = json.stdout.split(separator: "\n")
      #expect(jsonLines.count == 11)
      // Before: every room's buttons on every line (1 MB a line at 10 000 rooms).
      #expect(jsonLines.allSatisfy { $0.utf8.count < 16_384 }, "\(jsonLines.map(\.utf8.count))")
      #expect(jsonLines[5].contains(#""rooms.room.9000.choose":true"#))
      #expect(jsonLines[7].contains(#""rooms.room.9999.photos.next":false"#))
      #expect(!jsonLines[7].contains("rooms.room.1.choose"))
      #expect(lines.status == 0, "\(lines.stderr)")
      #expect(lines.stdout.contains("Rooms 9 951–10 000 of 10 000"))
      #expect(lines.stdout.utf8.count < 64 * 1_024, "\(lines.stdout.utf8.count) bytes")
    }

    @Test func aRoomNamedWithAHundredKilobytesIsCut() async throws {
      let name = String(repeating: "Sea view ", count: 11_400)
      let server = Self.server(rooms: Self.catalogue(51, firstName: name))
      let url = try server.start()
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["replay", "-", "--api", url.absoluteString, "--json"],
        stdin:
          "tap hotel.chooseRoom\ntap rooms.room.51.photos.next\nexpect text \"Rooms 51–51 of 51\"\n"
      )
      let shown = try await hotel.run(
        ["replay", "-", "--api", url.absoluteString], stdin: "tap hotel.chooseRoom\nshow\n")
      await server.stop()

      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.utf8.count < 48 * 1_024)
      #expect(shown.status == 0, "\(shown.stderr)")
      #expect(shown.stdout.contains("Sea view Sea view"))
      #expect(shown.stdout.utf8.count < 64 * 1_024, "\(shown.stdout.utf8.count) bytes")
    }
  }
}

import Foundation
import Testing

extension EndToEnd {
  /// The whole flow through the built binary and the in-process fixture API over real HTTP.
  @Suite struct FlowEndToEndTests {
    static let today = ["--today", "2026-06-01"]

    static func script(_ name: String) -> String {
      HotelProcess.testsDirectory.appendingPathComponent("Scripts/\(name).hotel").path
    }

    func replay(
      _ hotel: HotelProcess, _ name: String, _ extra: [String] = []
    ) async throws -> HotelProcess.Result {
      try await hotel.run(["replay", Self.script(name)] + Self.today + extra)
    }

    @Test func happyPathBooksAnOrderAndRestarts() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await replay(hotel, "happy-path")
      #expect(result.status == 0, "\(result)")
      #expect(result.stderr.isEmpty)
      Golden.assertMatches(result.stdout, matches: "happy-path")
    }

    @Test func everyScreenMatchesItsGoldenTranscript() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await replay(hotel, "screens", ["--fresh"])
      #expect(result.status == 0, "\(result)")
      Golden.assertMatches(result.stdout, matches: "screens")
    }

    @Test func russianScreens() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["replay", "-", "--lang", "ru"] + Self.today,
        stdin: "show\ntap hotel.chooseRoom\nexpect text \"Люкс номер с видом на море\"\nshow\n")
      #expect(result.status == 0, "\(result)")
      Golden.assertMatches(result.stdout, matches: "screens-ru")
    }

    @Test func helpUnderRussianNamesTheButtonsInRussian() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["replay", "-", "--lang", "ru"] + Self.today, stdin: "help\n")
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout.contains("hotel.photos.previous  Предыдущее фото (недоступна)"))
      #expect(result.stdout.contains("hotel.photos.next      Следующее фото"))
      #expect(!result.stdout.contains("Previous photo"))
    }

    @Test func aFieldOfACollapsedSectionCanBeTypedIntoAsTheAppWouldExpandIt() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["replay", "-"] + Self.today,
        stdin: """
          tap hotel.chooseRoom
          tap rooms.room.2.choose
          tap booking.addTourist
          tap booking.tourist.2
          type booking.tourist.2.firstName Anna
          expect value booking.tourist.2.firstName Anna
          tap booking.tourist.2
          tap booking.tourist.2.remove

          """)
      #expect(result.status == 1, "\(result)")
      #expect(
        result.stderr
          == "hotel: <stdin>:8: tap booking.tourist.2.remove: it is inside a collapsed section;"
          + " tap the section first\n")
    }

    @Test(arguments: ["validation", "tourists", "navigation"])
    func scriptHolds(name: String) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await replay(hotel, name, ["--keep-going"])
      #expect(result.status == 0, "\(result)")
      #expect(result.stderr.isEmpty)
    }

    @Test func backOnTheFirstScreenFails() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["replay", "-"] + Self.today, stdin: "expect screen hotel\nback\n")
      #expect(result.status == 1, "\(result)")
      #expect(result.stderrLines == ["hotel: <stdin>:2: back: there is no screen before hotel"])
    }

    @Test func failedExpectationNamesTheLineAndWhatWasSeen() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["replay", "-"] + Self.today,
        stdin: "tap hotel.chooseRoom\nexpect screen booking\nexpect text \"Presidential suite\"\n")
      #expect(result.status == 1, "\(result)")
      #expect(
        result.stderrLines == ["hotel: <stdin>:2: expect screen booking: the screen is rooms"])
    }

    @Test func keepGoingReportsEveryFailure() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["replay", "-", "--keep-going"] + Self.today,
        stdin:
          "tap hotel.chooseRoom\nexpect screen booking\ntap rooms.room.9.choose\nexpect screen rooms\n"
      )
      #expect(result.status == 1, "\(result)")
      #expect(
        result.stderrLines == [
          "hotel: <stdin>:2: expect screen booking: the screen is rooms",
          "hotel: <stdin>:3: tap rooms.room.9.choose: there is no 'rooms.room.9.choose' on the rooms screen; did you mean 'rooms.room.1.choose'?",
        ])
    }

    @Test func jsonPrintsOneObjectPerCommand() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["replay", "-", "--json"] + Self.today,
        stdin: "# start\nexpect screen hotel\ntap hotel.chooseRoom\ntap rooms.room.2.choose\n"
          + "type booking.buyer.email ivan@\nnext\n")
      #expect(result.status == 0, "\(result)")
      let lines = result.stdout.split(separator: "\n").map(String.init)
      #expect(lines.count == 5)
      var objects: [[String: Any]] = []
      for line in lines {
        let data = try #require(line.data(using: .utf8))
        objects.append(try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
      }
      #expect(
        objects.map { $0["screen"] as? String } == [
          "hotel", "rooms", "booking", "booking", "booking",
        ])
      #expect(objects.map { $0["number"] as? Int } == [2, 3, 4, 5, 6])
      #expect(objects[0]["line"] as? String == "expect screen hotel")
      #expect(objects[0]["notice"] is NSNull)
      let buttons = try #require(objects[0]["buttons"] as? [String: Bool])
      #expect(buttons["hotel.chooseRoom"] == true)
      #expect(buttons["hotel.photos.previous"] == false)
      let fields = try #require(objects[4]["fields"] as? [String: [String: Any]])
      #expect(fields["booking.buyer.email"]?["value"] as? String == "ivan@")
      #expect(fields["booking.buyer.email"]?["error"] is String)
      #expect(fields["booking.buyer.phone"]?["error"] is NSNull)
    }

    /// A hermetic replay, and each journey of a suite, leave nothing in `TMPDIR`.
    ///
    /// The process ends with `_exit` (`Platform.ProcessEnd`), so no `atexit` handler is there to
    /// remove what a run left: each run removes its own directory on its way out.
    @Test func aHermeticRunLeavesNothingInTheTemporaryFolder() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let temporary = hotel.dataDirectory.appendingPathComponent("tmp")
      try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
      let environment = ["TMPDIR": temporary.path]
      let replayed = try await hotel.run(
        ["replay", Self.script("happy-path")] + Self.today, environment: environment)
      #expect(replayed.status == 0, "\(replayed)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
      let journeys = hotel.dataDirectory.appendingPathComponent("journeys")
      try FileManager.default.createDirectory(at: journeys, withIntermediateDirectories: true)
      for name in ["first.hotel", "second.hotel"] {
        try FileManager.default.copyItem(
          atPath: Self.script("happy-path"), toPath: journeys.appendingPathComponent(name).path)
      }
      let suite = try await hotel.run(
        ["test", journeys.path, "--jobs", "2"] + Self.today, environment: environment)
      #expect(suite.status == 0, "\(suite)")
      #expect(suite.stdout.contains("2 passed"), "\(suite)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    @Test func ordersListsTheBookedOrderMasked() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      // Replays are hermetic: the order stays only in a data directory given with --data-dir.
      let booked = try await replay(hotel, "happy-path", ["--data-dir", hotel.dataDirectory.path])
      #expect(booked.status == 0, "\(booked)")
      let listing = try await hotel.run(["orders"])
      #expect(listing.status == 0, "\(listing)")
      #expect(listing.stdout.hasPrefix("Order №104893 · placed "))
      #expect(listing.stdout.contains("20.09.2027 – 27.09.2027, 7 nights · 1 tourist · 300 850 ₽"))
      #expect(listing.stdout.contains("Buyer: phone •••• 4567, e-mail i•••@example.com"))
      #expect(listing.stdout.contains("Tourists: Ivan P. (passport •••• 5678)"))
      #expect(!listing.stdout.contains("345678") && !listing.stdout.contains("123-45-67"))
      let russian = try await hotel.run(["orders", "--lang", "ru"])
      #expect(russian.status == 0, "\(russian)")
      #expect(russian.stdout.hasPrefix("Заказ №104893 · оформлен "))
      #expect(russian.stdout.contains("20.09.2027 – 27.09.2027, 7 ночей · 1 турист · 300 850 ₽"))
      #expect(russian.stdout.contains("Покупатель: телефон •••• 4567, эл. почта i•••@example.com"))
      #expect(russian.stdout.contains("Туристы: Ivan P. (паспорт •••• 5678)"))
      #expect(!russian.stdout.contains("345678") && !russian.stdout.contains("123-45-67"))
      let json = try await hotel.run(["orders", "--json"])
      let data = try #require(json.stdout.data(using: .utf8))
      let orders = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
      #expect(orders.count == 1)
      #expect(orders.first?["number"] as? Int == 104_893)
      #expect(orders.first?["passports"] as? [String] == ["•••• 5678"])
      let russianJSON = try await hotel.run(["orders", "--json", "--lang", "ru"])
      #expect(russianJSON.status == 0, "\(russianJSON)")
      #expect(russianJSON.stdout == json.stdout)
    }

    @Test func draftIsRestoredOnTheNextRunAndFreshDiscardsIt() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let data = ["--data-dir", hotel.dataDirectory.path]
      let first = try await replay(hotel, "restore-1", data)
      #expect(first.status == 0, "\(first)")
      let second = try await replay(hotel, "restore-2", data)
      #expect(second.status == 0, "\(second)")
      let fresh = try await hotel.run(
        ["replay", "-", "--fresh"] + data + Self.today,
        stdin: "expect screen hotel\ntap hotel.chooseRoom\ntap rooms.room.2.choose\n"
          + "expect value booking.buyer.email \"\"\n")
      #expect(fresh.status == 0, "\(fresh)")
    }

    @Test func unreachableAPIWithoutCacheExitsThree() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["replay", "-", "--api", "http://127.0.0.1:1"] + Self.today,
        stdin: "expect screen hotel\nexpect text \"No connection\"\ntap hotel.chooseRoom\n")
      #expect(result.status == 3, "\(result)")
      #expect(result.stderrLines.count == 1)
      #expect(result.stderr.contains("<stdin>:3: tap hotel.chooseRoom"))
      #expect(result.stderr.contains("the API could not be reached and no saved data could serve"))
    }

    @Test func unreachableAPIWithCacheShowsSavedData() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let data = ["--data-dir", hotel.dataDirectory.path]
      let online = try await hotel.run(
        ["replay", "-"] + data + Self.today, stdin: "tap hotel.chooseRoom\nexpect screen rooms\n")
      #expect(online.status == 0, "\(online)")
      let offline = try await hotel.run(
        ["replay", "-", "--api", "http://127.0.0.1:1", "--fresh"] + data + Self.today,
        stdin:
          "expect text \"Showing saved data\"\nexpect text \"Excellent\"\ntap hotel.chooseRoom\n"
          + "expect screen rooms\nexpect text \"Deluxe room with sea view\"\n")
      #expect(offline.status == 0, "\(offline)")
    }

    @Test func colourOnlyWhenAsked() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let script = "tap hotel.chooseRoom\ntap rooms.room.1.choose\ntap booking.pay\nshow\n"
      let plain = try await hotel.run(["replay", "-", "--fresh"] + Self.today, stdin: script)
      #expect(plain.status == 0, "\(plain)")
      #expect(!plain.stdout.contains("\u{1B}"))
      let never = try await hotel.run(
        ["replay", "-", "--fresh", "--color", "never"] + Self.today, stdin: script,
        environment: ["NO_COLOR": ""])
      #expect(!never.stdout.contains("\u{1B}"))
      let coloured = try await hotel.run(
        ["replay", "-", "--fresh", "--color", "always"] + Self.today, stdin: script)
      #expect(coloured.stdout.contains("\u{1B}[31m✗ "))
    }
  }
}

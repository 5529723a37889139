import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EndToEnd {
  /// What a new user tripped over (issue 14), through the built binary.
  @Suite struct NewUserEndToEndTests {
    static let today = ["--today", "2026-06-01"]
    static let book = """
      tap hotel.chooseRoom
      tap rooms.room.2.choose
      type booking.buyer.phone 9161234567
      type booking.buyer.email ivan@example.com
      type booking.tourist.1.firstName Ivan
      type booking.tourist.1.lastName Petrov
      type booking.tourist.1.birthDate 01.02.1990
      type booking.tourist.1.citizenship Russia
      type booking.tourist.1.passportNumber "45 12 345678"
      type booking.tourist.1.passportExpiry 01.01.2030

      """

    @Test func aPaidBookingIsNeverRestored() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let paid = try await hotel.run(
        ["run", "--data-dir", hotel.dataDirectory.path] + Self.today,
        stdin: Self.book + "tap booking.pay\nexpect screen paid\nquit\n")
      #expect(paid.status == 0, "\(paid)")
      #expect(paid.stdout.contains("Your order is accepted"), "\(paid)")
      let again = try await hotel.run(
        ["replay", "-", "--data-dir", hotel.dataDirectory.path] + Self.today,
        stdin: "expect screen hotel\nshow\n")
      #expect(again.status == 0, "\(again)")
      #expect(!again.stdout.contains("Restored your unfinished booking"), "\(again)")
    }

    @Test func theRestoredNoticeIsNotRepeatedOnEveryRedraw() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let first = try await hotel.run(
        ["run", "--data-dir", hotel.dataDirectory.path] + Self.today,
        stdin: "tap hotel.chooseRoom\ntap rooms.room.2.choose\ntype booking.buyer.email a@b.cd\n")
      #expect(first.status == 0, "\(first)")
      let second = try await hotel.run(
        ["run", "--data-dir", hotel.dataDirectory.path] + Self.today,
        stdin: "next\nnext\nnext\n")
      #expect(second.status == 0, "\(second)")
      #expect(
        second.stdout.components(separatedBy: "Restored your unfinished booking").count == 2,
        "\(second)")
    }

    @Test func aTourThatHasStartedCannotBePaidAndTheOrderDateFollowsToday() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let started = try await hotel.run(
        ["replay", "-", "--data-dir", hotel.dataDirectory.path, "--today", "2027-09-25"],
        stdin: Self.book
          + "expect text \"This tour started on 20 September 2027\"\ntap booking.pay\n"
          + "expect screen booking\n")
      #expect(started.status == 0, "\(started)")
      let russian = try await hotel.run(
        [
          "replay", "-", "--lang", "ru", "--fresh", "--data-dir", hotel.dataDirectory.path,
          "--today", "2027-09-20",
        ],
        stdin: "tap hotel.chooseRoom\ntap rooms.room.1.choose\n"
          + "expect text \"Этот тур начался 20 сентября 2027 г.\"\n")
      #expect(russian.status == 0, "\(russian)")
      let before = try await hotel.run(
        [
          "replay", "-", "--fresh", "--data-dir", hotel.dataDirectory.path, "--today", "2027-09-10",
        ],
        stdin: Self.book + "tap booking.pay\nexpect screen paid\n",
        environment: ["TZ": "UTC"])
      #expect(before.status == 0, "\(before)")
      let orders = try await hotel.run(
        ["orders", "--json", "--data-dir", hotel.dataDirectory.path])
      #expect(orders.stdout.contains("\"placedAt\" : \"2027-09-10T"), "\(orders)")
    }

    @Test func thePassportExpiryOnTheLastDaySaysItMustBeValidAfterTheTrip() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["replay", "-", "--fresh"] + Self.today,
        stdin: "tap hotel.chooseRoom\ntap rooms.room.2.choose\n"
          + "type booking.tourist.1.passportExpiry 27.09.2027\nnext\n"
          + "expect text \"The passport must be valid after the trip ends\"\n"
          + "type booking.tourist.1.passportExpiry 26.09.2027\n"
          + "expect text \"Passport expires before the trip ends on 27 September 2027\"\n")
      #expect(result.status == 0, "\(result)")
    }

    @Test func theRecordHeaderReplaysTheRecordingAsWritten() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let unfinished = try await hotel.run(
        ["run", "--lang", "ru"] + Self.today,
        stdin:
          "tap hotel.chooseRoom\ntap rooms.room.2.choose\ntype booking.buyer.email ivan@example.com\n"
          + "tap booking.addTourist\ntype booking.tourist.2.firstName \"Анна \\\"Мария\\\"\"\n")
      #expect(unfinished.status == 0, "\(unfinished)")
      try FileManager.default.createDirectory(
        at: hotel.dataDirectory.appendingPathComponent("records"),
        withIntermediateDirectories: true)
      let recorded = try await hotel.run(
        ["run", "--record", "records/nu_rec.hotel", "--lang", "ru"] + Self.today,
        stdin: "expect screen booking\nexpect value booking.buyer.email ivan@example.com\n"
          + "type booking.tourist.1.firstName Иван\nexpect value booking.tourist.2.firstName \"Анна \\\"Мария\\\"\"\nquit\n"
      )
      #expect(recorded.status == 0, "\(recorded)")
      let text = try String(
        contentsOf: hotel.dataDirectory.appendingPathComponent("records/nu_rec.hotel"),
        encoding: .utf8)
      let header = try #require(text.split(separator: "\n").first.map(String.init))
      let prefix = "# Recorded by hotel run. Replay with: "
      #expect(header.hasPrefix(prefix + "hotel replay records/nu_rec.hotel "), "\(text)")
      #expect(header.contains("--lang ru --today 2026-06-01"), "\(text)")
      #expect(header.hasSuffix(" --fresh"), "\(text)")
      let words = header.dropFirst(prefix.count).split(separator: " ").map(String.init)
      #expect(words.allSatisfy { !$0.contains("'") }, "simple words in this test")
      let replay = try await hotel.run(Array(words.dropFirst()))
      #expect(replay.status == 0, "\(text)\n\(replay)")
    }

    @Test func aSecondSessionIsToldAnotherHoldsTheBookingAndDoesNotOverwriteIt() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let directory = hotel.dataDirectory.path
      let first = try await hotel.run(
        ["run", "--data-dir", directory] + Self.today,
        stdin:
          "tap hotel.chooseRoom\ntap rooms.room.2.choose\ntype booking.buyer.email first@example.com\n"
      )
      #expect(first.status == 0, "\(first)")
      // Another session holds the booking: this process plays it, with the same flock.
      let lock = open(directory + "/session.lock", O_RDWR | O_CREAT, 0o600)
      #expect(lock >= 0)
      defer { close(lock) }
      #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)
      let second = try await hotel.run(
        ["replay", "-", "--data-dir", directory] + Self.today,
        stdin: "expect screen booking\nexpect text \"Another session holds this booking\"\n"
          + "type booking.buyer.email second@example.com\n")
      #expect(second.status == 0, "\(second)")
      #expect(
        second.stderrLines == [
          "hotel: another hotel session holds the booking in \(directory); this one continues it"
            + " read-only (its changes are not saved as the draft); to start a fresh booking"
            + " instead: --fresh"
        ], "\(second)")
      let fresh = try await hotel.run(
        ["replay", "-", "--fresh", "--lang", "ru", "--data-dir", directory] + Self.today,
        stdin: "expect screen hotel\n")
      #expect(fresh.status == 0, "\(fresh)")
      #expect(fresh.stderr.contains("открыто в другом сеансе"), "\(fresh)")
      _ = flock(lock, LOCK_UN)
      let afterwards = try await hotel.run(
        ["replay", "-", "--data-dir", directory] + Self.today,
        stdin: "expect screen booking\nexpect value booking.buyer.email first@example.com\n")
      #expect(afterwards.status == 0, "the first session's draft is intact: \(afterwards)")
      #expect(afterwards.stderr.isEmpty, "\(afterwards)")
    }

    @Test func russianCommandErrorsPromptAndHelp() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["replay", "-", "--lang", "ru", "--keep-going"] + Self.today,
        stdin: "help\ntap hotel.nowhere\nexpect screen rooms\n")
      #expect(result.status == 1, "\(result)")
      #expect(result.stdout.contains("Команды: tap ID"), "\(result)")
      #expect(result.stdout.contains("На экране hotel:"), "\(result)")
      #expect(
        result.stderrLines == [
          "hotel: <stdin>:2: tap hotel.nowhere: на экране hotel нет 'hotel.nowhere'; 'help' покажет все ID",
          "hotel: <stdin>:3: expect screen rooms: открыт экран hotel",
        ], "\(result)")
      let usage = try await hotel.run(["replay", "-", "--lang=ru", "--today", "2027-02-30"])
      #expect(usage.status == 2, "\(usage)")
      #expect(
        usage.stderrLines == [
          "hotel: --today: даты '2027-02-30' не существует (см. 'hotel --help')"
        ])
      let missing = try await hotel.run(["replay", "no-such.hotel", "--lang", "ru"])
      #expect(missing.status == 2, "\(missing)")
      #expect(
        missing.stderrLines == [
          "hotel: не удалось прочитать сценарий 'no-such.hotel': нет такого файла"
        ])
      let parse = try await hotel.run(
        ["replay", "-", "--lang", "ru"], stdin: "tpa hotel.chooseRoom\n")
      #expect(parse.status == 2, "\(parse)")
      #expect(
        parse.stderrLines == [
          "hotel: <stdin>:1: неизвестная команда 'tpa'; возможно, имелось в виду 'tap'?"
        ])
    }

    @Test func unusableDataDirectoryExitsFour() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let file = try hotel.file("not-a-directory", "x")
      let result = try await hotel.run(
        ["replay", "-", "--data-dir", file + "/hotel"] + Self.today, stdin: "show\n")
      #expect(result.status == 4, "\(result)")
      let orders = try await hotel.run(["orders", "--data-dir", file + "/hotel"])
      #expect(orders.status == 4, "\(orders)")
    }

    @Test func ordersAreColouredWhenAsked() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      // Replays are hermetic: the order is kept only in a data directory given with --data-dir.
      let booked = try await hotel.run(
        ["replay", "-", "--data-dir", hotel.dataDirectory.path] + Self.today,
        stdin: Self.book + "tap booking.pay\nexpect screen paid\n")
      #expect(booked.status == 0, "\(booked)")
      let coloured = try await hotel.run(["orders", "--color", "always"])
      #expect(coloured.stdout.contains("\u{1B}[1mOrder №"), "\(coloured)")
      let plain = try await hotel.run(["orders"])
      #expect(!plain.stdout.contains("\u{1B}"))
    }

    @Test func pastingTooManyDigitsIntoThePhoneKeepsThemAndSaysHowMany() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["replay", "-", "--fresh"] + Self.today,
        stdin: "tap hotel.chooseRoom\ntap rooms.room.2.choose\n"
          + "type booking.buyer.phone 916123456789\n"
          + "expect value booking.buyer.phone \"+7 (916) 123-45-6789\"\n"
          + "next\n"
          + "expect error booking.buyer.phone\n"
          + "expect text \"The number is complete: 2 digits too many\"\n")
      #expect(result.status == 0, "\(result)")
    }

    @Test func exitQuitsAndTpaSuggestsTap() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["run"] + Self.today, stdin: "tpa hotel.chooseRoom\nfoo\nexit\ntap hotel.chooseRoom\n")
      // Lines that did not parse: the session went on, and the exit code tells of them.
      #expect(result.status == 2, "\(result)")
      #expect(
        result.stderrLines == [
          "hotel: <input>:1: unknown command 'tpa'; did you mean 'tap'? (type 'help' for the commands)",
          "hotel: <input>:2: unknown command 'foo' (commands: tap, type, next, back, expect, show, help, quit, exit)",
        ], "\(result)")
      #expect(!result.stdout.contains("━━ Rooms"), "exit stopped before the last line")
    }
  }
}

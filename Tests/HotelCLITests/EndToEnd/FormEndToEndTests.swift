import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EndToEnd {
  /// The form from the server, end to end (SPEC section 6): the fixture's extras through the
  /// built binary and real HTTP, the server's total on the saved order, and a refused schema
  /// served by `hotel serve --form`.
  @Suite struct FormEndToEndTests {
    static let today = ["--today", "2026-06-01"]

    @Test func promoCodeTransferAndTheServersTotalOnTheSavedOrder() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let script = HotelProcess.testsDirectory.appendingPathComponent("Scripts/extras.hotel").path
      let data = hotel.dataDirectory.appendingPathComponent("data").path
      let result = try await hotel.run(["replay", script, "--data-dir", data] + Self.today)
      #expect(result.status == 0, "\(result)")
      #expect(result.stderr.isEmpty, "\(result)")
      Golden.assertMatches(result.stdout, matches: "extras")
      let orders = try await hotel.run(["orders", "--data-dir", data])
      #expect(orders.status == 0, "\(orders)")
      #expect(orders.stdout.contains("275 410 ₽"), "\(orders)")
    }

    @Test func russianExtras() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["replay", "-", "--lang", "ru"] + Self.today,
        stdin: """
          tap hotel.chooseRoom
          tap rooms.room.2.choose
          expect text "Дополнительно"
          type booking.extras.promoCode WINTER
          expect text "Этот промокод недействителен"
          type booking.extras.promoCode SUMMER10
          expect value booking.price.total "271 910 ₽"
          tap booking.extras.transfer
          expect value booking.extras.transfer Да
          expect text "Номер рейса"
          expect value booking.price.total "275 410 ₽"

          """)
      #expect(result.status == 0, "\(result)")
    }

    @Test func aRefusedSchemaIsNamedOnTheScreenAndOnceOnStderr() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      // Two computed fields that depend on each other, as a form designer might write them.
      let schema = try hotel.file(
        "cycle.json",
        #"""
        {"version": 1, "sections": [
          {"id": "buyer", "title": "Buyer", "fields": [
            {"id": "phone", "label": "Phone", "input_type": "phone", "rules": ["required", "phone"]},
            {"id": "a", "label": "A", "compute": "b + 1"},
            {"id": "b", "label": "B", "compute": "a + 1"}
          ]}
        ]}
        """#)
      let (result, log) = try await hotel.replay(
        """
        tap hotel.chooseRoom
        tap rooms.room.2.choose
        expect screen booking
        expect text "The server's booking form was refused"
        expect text "buyer.a -> buyer.b -> buyer.a"
        type booking.tourist.1.firstName Ivan
        expect value booking.price.total "300 850 ₽"

        """,
        againstFormServedFrom: schema, options: Self.today)
      #expect(result.status == 0, "\(result)")
      let problem =
        "hotel: The server's booking form was refused (Fields depend on each other in a cycle:"
        + " buyer.a -> buyer.b -> buyer.a); showing the built-in form"
      #expect(result.stderrLines == [problem], "once, on stderr")
      #expect(
        log.contains("hotel: warning: the app will refuse this form"), "serve says so too: \(log)")
    }

    /// A schema that gives a field's rules twice (a designer's copy and paste): `serve --form`
    /// warns and the app refuses it, naming the key and where it is.
    @Test func aSchemaWithAKeyTwiceIsRefusedNamingTheKey() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let schema = try hotel.file(
        "twice.json",
        #"""
        {"version": 1, "sections": [
          {"id": "buyer", "title": "Buyer", "fields": [
            {"id": "phone", "label": "Phone", "rules": ["required"], "r\u0075les": ["phone"]}
          ]}
        ]}
        """#)
      let (result, log) = try await hotel.replay(
        """
        tap hotel.chooseRoom
        tap rooms.room.2.choose
        expect screen booking
        expect text "The server's booking form was refused"

        """,
        againstFormServedFrom: schema, options: Self.today)
      #expect(result.status == 0, "\(result)")
      let problem = "the key sections[0].fields[0].rules appears more than once"
      #expect(
        result.stderrLines == [
          "hotel: The server's booking form was refused (\(problem)); showing the built-in form"
        ])
      #expect(
        log.contains(
          "hotel: warning: the app will refuse this form and show its built-in one: Invalid form"
            + " schema: \(problem)"),
        "serve says so: \(log)")
    }

    @Test func serveRefusesAFormFileItCannotServe() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let missing = try await hotel.run(["serve", "--port", "0", "--form", "/nonexistent.json"])
      #expect(missing.status == 2, "\(missing)")
      #expect(
        missing.stderrLines == [
          "hotel: --form: cannot read /nonexistent.json: no such file; to start from the fixture's"
            + " form, save it while hotel serve runs: "
            + "curl http://127.0.0.1:8080/booking/form > /nonexistent.json"
        ])
      let notJSON = try hotel.file("form.txt", "sections: []")
      let bad = try await hotel.run(["serve", "--port", "0", "--form", notJSON])
      #expect(bad.status == 2, "\(bad)")
      #expect(
        bad.stderrLines == [
          "hotel: --form: \(notJSON) is not a JSON object (a form schema, Docs/FormSchema.md)"
        ])
      let deep = try hotel.file(
        "deep.json", String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000))
      let tooDeep = try await hotel.run(["serve", "--port", "0", "--form", deep])
      #expect(tooDeep.status == 2, "\(tooDeep)")
      #expect(
        tooDeep.stderrLines == [
          "hotel: --form: \(deep) nests arrays and objects 5000 levels deep; JSON is read only up"
            + " to 512 (a form schema nests them a few levels)"
        ])
      let empty = try hotel.file("empty.json", " \n")
      let nothing = try await hotel.run(["serve", "--port", "0", "--form", empty, "--lang", "ru"])
      #expect(nothing.status == 2, "\(nothing)")
      #expect(
        nothing.stderrLines == [
          "hotel: --form: \(empty) пуст (нужна схема формы, Docs/FormSchema.md)"
        ])
    }

    /// `--form` naming a FIFO that nothing writes to: the FIFO is opened without waiting for a
    /// writer, and one with nothing written is named (exit 2, in the person's language); a pipe
    /// that has its writer (`--form <(jq ...)`) is still read.
    @Test(arguments: ["en", "ru"])
    func aFIFOThatNothingWritesToIsNamedNotWaitedFor(language: String) async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let fifo = hotel.dataDirectory.appendingPathComponent("form.fifo").path
      #expect(mkfifo(fifo, 0o600) == 0)
      let result = try await hotel.run(
        ["serve", "--port", "0", "--form", fifo, "--lang", language], timeLimit: 30)
      #expect(!result.timedOut, "\(result)")
      #expect(result.status == 2, "\(result)")
      #expect(
        result.stderrLines == [
          language == "ru"
            ? "hotel: --form: \(fifo) — FIFO или устройство, и в него ничего не записано (нужна схема формы, Docs/FormSchema.md)"
            : "hotel: --form: \(fifo) is a FIFO or a device and nothing was written to it (a form schema is needed, Docs/FormSchema.md)"
        ])
    }
  }
}

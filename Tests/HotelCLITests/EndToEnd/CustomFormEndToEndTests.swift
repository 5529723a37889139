import Domain
import Foundation
import Testing

extension EndToEnd {
  /// `hotel serve --form` with a designer's own form (SPEC sections 3 and 6): the fixture
  /// computes an order's total from the form it serves, so Paid and `hotel orders` show what
  /// Booking showed; and a form in each language is served by `Accept-Language`.
  @Suite struct CustomFormEndToEndTests {
    static let today = ["--today", "2026-06-01"]

    /// The built-in form plus a designer's extras: travel insurance (a switch, 1 200 ₽ per
    /// tourist, a locally computed price line) and a number of bags (1 500 ₽ each), both in the
    /// total; labels in `language`.
    static func schema(_ language: Language) throws -> String {
      var schema = FormSchema.booking(language: language)
      let ru = language == .ru
      let price = try #require(schema.sections.firstIndex { $0.id == "price" })
      schema.sections.insert(
        FormSection(
          id: "extras", title: ru ? "Дополнительно" : "Extras",
          fields: [
            FormField(id: "insurance", label: ru ? "Страховка" : "Insurance", inputType: .bool),
            FormField(
              id: "bags", label: ru ? "Багаж, мест" : "Bags", inputType: .numeric,
              rules: [.maxLength(1)]),
          ]), at: price)
      var section = schema.sections[price + 1]
      let total = try #require(section.fields.firstIndex { $0.id == "total" })
      section.fields.insert(
        contentsOf: [
          FormField(
            id: "insurance", label: ru ? "Страховка" : "Insurance", inputType: .none,
            compute: "if(extras.insurance == true, 1200 * count(tourist), 0)"),
          FormField(
            id: "bags", label: ru ? "Багаж" : "Bags", inputType: .none,
            compute: "if(extras.bags == '', 0, extras.bags * 1500)"),
        ], at: total)
      section.fields[total + 2].dependsOn = [
        "tour", "fuelCharge", "serviceCharge", "insurance", "bags",
      ]
      section.fields[total + 2].compute = "tour + fuelCharge + serviceCharge + insurance + bags"
      schema.sections[price + 1] = section
      return String(decoding: try JSONEncoder().encode(schema), as: UTF8.self)
    }

    /// The issue's form: the built-in one plus a section whose computed texts double 57 times (`s1
    /// = s0 + s0`, ...).
    ///
    /// A text past 10 000 characters is an error on its field, in the app and in `hotel serve
    /// --form` pricing the order, and the order is paid.
    @Test func aFormWhoseTextsDoubleIsServedAndPaidInBoundedMemory() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      var schema = FormSchema.booking(language: .en)
      var fields = [FormField(id: "s0", label: "s0", inputType: .none, compute: "'x'")]
      for index in 1...57 {
        fields.append(
          FormField(
            id: "s\(index)", label: "s\(index)", inputType: .none,
            compute: "s\(index - 1) + s\(index - 1)"))
      }
      schema.sections.insert(FormSection(id: "notes", title: "Notes", fields: fields), at: 1)
      let form = try hotel.file(
        "doubling.json", String(decoding: try JSONEncoder().encode(schema), as: UTF8.self))
      let (result, log) = try await hotel.replay(
        """
        tap hotel.chooseRoom
        tap rooms.room.2.choose
        expect value booking.price.total "300 850 ₽"
        \(EndToEnd.filledIn)
        tap booking.pay
        expect screen paid

        """, serving: ["--form", form], options: Self.today)
      #expect(result.status == 0, "\(result)")
      #expect(!log.contains("warning"), "\(log)")
    }

    /// A form past the bounds (1 001 sections) is named by `hotel serve --form` as it starts,
    /// with the count and the limit; the app shows its built-in form, and orders are priced
    /// by it.
    @Test func aFormOfTooManySectionsIsNamedAtStart() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      var schema = FormSchema.booking(language: .en)
      schema.sections += (0..<(1_001 - schema.sections.count)).map {
        FormSection(id: "e\($0)", title: "E", fields: [])
      }
      let form = try hotel.file(
        "sections.json", String(decoding: try JSONEncoder().encode(schema), as: UTF8.self))
      let (result, log) = try await hotel.replay(
        """
        tap hotel.chooseRoom
        tap rooms.room.2.choose
        expect text "The form has 1001 sections, more than the 1000 a form can have"

        """, serving: ["--form", form], options: Self.today)
      #expect(result.status == 0, "\(result)")
      #expect(
        log.contains(
          "warning: the app will refuse this form and show its built-in one: The form has 1001 sections"
        ), "\(log)")
    }

    /// Paid shows the total of the form served: the fixture prices the order by that form, so Paid
    /// agrees with Booking's 305 050 ₽.
    @Test func paidShowsTheTotalOfTheFormServed() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let form = try hotel.file("insurance.json", try Self.schema(.en))
      let data = hotel.dataDirectory.appendingPathComponent("data").path
      let (result, log) = try await hotel.replay(
        """
        tap hotel.chooseRoom
        tap rooms.room.2.choose
        expect value booking.price.total "300 850 ₽"
        tap booking.extras.insurance
        type booking.extras.bags 2
        expect value booking.price.insurance "1 200 ₽"
        expect value booking.price.bags "3 000 ₽"
        expect value booking.price.total "305 050 ₽"
        \(EndToEnd.filledIn)
        tap booking.pay
        expect screen paid
        expect text "305 050 ₽"

        """, serving: ["--form", form], options: ["--data-dir", data] + Self.today)
      #expect(result.status == 0, "\(result)")
      #expect(result.stderr.isEmpty, "\(result)")
      #expect(!log.contains("warning"), "\(log)")
      let orders = try await hotel.run(["orders", "--data-dir", data])
      #expect(orders.stdout.contains("305 050 ₽"), "\(orders)")
    }

    /// The built-in form plus an airport transfer (a switch showing a flight number) and its
    /// price line, shown only while the switch is on, in a total written as a designer writes
    /// it first: `tour + fuelCharge + serviceCharge + transfer`, without a guard.
    static func unguardedTransfer() throws -> String {
      var schema = FormSchema.booking(language: .en)
      let price = try #require(schema.sections.firstIndex { $0.id == "price" })
      schema.sections.insert(
        FormSection(
          id: "extras", title: "Extras",
          fields: [
            FormField(id: "transfer", label: "Airport transfer", inputType: .bool),
            FormField(
              id: "flightNumber", label: "Flight number", inputType: .string,
              rules: [.required],
              visibleIf: "transfer == true"),
          ]), at: price)
      var section = schema.sections[price + 1]
      let total = try #require(section.fields.firstIndex { $0.id == "total" })
      section.fields.insert(
        FormField(
          id: "transfer", label: "Airport transfer", inputType: .none,
          compute: "3500 * count(tourist)", visibleIf: "extras.transfer == true"), at: total)
      section.fields[total + 1].compute = "tour + fuelCharge + serviceCharge + transfer"
      schema.sections[price + 1] = section
      return String(decoding: try JSONEncoder().encode(schema), as: UTF8.self)
    }

    /// A price line the form does not show costs nothing: with the transfer off, the unguarded
    /// total is the offer's price on Booking, on Paid and in `hotel orders` (the fixture prices the
    /// order by the same rule), and Pay takes a booking without a transfer.
    @Test func aHiddenPriceLineCostsNothing() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let form = try hotel.file("transfer.json", try Self.unguardedTransfer())
      let data = hotel.dataDirectory.appendingPathComponent("data").path
      let (result, log) = try await hotel.replay(
        """
        tap hotel.chooseRoom
        tap rooms.room.2.choose
        expect value booking.price.total "300 850 ₽"
        tap booking.extras.transfer
        type booking.extras.flightNumber SU1234
        expect value booking.price.transfer "3 500 ₽"
        expect value booking.price.total "304 350 ₽"
        tap booking.extras.transfer
        expect value booking.price.total "300 850 ₽"
        \(EndToEnd.filledIn)
        tap booking.pay
        expect screen paid
        expect text "300 850 ₽"

        """, serving: ["--form", form], options: ["--data-dir", data] + Self.today)
      #expect(result.status == 0, "\(result)")
      #expect(result.stderr.isEmpty, "\(result)")
      #expect(!log.contains("warning"), "\(log)")
      let orders = try await hotel.run(["orders", "--data-dir", data])
      #expect(orders.stdout.contains("300 850 ₽"), "\(orders)")
    }

    /// A designer's labels in each language: `--form en=FILE --form ru=FILE` serves each by
    /// the app's language, and the order is priced by it.
    @Test func aFormInEachLanguage() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let english = try hotel.file("form-en.json", try Self.schema(.en))
      let russian = try hotel.file("form-ru.json", try Self.schema(.ru))
      for (language, label) in [("en", "Insurance"), ("ru", "Страховка")] {
        let (result, log) = try await hotel.replay(
          """
          tap hotel.chooseRoom
          tap rooms.room.2.choose
          expect text \(label)
          tap booking.extras.insurance
          expect value booking.price.total "302 050 ₽"
          \(EndToEnd.filledIn)
          tap booking.pay
          expect screen paid
          expect text "302 050 ₽"

          """,
          serving: ["--form", "en=\(english)", "--form", "ru=\(russian)"],
          options: ["--lang", language] + Self.today)
        #expect(result.status == 0, "\(language): \(result)")
        #expect(!log.contains("warning"), "\(log)")
      }
    }

    /// With a file per language, a warning about one names it.
    @Test func aWarningNamesTheFileOfItsLanguage() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let english = try hotel.file("form-en.json", try Self.schema(.en))
      let russian = try hotel.file(
        "form-ru.json",
        #"{"version": 1, "sections": [{"id": "buyer", "title": "B", "fields": []}]}"#)
      let (result, log) = try await hotel.replay(
        """
        tap hotel.chooseRoom
        tap rooms.room.2.choose
        expect text Insurance

        """,
        serving: ["--form", "en=\(english)", "--form", "ru=\(russian)"], options: Self.today)
      #expect(result.status == 0, "\(result)")
      let warnings = log.split(separator: "\n").filter { $0.contains("warning") }
      #expect(warnings.count == 1, "\(log)")
      #expect(
        warnings.first?.hasPrefix(
          "hotel: --form ru=\(russian): warning: the app will refuse this form") == true, "\(log)")
    }

    /// `--form LANG=FILE` names a language the app has, and each language once.
    @Test func aLanguageOfAFormIsChecked() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let form = try hotel.file("form.json", try Self.schema(.en))
      let unknown = try await hotel.run(["serve", "--port", "0", "--form", "de=\(form)"])
      #expect(unknown.status == 2, "\(unknown)")
      #expect(
        unknown.stderrLines == [
          "hotel: --form: 'de' is not a supported language (en, ru) (see 'hotel --help')"
        ])
      let twice = try await hotel.run(
        ["serve", "--port", "0", "--form", "ru=\(form)", "--form", "ru=\(form)"])
      #expect(twice.status == 2, "\(twice)")
      #expect(
        twice.stderrLines == [
          "hotel: --form: a form for ru is given twice (see 'hotel --help')"
        ])
    }
  }
}

import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EndToEnd {
  /// The rules of SPEC sections 4 and 6 at their edges, as a tester types them into the built
  /// binary: numbers pasted whole or in another script's digits, internationalised e-mail, and a
  /// server schema whose rules no text could meet.
  @Suite struct RuleEdgesEndToEndTests {
    static let today = ["--today", "2026-06-01"]

    @Test func pastedNumbersDatesAndAddressesAtTheEdgesOfTheRules() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["replay", "-"] + Self.today,
        stdin: """
          tap hotel.chooseRoom
          tap rooms.room.2.choose
          # Ten digits are a whole Russian number, whatever they start with.
          type booking.buyer.phone 8001234567
          next
          expect value booking.buyer.phone "+7 (800) 123-45-67"
          expect valid booking.buyer.phone
          # Digits of other scripts are digits (an Arabic or a full-width keyboard).
          type booking.buyer.phone ٩١٦١٢٣٤٥٦٧
          next
          expect value booking.buyer.phone "+7 (916) 123-45-67"
          expect valid booking.buyer.phone
          type booking.tourist.1.birthDate ١٥.٠٣.١٩٩٠
          next
          expect value booking.tourist.1.birthDate 15.03.1990
          expect valid booking.tourist.1.birthDate
          # A date pasted with a digit too many is not cut silently.
          type booking.tourist.1.birthDate 15.03.19901
          expect text "The date is complete: the extra digits 1 were left out"
          # A name pasted with a no-break space.
          type booking.tourist.1.firstName "Anna\u{00A0}Maria"
          next
          expect valid booking.tourist.1.firstName
          # "Letters" in the e-mail rule are letters of any script.
          type booking.buyer.email анна@почта.рф
          next
          expect valid booking.buyer.email
          # A domain's problem is named exactly.
          type booking.buyer.email anna@mail_box.ru
          next
          expect error booking.buyer.email
          expect text "The domain after the @ cannot contain “_”"
          type booking.buyer.email anna@-mail.ru
          expect text "A part of the domain cannot start or end with a hyphen"

          """)
      #expect(result.status == 0, "\(result)")
      #expect(result.stderr.isEmpty, "\(result)")
    }

    @Test func aSchemaThatCouldNeverPlaceAnOrderIsRefusedAndTheBuiltInFormPays() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let schema = try hotel.file("empty.json", #"{"version": 1, "sections": []}"#)
      let fill = try String(
        contentsOf: HotelProcess.testsDirectory.appendingPathComponent("Scripts/happy-path.hotel"),
        encoding: .utf8)
      let (result, log) = try await hotel.replay(
        fill, againstFormServedFrom: schema, options: Self.today)
      #expect(result.status == 0, "\(result)")
      #expect(
        result.stderrLines == [
          "hotel: The server's booking form was refused (the form has no field tourist, which an"
            + " order needs); showing the built-in form"
        ])
      #expect(
        log.contains(
          "hotel: warning: the app will refuse this form and show its built-in one: the form has"
            + " no field tourist, which an order needs"), "serve says so too: \(log)")
    }

    @Test func aSchemaWithARuleNoTextCanMeetIsRefusedNamingTheRule() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      // A required field that must be at least 60 and at most 50 characters: nobody could
      // ever pay; the app shows its built-in form and says why.
      let schema = try hotel.file(
        "impossible.json",
        #"""
        {"version": 1, "sections": [
          {"id": "buyer", "title": "Buyer", "fields": [
            {"id": "phone", "label": "Phone", "input_type": "phone", "rules": ["required", "phone"]},
            {"id": "code", "label": "Code", "rules": ["required", {"min_length": 60}, {"max_length": 50}]}
          ]}
        ]}
        """#)
      let (result, _) = try await hotel.replay(
        """
        tap hotel.chooseRoom
        tap rooms.room.2.choose
        expect text "The server's booking form was refused"
        expect text "Impossible validation rule in field buyer.code: min_length 60 > max_length 50"
        expect value booking.price.total "300 850 ₽"

        """, againstFormServedFrom: schema, options: Self.today)
      #expect(result.status == 0, "\(result)")
      #expect(
        result.stderrLines == [
          "hotel: The server's booking form was refused (Impossible validation rule in field"
            + " buyer.code: min_length 60 > max_length 50); showing the built-in form"
        ])
    }
  }
}

import FixtureAPI
import Foundation
import Testing

extension EndToEnd {
  /// A server that refuses the order (422 with `{"error": ...}`): Booking's toast shows the
  /// server's words, in the session's language, one line, neutralised and bounded, not "HTTP 422".
  @Suite struct OrderRefusalEndToEndTests {
    func replay(
      refusing body: String, language: String, expecting toast: String
    ) async throws -> HotelProcess.Result {
      let server = FixtureServer(
        options: FixtureOptions(script: ["/orders": [.refusal(422, body: body)]]))
      let url = try server.start()
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let result = try await hotel.run(
        ["replay", "-", "--api", url.absoluteString, "--today", "2026-06-01", "--lang", language],
        stdin: NetworkEndToEndTests.payScript + "expect screen booking\n"
          + "expect text \"\(toast)\"\nshow\n")
      let created = server.createdOrderCount
      await server.stop()
      #expect(created == 0)
      return result
    }

    @Test func theToastShowsTheServersMessageInEnglish() async throws {
      let result = try await replay(
        refusing: #"{"error": "The tour is sold out"}"#, language: "en",
        expecting: "Payment failed: The tour is sold out. Tap Pay to try again")
      #expect(result.status == 0, "\(result)")
      #expect(!result.stdout.contains("422"))
    }

    @Test func theToastShowsTheServersMessageInRussian() async throws {
      let result = try await replay(
        refusing: #"{"error": "Тур распродан."}"#, language: "ru",
        expecting: "Оплата не прошла: Тур распродан. Нажмите «Оплатить», чтобы повторить")
      #expect(result.status == 0, "\(result)")
    }

    @Test func aHostileMessageIsNeutralisedAndCut() async throws {
      let long = String(repeating: "x", count: 5_000)
      let result = try await replay(
        refusing: #"{"error": "\u001b]0;pwned\u0007Sold\r\nout\u202e \#(long)"}"#,
        language: "en", expecting: "Payment failed: ]0;pwnedSold out xxx")
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout.contains("xxx… Tap Pay to try again"), "\(result.stdout)")
      #expect(!result.stdout.contains(String(repeating: "x", count: 300)))
      for output in [result.stdout, result.stderr] {
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!output.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
      }
    }
  }
}

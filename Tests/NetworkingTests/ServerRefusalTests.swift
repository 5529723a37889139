import Domain
import FixtureAPI
import Foundation
import TestSupport
import Testing
import UseCases

@testable import Networking

/// A server that refuses an order and says why: the client carries the server's own words,
/// one line, without control characters, bounded; without words it is the bare status.
@Suite("A refused order carries the server's message")
struct ServerRefusalTests {
  static func refusal(
    _ fault: FixtureFault, language: Language = .en
  ) async throws -> (APIError?, created: Int) {
    var options = FixtureOptions()
    options.script["/orders"] = [fault]
    return try await withAPI(options) { harness in
      let error = await apiError { () async throws(APIError) in
        try await harness.api.submitOrder(try sampleOrderOrFail(), "key-422", language)
      }
      return (error, harness.server.createdOrderCount)
    }
  }

  @Test func a422WithAMessageIsRefusedWithThatMessage() async throws {
    let (error, created) = try await Self.refusal(
      .refusal(422, body: #"{"error": "The tour is sold out"}"#))
    #expect(error == .refused(status: 422, message: "The tour is sold out"))
    #expect(created == 0)
  }

  @Test func theMessageIsInTheServersLanguage() async throws {
    let (error, _) = try await Self.refusal(
      .refusal(409, body: #"{"error": "Тур распродан"}"#), language: .ru)
    #expect(error == .refused(status: 409, message: "Тур распродан"))
  }

  @Test func controlCharactersAndBidiOverridesAreRemovedAndLinesJoined() async throws {
    let body = #"{"error": "\u001b[2J\u001b[31mSold\u0007 out\r\n\tagain\u202e\u009b "}"#
    let (error, _) = try await Self.refusal(.refusal(422, body: body))
    #expect(error == .refused(status: 422, message: "[2J[31mSold out again"))
  }

  @Test func aLongMessageIsCutWithAnEllipsis() async throws {
    let long = String(repeating: "very long reason ", count: 100)
    let (error, _) = try await Self.refusal(.refusal(422, body: #"{"error": "\#(long)"}"#))
    guard case .refused(422, let message) = error else {
      Issue.record("not a refusal: \(String(describing: error))")
      return
    }
    #expect(message.count == ServerRefusal.maxLength)
    #expect(message.hasSuffix("…"))
    #expect(message.hasPrefix("very long reason very"))
  }

  @Test(arguments: [
    #"{"error": "  \n\t "}"#, #"{"message": "no error field"}"#, "not json at all",
    #"{"error": 5}"#,
  ])
  func withoutUsableWordsItIsTheStatus(body: String) async throws {
    let (error, _) = try await Self.refusal(.refusal(422, body: body))
    #expect(error == .httpStatus(422))
  }

  /// The decoder would take one of the two in silence: which words the user reads must not
  /// depend on that, so the refusal has none (as an answer with a key twice is undecodable).
  @Test func aRefusalWithItsErrorTwiceHasNoMessage() async throws {
    let (error, created) = try await Self.refusal(
      .refusal(422, body: #"{"error": "The tour is sold out", "error": "Pay 500 € more"}"#))
    #expect(error == .httpStatus(422))
    #expect(created == 0)
    let nested = #"{"error": "Sold out", "detail": {"code": 1, "code": 2}}"#
    let (nestedError, _) = try await Self.refusal(.refusal(409, body: nested))
    #expect(nestedError == .httpStatus(409))
  }

  /// A calculation's refusal names the input it is about; anything but a plain path names none.
  @Test(arguments: [
    (#"{"error": "Not valid", "field": "extras.promoCode"}"#, "extras.promoCode" as String?),
    (#"{"error": "Not valid", "field": "tourist.2.age"}"#, "tourist.2.age"),
    (#"{"error": "Not valid"}"#, nil),
    (#"{"error": "Not valid", "field": 5}"#, nil),
    (#"{"error": "Not valid", "field": ""}"#, nil),
    (#"{"error": "Not valid", "field": "extras.promo\u001b[2J"}"#, nil),
    (#"{"error": "Not valid", "field": "extras/../x"}"#, nil),
    (#"{"field": "extras.promoCode"}"#, nil),
  ])
  func aRefusalNamesItsFieldWhenItIsAPath(body: String, field: String?) {
    let response = HTTPResponseData(
      status: 422, headers: ["content-type": "application/json"], body: Data(body.utf8))
    #expect(ServerRefusal.field(in: response) == field.map { FieldPath($0) })
  }

  @Test func aRefusalNamingAHugeFieldNamesNone() {
    let body = #"{"error": "Not valid", "field": ""# + String(repeating: "a", count: 300) + #""}"#
    let response = HTTPResponseData(
      status: 422, headers: ["content-type": "application/json"], body: Data(body.utf8))
    #expect(ServerRefusal.field(in: response) == nil)
  }

  @Test func aStatusThatIsNotARefusalStaysAStatus() async throws {
    let (error, _) = try await Self.refusal(.refusal(404, body: "<html>missing</html>"))
    #expect(error?.isNotFound == true)
  }

  /// A 404 names the address asked for (so a wrong API address can be seen), made fit to show:
  /// no user name or password, one line, at most 120 characters.
  @Test func aNotFoundNamesTheAddressWithoutCredentials() throws {
    let secret = try #require(URL(string: "http://qa:secret@127.0.0.1:8080/v1/hotel?x=1"))
    #expect(APIClient.shownAddress(secret) == "http://127.0.0.1:8080/v1/hotel?x=1")
    let user = try #require(URL(string: "http://qa@127.0.0.1:8080/v1/hotel"))
    #expect(APIClient.shownAddress(user) == "http://127.0.0.1:8080/v1/hotel")
    let plain = try #require(URL(string: "http://127.0.0.1:8080/v1/hotel"))
    #expect(APIClient.shownAddress(plain) == "http://127.0.0.1:8080/v1/hotel")
    let long = try #require(URL(string: "http://127.0.0.1/" + String(repeating: "a", count: 500)))
    let shown = try #require(APIClient.shownAddress(long))
    #expect(shown.count == APIClient.maxRedirectTargetLength && shown.hasSuffix("…"))
    #expect(APIClient.shownAddress(nil) == nil)
    let response = HTTPResponseData(status: 404, headers: [:], body: Data(), url: secret)
    #expect(APIClient.statusError(response) == .notFound(url: "http://127.0.0.1:8080/v1/hotel?x=1"))
  }

  @Test func shownTextIsOneBoundedLine() {
    #expect(ServerRefusal.shown("") == nil)
    #expect(ServerRefusal.shown("\u{1B}\u{07}\u{202E} \n") == nil)
    #expect(ServerRefusal.shown("  a \u{2028} b  ") == "a b")
    // Combining marks pile up on one character: the work stays bounded, the text is cut.
    let marks = "e" + String(repeating: "\u{301}", count: 100_000)
    let shown = ServerRefusal.shown(marks)
    #expect(shown?.hasSuffix("…") == true)
    #expect((shown?.unicodeScalars.count ?? .max) <= 4 * ServerRefusal.maxLength + 1)
  }
}

import Domain
import Foundation
import Presentation
import Testing

@testable import HotelCLI

@MainActor
@Suite struct ScriptRunnerTests {
  let flow = FakeFlow()
  let recorder = ConsoleRecorder()

  func replay(
    _ script: String, json: Bool = false, keepGoing: Bool = false
  ) async throws -> ExitCode {
    let runner = ScriptRunner(
      driver: flow, renderer: ScreenRenderer(color: false), console: recorder.console,
      configuration: .init(sourceName: "t.hotel", json: json, keepGoing: keepGoing))
    return await runner.replay(try ScriptParser.parse(script: script))
  }

  /// A script with no command passes without checking anything: said on stderr, as `hotel test`
  /// says it of a journey, exit 0.
  @Test func aScriptWithNoCommandIsSaidAndPasses() async throws {
    let code = try await replay("# only a comment\n\n")
    #expect(code == .success)
    #expect(recorder.stderr == "hotel: replay: t.hotel has no commands: nothing was checked\n")
  }

  @Test func aScriptWithCommandsSaysNothingOfThem() async throws {
    #expect(try await replay("expect screen hotel\n") == .success)
    #expect(recorder.stderr.isEmpty)
  }

  @Test func happyPathPassesAndFlushes() async throws {
    let code = try await replay(
      """
      expect screen hotel
      tap hotel.photos.next
      expect text "◀ 2 / 3 ▶"
      tap hotel.chooseRoom
      expect screen rooms
      back
      expect screen hotel
      tap hotel.chooseRoom
      tap rooms.room.1.choose
      type booking.buyer.email ivan
      expect error booking.buyer.email
      type booking.buyer.email ivan@example.com
      expect valid booking.buyer.email
      expect value booking.buyer.email ivan@example.com
      expect disabled booking.addTourist
      expect enabled booking.pay
      expect text "Total to pay 300 850 ₽"
      """)
    #expect(code == .success)
    #expect(recorder.stderr.isEmpty)
    #expect(recorder.stdout.isEmpty)
    #expect(flow.flushed)
  }

  @Test(arguments: [
    ("expect screen rooms", "t.hotel:1: expect screen rooms: the screen is hotel"),
    (
      "tap hotel.chooseRom",
      "t.hotel:1: tap hotel.chooseRom: there is no 'hotel.chooseRom' on the hotel screen; did you mean 'hotel.chooseRoom'?"
    ),
    (
      "tap nothing.here",
      "t.hotel:1: tap nothing.here: there is no 'nothing.here' on the hotel screen; 'help' lists the IDs"
    ),
    ("tap hotel.photos.previous", "t.hotel:1: tap hotel.photos.previous: the button is disabled"),
    ("back", "t.hotel:1: back: there is no screen before hotel"),
    ("expect text Hilton", "t.hotel:1: expect text: 'Hilton' is not on the hotel screen"),
    (
      "expect valid hotel.chooseRoom",
      "t.hotel:1: expect valid hotel.chooseRoom: 'hotel.chooseRoom' is a button, not a field"
    ),
    (
      "expect enabled hotel.photos.previous",
      "t.hotel:1: expect enabled hotel.photos.previous: the button is disabled"
    ),
    (
      "type hotel.chooseRoom x",
      "t.hotel:1: type hotel.chooseRoom: that is a button; use: tap hotel.chooseRoom"
    ),
  ])
  func failuresNameTheLineAndWhatWasSeen(line: String, expected: String) async throws {
    let code = try await replay(line)
    #expect(code == .failure)
    #expect(recorder.stderrLines == ["hotel: " + expected])
  }

  /// A room off the shown page of a long catalogue is suggested over the page's own rooms when it
  /// is closer: the whole catalogue is looked at, not only the page.
  @Test func theHintOffersARoomOffTheShownPage() async throws {
    flow.similar["rooms.room.4001.choose"] = ["rooms.room.40001.choose"]
    let code = try await replay("tap hotel.chooseRoom\ntap rooms.room.4001.choose")
    #expect(code == .failure)
    #expect(
      recorder.stderrLines == [
        "hotel: t.hotel:2: tap rooms.room.4001.choose: there is no 'rooms.room.4001.choose' on the rooms screen; did you mean 'rooms.room.40001.choose'?"
      ])
  }

  @Test func fieldFailures() async throws {
    let code = try await replay(
      """
      tap hotel.chooseRoom
      tap rooms.room.1.choose
      type booking.buyer.email ivan
      expect valid booking.buyer.email
      expect error booking.buyer.email
      expect value booking.buyer.email "ivan@x.ru"
      type booking.tourist.1.firstName Anna
      tap booking.total
      type booking.total 5
      expect disabled booking.pay
      expect enabled booking.buyer.email
      """, keepGoing: true)
    #expect(code == .failure)
    #expect(
      recorder.stderrLines == [
        "hotel: t.hotel:4: expect valid booking.buyer.email: the field shows the error 'Enter an e-mail address with @'",
        "hotel: t.hotel:6: expect value booking.buyer.email: the field shows 'ivan', not 'ivan@x.ru'",
        "hotel: t.hotel:8: tap booking.total: the field is read-only",
        "hotel: t.hotel:9: type booking.total: the field is read-only",
        "hotel: t.hotel:10: expect disabled booking.pay: the button is enabled",
        "hotel: t.hotel:11: expect enabled booking.buyer.email: 'booking.buyer.email' is a field, not a button",
      ])
  }

  @Test func firstFailureStopsWithoutKeepGoing() async throws {
    let code = try await replay("expect screen rooms\ntap hotel.chooseRoom\nexpect screen paid")
    #expect(code == .failure)
    #expect(recorder.stderrLines.count == 1)
    #expect(flow.actions.isEmpty)
    #expect(flow.flushed)
  }

  @Test func keepGoingReportsEveryFailure() async throws {
    let code = try await replay(
      "expect screen rooms\ntap hotel.chooseRoom\nexpect screen paid", keepGoing: true)
    #expect(code == .failure)
    #expect(recorder.stderrLines.count == 2)
    #expect(flow.actions == ["tap hotel.chooseRoom"])
  }

  @Test func quitStopsTheReplay() async throws {
    let code = try await replay("quit\nexpect screen paid")
    #expect(code == .success)
    #expect(recorder.stderr.isEmpty)
  }

  @Test func expandingASectionReachesItsFields() async throws {
    let code = try await replay(
      """
      tap hotel.chooseRoom
      tap rooms.room.1.choose
      tap booking.tourist.1
      type booking.tourist.1.firstName Anna
      """)
    #expect(code == .success, "\(recorder.stderr)")
  }

  @Test func unreachableAPIExitsThree() async throws {
    flow.unreachable = true
    let code = try await replay("expect screen hotel\ntap hotel.chooseRoom")
    #expect(code == .unreachable)
    #expect(
      recorder.stderrLines == [
        "hotel: t.hotel:2: tap hotel.chooseRoom: the API could not be reached and no saved data could serve ('tap hotel.retry' tries again); the screen says 'No connection to the server'"
      ])
  }

  @Test func anAnswerThatCannotBeShownIsNamedNotMistakenForAMissingID() async throws {
    flow.loadFailure = "The server answered with error 404"
    let code = try await replay("tap hotel.chooseRoom")
    #expect(code == .failure)
    #expect(
      recorder.stderrLines == [
        "hotel: t.hotel:1: tap hotel.chooseRoom: the hotel screen could not load: The server answered with error 404 ('tap hotel.retry' tries again)"
      ])
  }

  @Test func driverRefusalIsAFailure() async throws {
    flow.unreachable = true
    let code = try await replay("tap hotel.retry")
    #expect(code == .unreachable)
    #expect(
      recorder.stderrLines == [
        "hotel: t.hotel:1: tap hotel.retry: the button is disabled (the API could not be reached and no saved data could serve); the screen says 'No connection to the server'"
      ])
  }

  /// A failed line says what the screen says (its status: the toast, the load failure), so a
  /// CI log tells why Pay did not reach Paid, not only that the screen is still Booking.
  @Test(arguments: [
    (
      "en",
      "hotel: t.hotel:3: expect screen paid: the screen is booking; the screen says 'Payment failed: No connection to the server. Tap Pay to try again'"
    ),
    (
      "ru",
      "hotel: t.hotel:3: expect screen paid: открыт экран booking; на экране сообщение 'Payment failed: No connection to the server. Tap Pay to try again'"
    ),
  ])
  func aFailedLineSaysWhatTheScreenSays(language: String, said: String) async throws {
    flow.toast = "Payment failed: No connection to the server. Tap Pay to try again"
    let runner = ScriptRunner(
      driver: flow, renderer: ScreenRenderer(color: false), console: recorder.console,
      configuration: .init(
        sourceName: "t.hotel", strings: CLIStrings(language: language == "ru" ? .ru : .en)))
    let code = await runner.replay(
      try ScriptParser.parse(
        script: "tap hotel.chooseRoom\ntap rooms.room.1.choose\nexpect screen paid"))
    #expect(code == .failure)
    #expect(recorder.stderrLines == [said])
  }

  /// What the screen says is not repeated when the message holds it already.
  @Test func whatTheScreenSaysIsNotRepeated() async throws {
    flow.toast = "Please correct the highlighted fields"
    let code = try await replay(
      "tap hotel.chooseRoom\ntap rooms.room.1.choose\nexpect text \"Please correct the highlighted fields!\""
    )
    #expect(code == .failure)
    #expect(
      recorder.stderrLines == [
        "hotel: t.hotel:3: expect text: 'Please correct the highlighted fields!' is not on the booking screen"
      ])
    let again = ConsoleRecorder()
    let runner = ScriptRunner(
      driver: flow, renderer: ScreenRenderer(color: false), console: again.console,
      configuration: .init(sourceName: "t.hotel"))
    _ = await runner.replay(try ScriptParser.parse(script: "tap nothing.here"))
    #expect(
      again.stderrLines == [
        "hotel: t.hotel:1: tap nothing.here: there is no 'nothing.here' on the booking screen; 'help' lists the IDs; the screen says 'Please correct the highlighted fields'"
      ])
  }

  /// A message that the screen wraps over two lines (a validation message in a box) is found
  /// by `expect text` as written; a text made of two different lines is not.
  @Test func expectTextFindsAMessageTheScreenWraps() async throws {
    let message =
      "The passport must be valid after the trip ends on 27 September 2027, the last day of the tour"
    flow.emailError = message
    let code = try await replay(
      "tap hotel.chooseRoom\ntap rooms.room.1.choose\nshow\nexpect text \"\(message)\"")
    #expect(code == .success, "\(recorder.stderr)")
    // It is drawn over two lines, which `expect text` searched one at a time before.
    #expect(!recorder.stdout.contains(message), "\(recorder.stdout)")
    #expect(try await replay("expect text \"Email Total\"") == .failure)
  }

  /// Each drawn line, alone and joined to the next by a line break, is found by `expect text`,
  /// the last line too; a line joined to a line it is not above is not.
  @Test func expectTextFindsEveryDrawnLineAndPairOfLines() async throws {
    _ = try await replay("tap hotel.chooseRoom\ntap rooms.room.1.choose")
    let lines = ScreenRenderer(color: false).lines(flow.snapshot).map {
      SpaceNormalization.normalized($0.written)
    }
    let executor = StepExecutor(driver: flow)
    for (index, line) in lines.enumerated() where !line.isEmpty {
      let pair = index + 1 < lines.count ? line + "\n" + lines[index + 1] : line
      #expect(await executor.execute(.expect(.text(line))) == .passed, "\(line)")
      #expect(await executor.execute(.expect(.text(pair))) == .passed, "\(pair)")
      #expect(await executor.execute(.expect(.text(line + "\n" + line))) != .passed, "\(line)")
    }
  }

  @Test func unreachableScreenCanStillBeChecked() async throws {
    flow.unreachable = true
    let code = try await replay("expect text \"No connection\"\nexpect enabled hotel.retry")
    #expect(code == .success)
  }

  @Test func showAndHelpPrint() async throws {
    let code = try await replay("show\nhelp")
    #expect(code == .success)
    #expect(recorder.stdout.hasPrefix("━━ Hotel ━"))
    #expect(recorder.stdout.contains("  tap  hotel.chooseRoom"))
    #expect(recorder.stdout.contains("hotel.photos.previous  Previous photo (disabled)"))
  }

  @Test func jsonPrintsOneObjectPerLine() async throws {
    flow.notice = "Restored your unfinished booking"
    let code = try await replay(
      "tap hotel.chooseRoom\ntap rooms.room.1.choose\ntype booking.buyer.email \"a\\\"b\"\nexpect screen paid",
      json: true, keepGoing: true)
    #expect(code == .failure)
    let lines = recorder.stdoutLines
    #expect(lines.count == 4)
    #expect(
      lines[0]
        == #"{"buttons":{"rooms.room.1.choose":true},"failure":null,"fields":{},"line":"tap hotel.chooseRoom","notice":null,"number":1,"screen":"rooms"}"#
    )
    let third = try #require(lines[2].data(using: .utf8))
    let object = try #require(try JSONSerialization.jsonObject(with: third) as? [String: Any])
    let fields = try #require(object["fields"] as? [String: [String: Any]])
    #expect(fields["booking.buyer.email"]?["value"] as? String == "a\"b")
    #expect(fields["booking.buyer.email"]?["error"] as? String == "Enter an e-mail address with @")
    #expect(fields["booking.tourist.1.firstName"]?["error"] is NSNull)
    let buttons = try #require(object["buttons"] as? [String: Bool])
    #expect(
      buttons == ["booking.tourist.1": true, "booking.addTourist": false, "booking.pay": true])
    #expect(fields["booking.price.total"]?["value"] as? String == "300 850 ₽")
    #expect(object["screen"] as? String == "booking")
    #expect(lines[3].contains(#""failure":"expect screen paid: the screen is booking""#))
  }

  @Test func jsonEscapesControlCharacters() throws {
    let line = ScriptLine(number: 1, text: "show", command: .show)
    var snapshot = flow.snapshot
    snapshot.notice = "\u{1B}[2J\u{9B}\u{202E}"
    let json = StateJSON(line: line, snapshot: snapshot, failure: nil).encodedLine()
    #expect(!json.unicodeScalars.contains(where: TerminalText.needsNeutralizing))
    #expect(json.contains(#""notice":"\u001b[2J\u009b\u202e""#))
    let data = try #require(json.data(using: .utf8))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["notice"] as? String == "\u{1B}[2J\u{9B}\u{202E}")
  }
}

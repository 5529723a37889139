import Foundation
import Presentation
import Testing

@testable import HotelCLI

@MainActor
@Suite struct InteractiveSessionTests {
  let flow = FakeFlow()
  let recorder = ConsoleRecorder()

  func session(prompt: Bool, record: ScriptRecorder? = nil) -> InteractiveSession {
    let runner = ScriptRunner(
      driver: flow, renderer: ScreenRenderer(color: false), console: recorder.console,
      configuration: .init(sourceName: "<input>", showsEveryScreen: true))
    return InteractiveSession(
      runner: runner, driver: flow, console: recorder.console, recorder: record,
      showsPrompt: prompt)
  }

  @Test func showsTheScreenAfterEveryCommandAndSurvivesMistakes() async {
    let code = await session(prompt: true).run(
      ["tapp hotel.chooseRoom", "tap hotel.chooseRoom", "tap nowhere", "quit", "tap x"].async)
    // It went on after both mistakes; the exit code tells of the worse: a line that did not
    // parse (2) over a step that failed (1).
    #expect(code == .usage)
    #expect(flow.stack == [.hotel, .rooms])
    #expect(flow.flushed)
    #expect(recorder.stdout.components(separatedBy: "━━ Hotel ━").count == 2)
    #expect(recorder.stdout.components(separatedBy: "━━ Rooms ━").count == 3)
    #expect(recorder.stdout.components(separatedBy: "> ").count == 5)
    #expect(
      recorder.stderrLines == [
        "hotel: unknown command 'tapp'; did you mean 'tap'? (type 'help' for the commands)",
        "hotel: <input>:3: tap nowhere: there is no 'nowhere' on the rooms screen; 'help' lists the IDs",
      ])
  }

  /// The exit code of a session that went on after mistakes tells of the worst of them (SPEC 5).
  @Test(arguments: [
    (["tap hotel.chooseRoom", "expect screen rooms"], ExitCode.success),
    (["expect screen rooms", "tap hotel.chooseRoom"], .failure),
    (["tap nowhere"], .failure),
    (["tapp hotel.chooseRoom", "tap hotel.chooseRoom"], .usage),
    (["tag smoke", "expect screen rooms"], .usage),
  ])
  func theExitCodeTellsOfTheWorstMistake(lines: [String], expected: ExitCode) async {
    let code = await session(prompt: false).run(lines.async)
    #expect(code == expected, "\(recorder.stderr)")
  }

  /// SPEC 5.2: the line mode prints every message after the screen, the last thing a person sees.
  @Test func aFailedStepsMessageComesAfterItsScreen() async {
    _ = await session(prompt: false).run(["tap nowhere"].async)
    let shown = recorder.interleaved
    let message = "hotel: <input>:1: tap nowhere: there is no 'nowhere' on the hotel screen"
    let screens = shown.components(separatedBy: "━━ Hotel ━")
    #expect(screens.count == 3, "the first screen and the one after the line:\n\(shown)")
    #expect(screens.last?.contains(message) == true, "\(shown)")
    #expect(shown.hasSuffix("'help' lists the IDs\n"), "\(shown)")
  }

  @Test func noPromptWhenInputIsNotATerminal() async {
    _ = await session(prompt: false).run(["help"].async)
    #expect(!recorder.stdout.contains("> "))
    #expect(recorder.stdout.contains("tap  hotel.chooseRoom"))
  }

  @Test func recordsTheLinesThatParsed() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("record-\(UUID().uuidString).hotel").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let record = try ScriptRecorder(path: path)
    _ = await session(prompt: false, record: record).run(
      [
        "tap hotel.chooseRoom", "bogus line", "", "tap nowhere", "expect screen rooms", "quit",
      ].async)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    // A step that failed is a comment: the replay goes on past it to the same end.
    #expect(
      text.split(separator: "\n").dropFirst()
        == [
          "tap hotel.chooseRoom", "# failed, left out: tap nowhere", "expect screen rooms", "quit",
        ])
    let replayed = try ScriptParser.parse(script: text)
    #expect(replayed.map(\.command) == [.tap("hotel.chooseRoom"), .expect(.screen(.rooms)), .quit])
  }

  @Test func unwritableRecordFileIsAClearError() {
    #expect(throws: ScriptRecorder.Failure.self) {
      try ScriptRecorder(path: "/nonexistent-dir/x.hotel")
    }
    do {
      _ = try ScriptRecorder(path: "/nonexistent-dir/x.hotel")
    } catch {
      #expect(
        error.message
          == "cannot write the record file '/nonexistent-dir/x.hotel': no such directory")
    }
  }

  @Test func aFullDiskIsNotCalledPermissionDenied() throws {
    let device = try? FileManager.default.attributesOfItem(atPath: "/dev/full")[.type]
    guard device as? FileAttributeType == .typeCharacterSpecial else { return }
    do {
      _ = try ScriptRecorder(path: "/dev/full")
      Issue.record("a record file on a full device was accepted")
    } catch {
      // Before: "... '/dev/full': permission denied".
      #expect(error.message == "cannot write the record file '/dev/full': no space left on device")
    }
  }
}

extension Array where Element == String {
  /// The lines as an async sequence, like standard input.
  var async: AsyncStream<String> {
    AsyncStream { continuation in
      for line in self { continuation.yield(line) }
      continuation.finish()
    }
  }
}

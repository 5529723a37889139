import Foundation
import Testing

@testable import HotelCLI

@MainActor
@Suite struct KeyRecorderTests {
  @Test func keysBecomeScriptLinesThatParse() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("keys-\(UUID().uuidString).hotel").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let recorder = KeyRecorder(try ScriptRecorder(path: path))
      recorder.typed("booking.buyer.phone", "+7 (916")
      recorder.typed("booking.buyer.phone", "+7 (916) 1")
      recorder.typed("booking.buyer.email", "a\"b\\c")
      recorder.next(from: "booking.buyer.email")
      recorder.focusIs("booking.tourist.1.firstName")
      recorder.next(from: "booking.tourist.1.lastName")
      recorder.typed("booking.tourist.1.firstName", "")
      recorder.record("back")
    }
    let lines = try String(contentsOfFile: path, encoding: .utf8)
      .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    #expect(
      lines == [
        "type booking.buyer.phone \"+7 (916) 1\"", "type booking.buyer.email \"a\\\"b\\\\c\"",
        "next", "tap booking.tourist.1.lastName", "next", "type booking.tourist.1.firstName \"\"",
        "back",
      ])
    let parsed = try ScriptParser.parse(script: lines.joined(separator: "\n"))
    #expect(parsed[1].command == .type("booking.buyer.email", "a\"b\\c"))
    #expect(parsed[5].command == .type("booking.tourist.1.firstName", ""))
  }

  /// A field's text that holds `${` is recorded with `$${`, which a replay reads back as the text
  /// typed: `a${X}@b.ru` typed in the app replays as typed, not as "undefined variable 'X'" (exit
  /// 2).
  ///
  /// A `$` before it stays a `$`.
  @Test(arguments: ["a${X}@b.ru", "${", "$${X}", "$", "a $${ b", "${A}${B}"])
  func aTextWithADollarBraceReplaysAsTyped(_ text: String) throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("keys-\(UUID().uuidString).hotel").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let recorder = KeyRecorder(try ScriptRecorder(path: path))
      recorder.typed("booking.buyer.email", text)
      recorder.flush()
    }
    let line = try #require(
      try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").last)
    #expect(
      try ScriptParser.parse(line: String(line), number: 1, variables: ScriptVariables())
        == .type("booking.buyer.email", text), "\(line)")
  }
}

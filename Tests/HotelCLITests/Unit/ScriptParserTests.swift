import Domain
import Presentation
import Testing

@testable import HotelCLI

@Suite struct ScriptParserTests {
  func command(_ line: String) throws -> ScriptCommand? {
    try ScriptParser.parse(line: line, number: 1)
  }

  func problem(_ line: String) -> String? {
    do {
      _ = try ScriptParser.parse(line: line, number: 7)
      return nil
    } catch {
      #expect(error.line == 7)
      return error.problem
    }
  }

  @Test(arguments: [
    ("tap hotel.chooseRoom", ScriptCommand.tap("hotel.chooseRoom")),
    ("  tap\trooms.room.2.choose  ", .tap("rooms.room.2.choose")),
    ("type booking.buyer.phone 9161234567", .type("booking.buyer.phone", "9161234567")),
    (
      "type booking.tourist.1.firstName \"Anna Maria\"",
      .type("booking.tourist.1.firstName", "Anna Maria")
    ),
    ("type booking.buyer.email \"\"", .type("booking.buyer.email", "")),
    ("type x \"say \\\"hi\\\" \\\\ ok\"", .type("x", "say \"hi\" \\ ok")),
    ("type x a#b", .type("x", "a#b")),
    ("type x \"two\\nlines\"", .type("x", "two\nlines")),
    ("type x two\\nwords", .type("x", "two\\nwords")),
    ("type x \"# not a comment\"", .type("x", "# not a comment")),
    ("type x pre\"fix suf\"fix", .type("x", "prefix suffix")),
    // Unquoted, the text is the rest of the line, its words joined by one space.
    (
      "type booking.tourist.1.citizenship Russian  Federation",
      .type(
        "booking.tourist.1.citizenship", "Russian Federation")
    ),
    ("expect value x a b", .expect(.value("x", "a b"))),
    ("expect text Your order is accepted", .expect(.text("Your order is accepted"))),
    ("next", .next),
    ("back", .back),
    ("show", .show),
    ("help", .help),
    ("quit", .quit),
    ("tap hotel.chooseRoom # go on", .tap("hotel.chooseRoom")),
    ("expect screen rooms", .expect(.screen(.rooms))),
    ("expect error booking.buyer.email", .expect(.error("booking.buyer.email"))),
    ("expect valid booking.buyer.email", .expect(.valid("booking.buyer.email"))),
    (
      "expect value booking.buyer.phone \"+7 (916) 123-45-67\"",
      .expect(.value("booking.buyer.phone", "+7 (916) 123-45-67"))
    ),
    ("expect value booking.buyer.email \"\"", .expect(.value("booking.buyer.email", ""))),
    ("expect enabled booking.addTourist", .expect(.enabled("booking.addTourist"))),
    ("expect disabled booking.addTourist", .expect(.disabled("booking.addTourist"))),
    ("expect text \"289 400 ₽\"", .expect(.text("289 400 ₽"))),
    ("expect text Excellent", .expect(.text("Excellent"))),
    // A combining mark right after a quote does not hide the quote.
    ("type x \"\u{301}\u{301}\"", .type("x", "\u{301}\u{301}")),
    ("type x \"e\"\u{301}", .type("x", "e\u{301}")),
  ])
  func parses(line: String, expected: ScriptCommand) throws {
    #expect(try command(line) == expected)
  }

  @Test(arguments: ["", "   ", "# a comment", "   # indented comment", "\t"])
  func blankAndCommentLinesAreSkipped(line: String) throws {
    #expect(try command(line) == nil)
  }

  @Test(arguments: [
    ("tapp hotel.chooseRoom", "unknown command 'tapp'; did you mean 'tap'?"),
    (
      "click x",
      "unknown command 'click' (commands: tap, type, next, back, expect, show, help, quit, exit)"
    ),
    ("TAP x", "unknown command 'TAP'; did you mean 'tap'?"),
    ("tap", "missing argument: tap ID"),
    ("tap a b", "unexpected argument 'b': tap ID"),
    ("type", "type needs an ID and text: type ID TEXT"),
    ("type booking.buyer.phone", "type needs the text after the ID (\"\" clears the field)"),
    ("type x \"open", "unterminated quote: add the closing \""),
    ("type x \"bad \\t escape\"", "unknown escape '\\t' in quotes"),
    ("type x \"ends \\", "unterminated quote (a \\ ends the line)"),
    ("next now", "unexpected argument 'now': next"),
    ("back 2", "unexpected argument '2': back"),
    ("quit please", "unexpected argument 'please': quit"),
    ("show all", "unexpected argument 'all': show"),
    ("help me", "unexpected argument 'me': help"),
    ("tap \"two words\"", "'two words' is not an element ID"),
    ("tap \"\"", "'' is not an element ID"),
    ("tap .hotel", "'.hotel' is not an element ID"),
    ("tap отель.кнопка", "'отель.кнопка' is not an element ID"),
    ("expect", "expect needs what to check: screen, error, valid, value, enabled, disabled, text"),
    ("expect screen", "missing argument: expect screen NAME"),
    ("expect screen hotels", "unknown screen 'hotels'; did you mean 'hotel'?"),
    ("expect screen checkout", "unknown screen 'checkout' (screens: hotel, rooms, booking, paid)"),
    ("expect screen rooms booking", "unexpected argument 'booking': expect screen NAME"),
    ("expect eror x", "unknown expectation 'expect eror'; did you mean 'error'?"),
    ("expect shiny x", "unknown expectation 'expect shiny' (screen, error, valid"),
    ("expect error", "missing argument: expect error ID"),
    ("expect valid a b", "unexpected argument 'b': expect valid ID"),
    ("expect value x", "expect value needs an ID and the text: expect value ID TEXT"),
    ("expect text", "expect text needs the text: expect text TEXT"),
    ("expect text \"\"", "expect text: the text is empty"),
    ("expect enabled", "missing argument: expect enabled ID"),
    ("expect disabled", "missing argument: expect disabled ID"),
    ("tap \u{1B}[2J", "'\u{241B}[2J' is not an element ID"),
  ])
  func badLines(line: String, expected: String) {
    // As the console writes it (an ID from the script is outside text).
    let message = problem(line).map(TerminalText.messageLine)
    #expect(message?.hasPrefix(expected) == true, "got \(message ?? "no error")")
  }

  /// A look-alike letter (Cyrillic `а` for Latin `a`) or an invisible character (a zero-width
  /// space pasted from a web page) in a command, a kind, a screen or an ID makes a word that
  /// reads the same as a good one: the message names the character by its code point, or the
  /// person sees "unknown command 'tap'" and cannot tell why.
  @Test(arguments: [
    (
      "t\u{430}p hotel.chooseRoom",
      "unknown command 't\u{430}p' (it holds U+0430 '\u{430}', which is not ASCII); did you mean 'tap'?"
    ),
    (
      "tap hotel.chooseR\u{43E}\u{43E}m",
      "'hotel.chooseR\u{43E}\u{43E}m' is not an element ID (it holds U+043E '\u{43E}', which is"
        + " not ASCII; IDs look like booking.buyer.phone)"
    ),
    (
      "tap hotel.chooseRoom\u{200B}",
      "'hotel.chooseRoom\u{200B}' is not an element ID (it holds U+200B, which is not ASCII;"
        + " IDs look like booking.buyer.phone)"
    ),
    (
      "expect screen h\u{43E}tel",
      "unknown screen 'h\u{43E}tel' (it holds U+043E '\u{43E}', which is not ASCII); did you mean 'hotel'?"
    ),
    (
      "expect v\u{430}lid x",
      "unknown expectation 'expect v\u{430}lid' (it holds U+0430 '\u{430}', which is not ASCII);"
        + " did you mean 'valid'?"
    ),
    // Bytes that were not UTF-8 (a line read leniently in the line mode) are called that.
    (
      "sh\u{FFFD}ow",
      "unknown command 'sh\u{FFFD}ow' (it holds bytes that are not UTF-8, shown as \u{FFFD});"
        + " did you mean 'show'?"
    ),
    (
      "\u{FEFF}show",
      "unknown command '\u{FEFF}show' (it holds U+FEFF, which is not ASCII); did you mean 'show'?"
    ),
  ])
  func aLookAlikeCharacterIsNamed(line: String, expected: String) {
    #expect(problem(line) == expected)
  }

  @Test func aLookAlikeCharacterIsNamedInRussian() {
    #expect(
      throws: ScriptError(
        line: 2,
        problem:
          "'hotel.chooseR\u{43E}om' — не ID элемента (символ U+043E '\u{43E}' — не ASCII; ID выглядят как booking.buyer.phone)"
      )
    ) {
      try ScriptParser.parse(
        line: "tap hotel.chooseR\u{43E}om", number: 2, strings: CLIStrings(language: .ru))
    }
    #expect(
      throws: ScriptError(
        line: 2,
        problem:
          "неизвестная команда 't\u{430}p' (символ U+0430 '\u{430}' — не ASCII); возможно, имелось в виду 'tap'?"
      )
    ) {
      try ScriptParser.parse(line: "t\u{430}p x", number: 2, strings: CLIStrings(language: .ru))
    }
  }

  @Test func wholeScriptKeepsLineNumbersAndText() throws {
    let script = "# start\r\n\ntap hotel.chooseRoom\nexpect screen rooms  # ok\n"
    let lines = try ScriptParser.parse(script: script)
    #expect(
      lines == [
        ScriptLine(number: 3, text: "tap hotel.chooseRoom", command: .tap("hotel.chooseRoom")),
        ScriptLine(
          number: 4, text: "expect screen rooms  # ok", command: .expect(.screen(.rooms))),
      ])
  }

  @Test func byteOrderMarkIsIgnored() throws {
    #expect(try ScriptParser.parse(script: "\u{FEFF}show").map(\.command) == [.show])
  }

  @Test func firstBadLineIsNamed() {
    #expect(throws: ScriptError(line: 3, problem: "missing argument: tap ID")) {
      try ScriptParser.parse(script: "show\nback\ntap\nbogus")
    }
  }

  @Test func errorMessageNamesTheSource() {
    #expect(ScriptError(line: 3, problem: "x").message(in: "flow.hotel") == "flow.hotel:3: x")
  }
}

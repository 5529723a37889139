import Testing

@testable import HotelCLI

@Suite struct TerminalTextTests {
  @Test(arguments: [
    ("Hotel Steigenberger", "Hotel Steigenberger"),
    ("Люкс номер с видом на море", "Люкс номер с видом на море"),
    ("\u{1B}[2J\u{1B}[31mred", "\u{241B}[2J\u{241B}[31mred"),
    ("bell\u{07}", "bell\u{2407}"),
    ("nul\u{0}", "nul\u{2400}"),
    ("del\u{7F}", "del\u{2421}"),
    ("csi\u{9B}31m", "csi\u{FFFD}31m"),
    ("osc\u{1B}]0;title\u{07}", "osc\u{241B}]0;title\u{2407}"),
    ("a\u{202E}evil\u{202C}b", "a\u{FFFD}evil\u{FFFD}b"),
    ("iso\u{2066}x\u{2069}", "iso\u{FFFD}x\u{FFFD}"),
    ("tab\there", "tab here"),
    ("line\nbreak", "line break"),
    ("cr\rreturn", "cr\u{240D}return"),
    ("sep\u{2028}x", "sep x"),
    ("289\u{00A0}400\u{202F}₽", "289\u{00A0}400\u{202F}₽"),
  ])
  func neutralisesOneLine(input: String, expected: String) {
    #expect(TerminalText.neutralized(input) == expected)
  }

  @Test func keepsNewlinesWhenAsked() {
    #expect(TerminalText.neutralized("a\nb\r\nc\u{1B}", keepingNewlines: true) == "a\nb\nc\u{241B}")
  }

  @Test func outputNeverContainsAControlCharacter() {
    let hostile = (0...0x9F).compactMap(Unicode.Scalar.init).map(String.init).joined()
    let safe = TerminalText.neutralized(hostile)
    #expect(!safe.unicodeScalars.contains(where: TerminalText.needsNeutralizing))
  }

  @Test(arguments: [
    ("289\u{00A0}400\u{00A0}₽", "289 400 ₽"),
    ("289\u{202F}400\u{2009}₽", "289 400 ₽"),
    ("Total   to\tpay", "Total to pay"),
    ("  padded  ", "padded"),
    ("a \n  b", "a\nb"),
    ("\u{3000}wide\u{2003}em", "wide em"),
  ])
  func normalisesSpaces(input: String, expected: String) {
    #expect(SpaceNormalization.normalized(input) == expected)
  }

  @Test func spacesAreExactlyTheSpaceSeparatorsTabsAndZeroWidthSpaces() {
    let expected: (Unicode.Scalar) -> Bool = { scalar in
      scalar == "\t" || scalar == "\u{200B}" || scalar == "\u{FEFF}"
        || scalar.properties.generalCategory == .spaceSeparator
    }
    let mismatches = (0...0xFFFF).lazy.compactMap(Unicode.Scalar.init)
      .filter { SpaceNormalization.isSpace($0) != expected($0) }
      .map { String($0.value, radix: 16) }
    #expect(Array(mismatches).isEmpty)
    #expect(SpaceNormalization.isSpace("\u{00A0}") && SpaceNormalization.isSpace("\u{202F}"))
    #expect(!SpaceNormalization.isSpace("\n") && !SpaceNormalization.isSpace("─"))
  }

  @Test func containsIgnoresTheKindOfSpace() {
    #expect(
      SpaceNormalization.contains(
        "│ Total to pay      599\u{202F}550\u{00A0}₽ │", "Total to pay 599 550 ₽"))
    #expect(!SpaceNormalization.contains("Total 599 550", "Total 599 551"))
    #expect(SpaceNormalization.equal("+7\u{00A0}(916)", "+7 (916)"))
  }

  @Test(arguments: [
    (ColorMode.auto, true, [String: String](), true),
    (.auto, false, [:], false),
    (.auto, true, ["NO_COLOR": "1"], false),
    (.auto, true, ["NO_COLOR": ""], true),
    (.auto, true, ["TERM": "dumb"], false),
    (.auto, true, ["TERM": "xterm-256color"], true),
    (.always, false, ["NO_COLOR": "1"], true),
    (.never, true, [:], false),
  ])
  func colourPolicy(mode: ColorMode, terminal: Bool, environment: [String: String], expected: Bool)
  {
    #expect(
      ColorPolicy.usesColor(mode, standardOutputIsTerminal: terminal, environment: environment)
        == expected)
  }

  @Test func stylesArePlainWithoutColour() {
    #expect(StyledLine("x", Style(isEnabled: false).red).written == "x")
    #expect(StyledLine("x", Style(isEnabled: true).red).written == "\u{1B}[31mx\u{1B}[0m")
  }

  /// A line keeps the escapes of its own styles and neutralises those of its text, and a
  /// newline in its text cannot start a line.
  @Test func aLineWritesOnlyItsOwnEscapes() {
    var line = StyledLine("✗", Style(isEnabled: true).red)
    line.add(" Evil\u{1B}[2J\nhotel: fake\u{202E}")
    #expect(line.written == "\u{1B}[31m✗\u{1B}[0m Evil␛[2J hotel: fake�")
    #expect(line.width == TextLayout.width("✗ Evil␛[2J hotel: fake�"), "measured as written")
  }

  @Test(arguments: [
    ("tap", "tap", 0), ("tapp", "tap", 1), ("", "abc", 3), ("kitten", "sitting", 3),
  ])
  func editDistance(lhs: String, rhs: String, expected: Int) {
    #expect(EditDistance.between(lhs, rhs) == expected)
  }
}

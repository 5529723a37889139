import Domain
import Testing

@testable import HotelCLI

/// The bottom line's key hints on narrow windows: the least needed go first, `?` and Ctrl-C stay.
@Suite struct KeyHintsTests {
  @Test(arguments: [Language.en, .ru])
  func allTheHintsShowOnAWideWindow(language: Language) {
    let hints = CLIStrings(language: language).keyHints(canGoBack: true)
    let text = hints.text(fitting: 200)
    #expect(text == hints.hints.map(\.text).joined(separator: " · "))
  }

  /// 80 columns (79 for the line, as drawn): the line fits, "Ctrl-C quit" included, in both
  /// languages.
  @Test(arguments: [Language.en, .ru], [true, false])
  func onEightyColumnsTheWayToEveryKeyAndTheWayOutStay(language: Language, field: Bool) {
    let strings = CLIStrings(language: language)
    let hints = field ? strings.fieldKeyHints(canGoBack: true) : strings.keyHints(canGoBack: true)
    let text = hints.text(fitting: 79)
    #expect(TextLayout.width(text) <= 79, "\(text)")
    #expect(!text.contains("…"), "nothing is cut: \(text)")
    let quit = language == .en ? "Ctrl-C quit" : "Ctrl-C выход"
    #expect(text.hasSuffix(quit), "\(text)")
    #expect(text.contains(field ? "F1" : "?"), "\(text)")
    #expect(text.contains("Esc"), "back stays longer than the rest: \(text)")
  }

  @Test func theLeastNeededGoFirstAndTheOrderIsKept() {
    let hints = KeyHints(hints: [
      .init(text: "aaaa", dropOrder: 2), .init(text: "bbbb", dropOrder: 5),
      .init(text: "cccc", dropOrder: 0), .init(text: "dddd", dropOrder: 1),
    ])
    #expect(hints.text(fitting: 25) == "aaaa · bbbb · cccc · dddd")
    #expect(hints.text(fitting: 24) == "aaaa · cccc · dddd")
    #expect(hints.text(fitting: 17) == "cccc · dddd")
    #expect(hints.text(fitting: 10) == "cccc")
    // Even the ones that stay do not fit: cut at the edge.
    #expect(TextLayout.width(hints.text(fitting: 3)) <= 3)
  }
}

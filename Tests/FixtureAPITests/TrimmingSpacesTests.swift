import Foundation
import Testing

@testable import FixtureAPI

/// The fixture trims header values without `CharacterSet`, as `.whitespaces` trims them.
@Suite("Trimming spaces")
struct TrimmingSpacesTests {
  @Test(
    "trims what trimmingCharacters(in: .whitespaces) trims",
    arguments: [
      "", " ", "ru", "  ru-RU  ", "\tW/\"x\"\t", "\u{00A0}ru\u{2009}", "\u{3000} a b \u{202F}",
      "\nru\n", " \r\n", "é ", " 🏨 ",
    ])
  func matchesFoundation(text: String) {
    #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
    #expect(text[...].trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
  }
}

import Domain
import Testing

@Suite struct PassportNumberTests {
  static let accepted: [(text: String, rawValue: String)] = [
    ("12345", "12345"),
    ("45 06 123456", "4506123456"),
    ("ab1234567", "AB1234567"),
    ("АБ 123456", "АБ123456"),
    (" 7 5 1 2 3 ", "75123"),
    (String(repeating: "9", count: 20), String(repeating: "9", count: 20)),
    (String(repeating: "9 ", count: 20), String(repeating: "9", count: 20)),
    // Digits of other scripts are kept as ASCII digits.
    ("450612345٦", "4506123456"),
    ("４５ ０６ １２３４５６", "4506123456"),
  ]

  @Test(arguments: accepted)
  func acceptsAndDropsSpaces(text: String, rawValue: String) throws {
    #expect(try PassportNumber(text).rawValue == rawValue)
  }

  static let refused: [(text: String, error: ValidationError)] = [
    ("", .required),
    ("    ", .required),
    ("1234", .passportLength(min: 5, max: 20)),
    ("12 34", .passportLength(min: 5, max: 20)),
    (String(repeating: "9", count: 21), .passportLength(min: 5, max: 20)),
    (String(repeating: "A1", count: 40), .passportLength(min: 5, max: 20)),
    ("45-06-123456", .passportInvalidCharacter("-")),
    ("4506/123456", .passportInvalidCharacter("/")),
    ("4506№123456", .passportInvalidCharacter("№")),
    ("450612345Ⅻ", .passportInvalidCharacter("Ⅻ")),
    ("4506😀123456", .passportInvalidCharacter("😀")),
  ]

  @Test(arguments: refused)
  func refusesWithTheSpecificError(text: String, error: ValidationError) {
    #expect(throws: error) { try PassportNumber(text) }
  }

  @Test func masksAllButTheLastFourCharacters() throws {
    #expect(try PassportNumber("45 06 123456").masked == "•••• 3456")
  }

  @Test func aShortNumberShowsAtMostHalfOfItself() throws {
    #expect(try PassportNumber("AB123").masked == "•••• 23")
    #expect(try PassportNumber("123456").masked == "•••• 456")
    #expect(try PassportNumber("1234567").masked == "•••• 567")
    #expect(try PassportNumber("12345678").masked == "•••• 5678")
    #expect(PersonalData.masked("4509 123456") == "•••• 3456")
    #expect(PersonalData.isPersonal([.required, .passportNumber]))
    #expect(PersonalData.isPersonal([.phone]))
    #expect(!PersonalData.isPersonal([.required, .email]))
  }
}

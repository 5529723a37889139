import Domain
import Testing

@Suite struct PersonNameTests {
  static let accepted: [String] = [
    "Anna",
    "Анна",
    "Ёлкина",
    "Ελένη",
    "王小明",
    "محمد",
    "יוסף",
    "สมชาย",
    "देवनागरी",
    // A conjunct (letters joined by a virama) is one grapheme cluster of several letters.
    "कार्तिक",
    "अर्जुन",
    "Jean-Luc",
    "O'Brien",
    "O’Brien",
    "Mary Ann",
    "Zoe\u{0308}",
    "Łukasz",
    "Nguyễn",
    String(repeating: "я", count: 50),
  ]

  @Test(arguments: accepted)
  func acceptsLettersOfAnyScript(text: String) throws {
    #expect(try PersonName(text).rawValue == text)
  }

  @Test func trimsSurroundingWhiteSpace() throws {
    #expect(try PersonName("  Анна-Мария \n").rawValue == "Анна-Мария")
  }

  /// A name pasted from a document keeps its spaces and hyphens whatever their width.
  @Test(arguments: [
    ("Anna\u{00A0}Maria", "Anna Maria"), ("Anna\u{202F}Maria", "Anna Maria"),
    ("Анна\u{3000}Мария", "Анна Мария"), ("Jean\u{2011}Luc", "Jean\u{2011}Luc"),
    ("Jean\u{2010}Luc", "Jean\u{2010}Luc"),
  ])
  func acceptsSpacesAndHyphensOfAnyWidth(text: String, rawValue: String) throws {
    #expect(try PersonName(text).rawValue == rawValue)
  }

  @Test func countsCharactersNotScalars() throws {
    let decomposed = String(repeating: "e\u{0301}", count: 50)
    #expect(decomposed.unicodeScalars.count == 100)
    #expect(try PersonName(decomposed).rawValue == decomposed)
  }

  static let refused: [(text: String, error: ValidationError)] = [
    ("", .required),
    ("   ", .required),
    ("\t\n", .required),
    (String(repeating: "я", count: 51), .tooLong(max: 50)),
    (String(repeating: "Anna ", count: 20), .tooLong(max: 50)),
    ("R2-D2", .nameInvalidCharacter("2")),
    ("Anna3", .nameInvalidCharacter("3")),
    ("Анна٣", .nameInvalidCharacter("٣")),
    ("Anna😀", .nameInvalidCharacter("😀")),
    ("Anna.", .nameInvalidCharacter(".")),
    ("Anna_Maria", .nameInvalidCharacter("_")),
    ("Anna\tMaria", .nameInvalidCharacter("\t")),
    ("Anna\"", .nameInvalidCharacter("\"")),
    ("<script>", .nameInvalidCharacter("<")),
    ("Ⅻ", .nameInvalidCharacter("Ⅻ")),
    ("-", .nameWithoutLetter),
    ("' -’", .nameWithoutLetter),
  ]

  @Test(arguments: refused)
  func refusesWithTheSpecificError(text: String, error: ValidationError) {
    #expect(throws: error) { try PersonName(text) }
  }
}

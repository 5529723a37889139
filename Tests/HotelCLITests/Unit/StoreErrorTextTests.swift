import Testing
import UseCases

@testable import HotelCLI

/// Every store problem reads as one line that names it, with control characters neutralised.
@Suite struct StoreErrorTextTests {
  @Test(arguments: [
    (
      StoreError.cannotSave("order 7: every file name is taken"),
      "could not save: order 7: every file name is taken"
    ),
    (.invalidIdentifier("../x"), "'../x' cannot be used in a file name"),
    (
      .directoryUnavailable(path: "/d", reason: "not a directory"),
      "the data directory /d cannot be used: not a directory"
    ),
    (
      .corrupt(path: "/d/draft.json", movedTo: "/d/draft.json.corrupt"),
      "/d/draft.json could not be read; it was moved aside to /d/draft.json.corrupt"
    ),
  ])
  func describes(error: StoreError, line: String) {
    #expect(StoreErrorText.describe(error) == line)
  }

  @Test func controlCharactersAreNeutralised() {
    let text = StoreErrorText.describe(.cannotSave("evil\u{1B}[2J"))
    #expect(!text.unicodeScalars.contains { $0.value == 0x1B })
  }
}

import Testing
import UseCases

@testable import Persistence

@Suite("Safe file names")
struct SafeFileNameTests {
  @Test(
    arguments: [
      "", ".", "..", "../orders", "a/b", "/etc/passwd", "a\\b", "nul\0byte", "new\nline",
      "\u{1B}[31mred", ".hidden", String(repeating: "x", count: 201),
    ].map(Text.init))
  func refuses(_ name: Text) {
    #expect(throws: StoreError.invalidIdentifier(name.value)) {
      try SafeFileName.validate(name.value)
    }
  }

  @Test(arguments: ["1.json", "104893-2.json", "0123456789abcdef0123456789abcdef.json", "заказ"])
  func accepts(_ name: String) throws {
    #expect(try SafeFileName.validate(name) == name)
  }
}

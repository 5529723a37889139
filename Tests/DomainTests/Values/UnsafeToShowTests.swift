import Domain
import Testing

/// The one list of characters unsafe to show (`Unicode.Scalar.isUnsafeToShow`), which the
/// server's refusals (stripped) and the terminal (shown as control pictures or `�`) both use.
@Suite("Characters unsafe to show")
struct UnsafeToShowTests {
  @Test(
    "C0 and C1 controls, DEL and the Trojan Source bidirectional characters are unsafe",
    arguments: [
      0x00, 0x07, 0x09, 0x0A, 0x0D, 0x1B, 0x1F, 0x7F, 0x80, 0x85, 0x9B, 0x9F,
      0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
      0x2066, 0x2067, 0x2068, 0x2069,
    ] as [UInt32])
  func unsafe(value: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(value))
    #expect(scalar.isUnsafeToShow)
  }

  @Test(
    "Printable text, spaces, joiners and the characters next to the set are safe",
    arguments: [
      0x20, 0x41, 0x7E, 0xA0, 0xA9, 0x0410, 0x061B, 0x061D, 0x200B, 0x200C, 0x200D, 0x2028,
      0x2029, 0x2065, 0x206A, 0x20BD, 0xFFFD, 0x1F600,
    ] as [UInt32])
  func safe(value: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(value))
    #expect(!scalar.isUnsafeToShow)
  }
}

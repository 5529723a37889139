import Foundation
import Testing

@testable import Domain

/// A JSON document in an encoding other than UTF-8 (a server that answers in windows-1251 or
/// Latin-1, a file saved so) is called that, not "not valid JSON": the document is JSON, and the
/// person looks for the wrong mistake.
///
/// UTF-16 and UTF-32, which Foundation reads, still decode.
@Suite struct EncodingProblemTests {
  private struct Named: Decodable {
    var name: String
  }

  private static func problem(_ data: Data) -> DecodingProblem? {
    do {
      _ = try JSONDecoder().decode(Named.self, from: data)
      return nil
    } catch {
      return DecodingProblem(error, decoding: data)
    }
  }

  /// A document in another encoding (windows-1251, Latin-1) is said to be not UTF-8, not
  /// `.notJSON`.
  @Test(arguments: [
    // {"name": "Отель"} in windows-1251, then in Latin-1 ("Café").
    Data([
      0x7B, 0x22, 0x6E, 0x61, 0x6D, 0x65, 0x22, 0x3A, 0x22, 0xCE, 0xF2, 0xE5, 0xEB, 0xFC, 0x22,
      0x7D,
    ]),
    Data([0x7B, 0x22, 0x6E, 0x61, 0x6D, 0x65, 0x22, 0x3A, 0x22, 0x43, 0x61, 0x66, 0xE9, 0x22, 0x7D]
    ),
  ])
  func aDocumentInAnotherEncodingIsSaidToBeNotUTF8(data: Data) {
    #expect(Self.problem(data) == .notUTF8)
    #expect(DecodingProblem.notUTF8.description == "it is not UTF-8 text, which JSON must be")
  }

  @Test func unicodeEncodingsStillDecodeAndBrokenSyntaxIsStillNotJSON() throws {
    let text = #"{"name": "Отель"}"#
    #expect(Self.problem(Data(text.utf8)) == nil)
    #expect(Self.problem(try #require(text.data(using: .utf16))) == nil)
    #expect(Self.problem(try #require(text.data(using: .utf16BigEndian))) == nil)
    #expect(Self.problem(Data(#"{"name": "Отель""#.utf8)) == .notJSON)
    #expect(Self.problem(Data()) == .notJSON)
  }
}

import Foundation
import Testing

@testable import Domain

/// The line and column of a value named by its path, and of a syntax error: what an editor
/// jumps to (`FILE:LINE:COLUMN`).
@Suite struct JSONLocatorTests {
  private func locate(_ text: String, _ path: [JSONPath.Component]) -> String {
    JSONLocator.locate([JSONPath(path)], in: Data(text.utf8)).locations[0].description
  }

  private func syntax(_ bytes: [UInt8]) -> JSONSyntaxError? {
    JSONLocator.syntaxError(in: Data(bytes))
  }

  private func syntax(_ text: String) -> JSONSyntaxError? { syntax(Array(text.utf8)) }

  @Test func aValueIsFoundByItsPath() {
    let text = "{\n  \"a\": [1, {\"b\": true}]\n}"
    #expect(locate(text, [.key("a"), .index(1), .key("b")]) == "2:18")
    #expect(locate(text, [.key("a")]) == "2:8")
    #expect(locate(text, []) == "1:1")
    // A key that is not there: the object without it.
    #expect(locate(text, [.key("a"), .index(1), .key("c")]) == "2:12")
    #expect(locate(text, [.key("a"), .index(7)]) == "2:8")
  }

  @Test func columnsCountCodePointsAndTabsAsOneAndLinesEndAtCRLFOrCR() {
    #expect(locate("{\r\n\t\"a\":\t1}", [.key("a")]) == "2:7")
    #expect(locate("{\r\"a\":\r\r  1}", [.key("a")]) == "4:3")
    #expect(locate(#"{"é": "ё😀", "x": 1}"#, [.key("x")]) == "1:18")
    // A byte order mark is not a column.
    #expect(locate("\u{FEFF}{\"x\": 1}", [.key("x")]) == "1:7")
  }

  @Test func keysAreComparedUnescapedAndNormalised() {
    let text = #"{"input\u0054ype": 1, "other": 2}"#
    let found = JSONLocator.locate(
      [JSONPath([.key("input_type")])], in: Data(text.utf8),
      normalizingKeys: { SchemaKey.snakeCase($0) })
    #expect(found.locations.map(\.description) == ["1:20"])
  }

  @Test func aKeyGivenTwiceIsFoundWhereItIsFirst() {
    #expect(locate(#"{"a": 1, "a": 2}"#, [.key("a")]) == "1:7")
  }

  @Test(arguments: [
    (#"{"a": 1,}"#, "1:9", "expected a key in double quotes, found '}'"),
    (#"{"a" 1}"#, "1:6", "expected ':', found '1'"),
    ("[1, 2", "1:6", "expected ',' or ']', found the end"),
    (#"{"a": 1]"#, "1:8", "expected ',' or '}', found ']'"),
    (
      #"{"a": tru}"#, "1:7",
      "'tru' is not a JSON value (true, false and null are lower case; text is in double quotes)"
    ),
    (#"{"a": 01}"#, "1:7", "a number JSON does not read"),
    (
      #"{"a": "x\q"}"#, "1:9",
      #"an invalid escape in a string (JSON has \" \\ \/ \b \f \n \r \t \uXXXX)"#
    ),
    (
      #"{"a": "\udc00"}"#, "1:8",
      #"an invalid escape in a string (JSON has \" \\ \/ \b \f \n \r \t \uXXXX)"#
    ),
    ("{\n\t\"a\": \"x", "2:9", "expected the closing '\"', found the end"),
    ("{} x", "1:4", "more text after the JSON value"),
    (" \r\n ", "2:2", "the file holds no JSON value"),
    (
      "{\"a\": \"x\ty\"}", "1:9",
      "a control character (U+0009) in a string; write it as an escape (\\n, \\t, \\u0000)"
    ),
    ("{\"a\": @}", "1:7", "expected a value, found '@'"),
    ("{\"a\": \u{7}}", "1:7", "expected a value, found U+0007"),
  ])
  func aSyntaxErrorIsPlacedAndNamed(text: String, place: String, said: String) throws {
    let error = try #require(syntax(text))
    #expect(error.location.description == place)
    #expect(error.description == said)
  }

  @Test func hostileBytesAreSyntaxErrorsAtTheirPlace() throws {
    let nul = try #require(syntax(Array("{\"a\": \"x".utf8) + [0] + Array("\"}".utf8)))
    #expect(nul.problem == .controlCharacterInString(code: 0))
    #expect(nul.location.description == "1:9")
    let bareNul = try #require(syntax([UInt8(ascii: "[")] + [0] + [UInt8(ascii: "]")]))
    #expect(bareNul.location.description == "1:2")
    for bad: [UInt8] in [
      [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80],
    ] {
      let error = try #require(syntax(Array("[\"ab".utf8) + bad + Array("\"]".utf8)))
      #expect(error.problem == .invalidUTF8, "\(bad)")
      #expect(error.location.description == "1:5", "\(bad)")
    }
    let outside = try #require(syntax(Array("[1, ".utf8) + [0xFF] + [UInt8(ascii: "]")]))
    #expect(outside.problem == .invalidUTF8)
    #expect(outside.location.description == "1:5")
  }

  /// Deep nesting ends at the limit, without recursion, whatever its depth.
  @Test func nestingDeeperThanTheLimitStopsThere() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let error = try #require(syntax(deep))
    #expect(error.problem == .tooDeep(limit: JSONLocator.depthLimit))
    #expect(error.location.description == "1:\(JSONLocator.depthLimit + 1)")
    let fits = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(syntax(fits) == nil)
  }

  @Test func aCharacterOfAStringIsPlacedCountingEscapesAsOne() {
    let text = #"{"c": "a\nb\u00e9ê+"}"#
    let data = Data(text.utf8)
    let string = JSONLocator.locate([JSONPath([.key("c")])], in: data).locations[0]
    #expect(string.description == "1:7")
    let columns = (1...6).map {
      JSONLocator.location(ofCharacter: $0, inStringAt: string, in: data).column
    }
    #expect(columns == [8, 9, 11, 12, 18, 19])
  }

  @Test func aByteIsPlacedByItsOffset() {
    let data = Data("\u{FEFF}{\r\n\t\"é\": 1,\r\"a\": 2}".utf8)
    let places = [3, 6, 10, 14, 16, 99].map {
      JSONLocator.location(ofOffset: $0, in: data).description
    }
    #expect(places == ["1:1", "2:1", "2:4", "2:8", "3:1", "3:8"])
  }

  @Test func validJSONHasNoSyntaxError() {
    for text in [
      "{}", "[]", "0", "-0.5e+3", "\"\\ud83d\\ude00\"", "true", " null ",
      #"{"a": [1, {"b": [true, false, null]}], "c": "x\"y"}"#,
    ] {
      #expect(syntax(text) == nil, "\(text)")
    }
  }
}

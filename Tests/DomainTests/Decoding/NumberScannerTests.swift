import Foundation
import Testing

@testable import Domain

/// What a text that Foundation refuses as "not valid JSON" is called: a number an `Int` cannot
/// hold is named with its field; anything else that is not JSON is called that.
@Suite struct NumberScannerTests {
  private struct Numbered: Decodable {
    var number: Int
  }

  private static func problem(_ text: String) -> DecodingProblem {
    let data = Data(text.utf8)
    do {
      _ = try JSONDecoder().decode(Numbered.self, from: data)
      return .notJSON
    } catch {
      return DecodingProblem(error, decoding: data)
    }
  }

  /// A lone sign or a run of number characters that JSON does not accept as a number is not a
  /// number: `/etc/passwd` in an order's place (or an API's body with a hyphen in it) and `x 1-`
  /// are not JSON, not an out-of-range number.
  @Test(arguments: [
    "root:x:0:0:root:/root:/bin/bash\nwww-data:x:33:33",
    "a-b", "ab\n-", "x 1-", "{\"number\": -}", "{\"number\": 1-2}", "{\"number\": --1}",
    "{\"number\": 1e}", "{\"number\": 1.}", "{\"number\": .5}", "{\"number\": 01}",
    "{\"number\": +1}", "{\"number\": 1e+}", "{\"number\": -e5}",
  ])
  func textThatIsNotANumberIsNotJSONNotAnOutOfRangeNumber(text: String) {
    #expect(Self.problem(text) == .notJSON)
  }

  /// Real JSON numbers an `Int` cannot hold are still named with their field.
  @Test(arguments: [
    (
      "{\"number\": 99999999999999999999}",
      DecodingProblem.outOfRange(
        path: "number", value: "99999999999999999999")
    ),
    ("{\"number\": -1e400}", .outOfRange(path: "number", value: "-1e400")),
    ("{\"number\": 1E+400}", .outOfRange(path: "number", value: "1E+400")),
    ("{\"number\": 1.5}", .wrongType(path: "number", expected: .wholeNumber)),
    ("{\"number\": -0.5e-3}", .wrongType(path: "number", expected: .wholeNumber)),
  ])
  func aJSONNumberAnIntCannotHoldIsNamed(text: String, expected: DecodingProblem) {
    #expect(Self.problem(text) == expected)
  }
}

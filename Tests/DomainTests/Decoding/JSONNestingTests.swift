import Foundation
import TestSupport
import Testing

@testable import Domain

/// The one pass over a JSON text before it is decoded: its nesting, and a key an object holds
/// twice, which Foundation's decoder takes in silence (keeping one of the values).
@Suite struct JSONNestingTests {
  /// A key given twice in one object is named with its path.
  @Test(arguments: [
    (#"{"id": 1, "id": 2}"#, "id"),
    (#"{"rooms": [{"id": 1}, {"id": 2, "name": "a", "id": 3}]}"#, "rooms[1].id"),
    (#"{"a": {"b": [0, [1, {"c": true, "c": false}]]}}"#, "a.b[1][1].c"),
    // The same key after unescaping, as the decoder sees it.
    (#"{"a": 1, "\u0061": 2}"#, "a"),
    (#"{"\"q": 1, "\u0022q": 2}"#, "\"q"),
    (#"{"😀": 1, "\ud83d\ude00": 2}"#, "😀"),
    (#"{"tab\t": 1, "tab\u0009": 2}"#, "tab\t"),
    // Quotes, brackets and backslashes inside strings are text, not structure.
    (#"{"a\\": 1, "a\\": 2}"#, "a\\"),
    (#"{"x": "q\"}{\"", "y": "\\", "x": 1}"#, "x"),
    // Canonically equivalent spellings are one Swift string, one key to the decoder.
    (#"{"caf\u00e9": 1, "cafe\u0301": 2}"#, "café"),
  ])
  func aKeyTwiceInAnObjectIsNamedWithItsPath(json: String, path: String) {
    #expect(JSONNesting.problem(in: Data(json.utf8)) == .duplicateKey(path: path))
    #expect(
      DecodingProblem.duplicateKey(path: path).description
        == "the key \(path) appears more than once")
  }

  /// The same key in different objects, a key equal to a value, keys that differ only after
  /// a bad escape or in invalid UTF-8 (refused by the decoder itself): not duplicates.
  @Test(arguments: [
    #"{"id": 1, "rooms": [{"id": 1}, {"id": 2}], "sub": {"id": 3}}"#,
    #"{"id": "id", "name": "id"}"#,
    #"["id", "id"]"#,
    #"{"a": {"x": 1}, "b": {"x": 1}}"#,
    #"{"\ud800": 1, "\ud801": 2}"#,
    #"{"a\q": 1, "a\q": 2}"#,
    #"{"A": 1, "a": 2}"#,
  ])
  func otherwiseNoDuplicate(json: String) {
    #expect(JSONNesting.scan(Array(json.utf8)).duplicateKey == nil)
  }

  /// A text too deep for the reader is named as such, even when it also repeats a key.
  @Test func tooDeepComesFirstAndDepthIsCounted() {
    let deep =
      #"{"a": 1, "a": 2, "b": "# + String(repeating: "[", count: 600)
      + String(repeating: "]", count: 600) + "}"
    #expect(JSONNesting.problem(in: Data(deep.utf8)) == .tooDeep(depth: 601, limit: 512))
    #expect(JSONNesting.depth(of: Array(#"{"a": [1, "]"]}"#.utf8)) == 2)
  }

  /// Past the short list of keys (16) into the set: the same answers, canonical equivalence
  /// included, at every length around the switch.
  @Test(arguments: [1, 15, 16, 17, 18, 40])
  func longObjectsFindTheSameDuplicates(count: Int) {
    let keys = (0..<count).map { #""k\#($0)": 0"# }.joined(separator: ", ")
    let clean = #"{"café": 1, \#(keys)}"#
    #expect(JSONNesting.problem(in: Data(clean.utf8)) == nil)
    let twice = #"{"café": 1, \#(keys), "cafe\u0301": 2}"#
    #expect(JSONNesting.problem(in: Data(twice.utf8)) == .duplicateKey(path: "café"))
    let lastTwice = #"{"café": 1, \#(keys), "k\#(count - 1)": 2}"#
    let last = "k\(count - 1)"
    #expect(JSONNesting.problem(in: Data(lastTwice.utf8)) == .duplicateKey(path: last))
  }

  /// A hostile key a megabyte long is cut in the path, not repeated whole in the message.
  @Test func aLongKeyIsCutInThePath() throws {
    let key = String(repeating: "k", count: 1_000_000)
    let problem = JSONNesting.problem(in: Data(#"{"\#(key)": 1, "\#(key)": 2}"#.utf8))
    guard case .duplicateKey(let path)? = problem else {
      Issue.record("not a duplicate: \(String(describing: problem))")
      return
    }
    #expect(path == String(repeating: "k", count: 39) + "…")
  }

  /// Text that is not JSON (cut short, stray brackets and quotes) is scanned without trapping.
  @Test(arguments: [#"{"a": "#, #"}}]]{"#, #"{"a"#, #"{"a\"#, #"{"\u12"#, "\"", ",,,{,"])
  func brokenTextIsScannedSafely(json: String) {
    #expect(JSONNesting.scan(Array(json.utf8)).duplicateKey == nil)
  }

  /// One object of 100 000 keys: one pass, each key hashed once (no work per pair of keys); the
  /// duplicate at the very end is found, and a payload without one passes.
  ///
  /// Off the cooperative pool (``offThePool(_:)``): a debug build takes a moment, which would hold
  /// one of its two threads from the async tests started beside it.
  @Test func aHundredThousandKeysAreCheckedInLinearTime() async throws {
    let (found, elapsed, cleanProblem) = try await offThePool {
      () -> (DecodingProblem?, Duration, DecodingProblem?) in
      var text = "{"
      for index in 0..<100_000 { text += #""key\#(index)": \#(index),"# }
      let clean = Data((text + #""last": 0}"#).utf8)
      let repeated = Data((text + #""key0": 0}"#).utf8)
      let clock = ContinuousClock()
      var found: DecodingProblem?
      let elapsed = clock.measure { found = JSONNesting.problem(in: repeated) }
      return (found, elapsed, JSONNesting.problem(in: clean))
    }
    #expect(found == .duplicateKey(path: "key0"))
    #expect(cleanProblem == nil)
    // Quadratic work (every key compared with every other) would be 5e9 comparisons.
    #expect(elapsed < .seconds(20), "\(elapsed)")
  }
}

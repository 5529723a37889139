import Foundation
import Testing

/// Golden transcripts: `Tests/HotelCLITests/Golden/NAME.txt`, compared exactly.
///
/// Run the tests with `UPDATE_GOLDEN=1` to (re)write them, then review the diff.
enum Golden {
  /// The golden file for `name`.
  static func url(_ name: String) -> URL {
    HotelProcess.testsDirectory.appendingPathComponent("Golden/\(name).txt")
  }

  /// Checks that `actual` equals the golden transcript `name`, line by line.
  static func assertMatches(
    _ actual: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let url = url(name)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      do {
        try Data(actual.utf8).write(to: url)
      } catch {
        Issue.record("could not write \(url.path): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let data = try? Data(contentsOf: url) else {
      Issue.record(
        "no golden transcript \(name).txt; run with UPDATE_GOLDEN=1 to create it",
        sourceLocation: sourceLocation)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard expected != actual else { return }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let firstDifference =
      zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expectedLines.count, actualLines.count)
    let want =
      firstDifference < expectedLines.count ? String(expectedLines[firstDifference]) : "<end>"
    let got = firstDifference < actualLines.count ? String(actualLines[firstDifference]) : "<end>"
    Issue.record(
      """
      \(name).txt differs at line \(firstDifference + 1) (UPDATE_GOLDEN=1 rewrites it):
        expected: \(want)
        actual:   \(got)
      --- actual transcript
      \(actual)
      """,
      sourceLocation: sourceLocation)
  }
}

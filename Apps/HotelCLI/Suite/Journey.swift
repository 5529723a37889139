/// One journey of a suite: a script file, parsed, with its includes expanded.
struct Journey: Equatable, Sendable {
  /// The path as found (`journeys/checkout/pay.hotel`): how the report names it.
  var name: String
  /// The path to read it from (as found, not neutralised).
  var path: String
  /// The lines to run.
  var lines: [ScriptLine]
  /// Its tags (`tags` lines of the file itself).
  var tags: [String]

  /// Whether it runs under `--tags wanted` (every journey does when `wanted` is empty).
  func isSelected(by wanted: [String]) -> Bool {
    wanted.isEmpty || tags.contains { wanted.contains($0) }
  }
}

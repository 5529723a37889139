import Foundation

/// SPEC section 9: 20 journeys by one `hotel test --jobs 2` process against 20 `hotel replay`
/// processes run one after another (each hermetic, each with its in-process fixture API),
/// alternating in the same run.
///
/// Target: the suite in at most a third of the time.
enum SuiteBenchmark {
  static let name = "suite"
  /// How many journeys the suite holds.
  static let journeys = 20

  static func run(
    _ options: Options, _ runner: Runner, _ workspace: Workspace
  ) throws -> [ResultRow] {
    let hotel = try ChildProcess.sibling("hotel")
    let folder = workspace.path("suite")
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true)
    var scripts: [String] = []
    for index in 1...journeys {
      let name = "suite/journey-\(index < 10 ? "0" : "")\(index).hotel"
      scripts.append(try workspace.write(Scripts.happyPath, named: name))
    }
    let common = ["--color", "never", "--today", "2026-05-01"]
    let errors = workspace.path("stderr.txt")
    let (suite, replays) = try runner.sideBySide(
      subject: "hotel test --jobs 2", baseline: "\(journeys) hotel replay",
      warmUp: 1, iterations: options.iterations(10),
      { try ChildProcess.run(hotel, ["test", folder, "--jobs", "2"] + common, errorFile: errors) },
      against: {
        for script in scripts {
          try ChildProcess.run(hotel, ["replay", script] + common, errorFile: errors)
        }
      })
    let ratio = suite.median.microseconds / replays.median.microseconds
    print(
      "suite: hotel test --jobs 2 of \(journeys) journeys median \(suite.median.formatted); "
        + "\(journeys) hotel replay one after another median \(replays.median.formatted)")
    return [
      ResultRow(
        what: "\(journeys) journeys by `hotel test --jobs 2`",
        target: "<= 1/3 of \(journeys) `hotel replay` processes one after another",
        measured:
          "median \(suite.median.formatted) vs \(replays.median.formatted): "
          + String(format: "%.2f×", ratio),
        meetsTarget: ratio <= 1.0 / 3.0)
    ]
  }
}

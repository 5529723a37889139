import Foundation

/// SPEC section 9, the suite-1000 row: 1 000 copies of the happy path run by one
/// `hotel test --jobs 2`, its wall time a journey, and its peak resident set against that of
/// 20 copies (memory flat: within 1.5×), the two runs alternating in the same run.
enum SuiteScaleBenchmark {
  static let name = "suite-1000"
  /// How many journeys the large suite holds.
  static let journeys = 1_000
  /// How many the small one holds (the memory row's baseline).
  static let small = 20

  static func run(
    _ options: Options, _ runner: Runner, _ workspace: Workspace
  ) throws -> [ResultRow] {
    let hotel = try ChildProcess.sibling("hotel")
    let large = try folder("suite-1000", count: journeys, workspace)
    let little = try folder("suite-20", count: small, workspace)
    let arguments = ["--jobs", "2", "--color", "never", "--today", "2026-05-01"]
    let errors = workspace.path("stderr.txt")
    var largeRSS: [Int] = []
    var smallRSS: [Int] = []
    let (big, baseline) = try runner.sideBySide(
      subject: "hotel test --jobs 2 of \(journeys)", baseline: "of \(small)",
      warmUp: 1, iterations: options.iterations(5),
      {
        let usage = try ChildProcess.runUsage(
          hotel, ["test", large] + arguments, errorFile: errors)
        largeRSS.append(usage.ru_maxrss)
      },
      against: {
        let usage = try ChildProcess.runUsage(
          hotel, ["test", little] + arguments, errorFile: errors)
        smallRSS.append(usage.ru_maxrss)
      })
    let perJourney = big.median.microseconds / 1000 / Double(journeys)
    let largePeak = Double(largeRSS.sorted()[largeRSS.count / 2]) / 1024
    let smallPeak = Double(smallRSS.sorted()[smallRSS.count / 2]) / 1024
    let memory = largePeak / smallPeak
    print(
      "suite-1000: hotel test --jobs 2 of \(journeys) journeys median \(big.median.formatted) "
        + String(format: "(%.2f ms a journey), peak RSS %.1f MiB; ", perJourney, largePeak)
        + "of \(small) median \(baseline.median.formatted), "
        + String(format: "peak RSS %.1f MiB; RSS ratio %.2f×", smallPeak, memory))
    return [
      ResultRow(
        what: "\(journeys) journeys (the happy path) by `hotel test --jobs 2`",
        target: "<= 6 ms of wall time a journey; peak RSS <= 1.5× that of \(small) journeys",
        measured:
          "median \(big.median.formatted): " + String(format: "%.2f ms a journey", perJourney)
          + String(format: "; peak RSS %.1f MiB vs %.1f MiB: %.2f×", largePeak, smallPeak, memory),
        meetsTarget: perJourney <= 6 && memory <= 1.5)
    ]
  }

  private static func folder(_ name: String, count: Int, _ workspace: Workspace) throws -> String {
    let folder = workspace.path(name)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for index in 1...count {
      _ = try workspace.write(Scripts.happyPath, named: name + "/journey-\(index + 10_000).hotel")
    }
    return folder
  }
}

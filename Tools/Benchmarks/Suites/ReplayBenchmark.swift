import Foundation

/// SPEC section 9, row 3: `hotel replay` of the happy path (embedded API, fresh data directory)
/// against a Foundation + FoundationNetworking hello-world process, alternating in the same run.
enum ReplayBenchmark {
  static let name = "replay"

  static func run(_ options: Options, runner: Runner, workspace: Workspace) throws -> [ResultRow] {
    let hotel = try ChildProcess.sibling("hotel")
    let hello = try ChildProcess.sibling("BenchHello")
    let script = try workspace.write(Scripts.happyPath, named: "happy-path.hotel")
    var run = 0
    let (replay, baseline) = try runner.sideBySide(
      subject: "hotel replay", baseline: "hello world",
      warmUp: options.iterations(5), iterations: options.iterations(40),
      {
        run += 1
        try ChildProcess.run(
          hotel,
          [
            "replay", script, "--data-dir", workspace.path("replay-\(run)"), "--color", "never",
            "--today", "2026-05-01",
          ], errorFile: workspace.path("stderr.txt"))
      },
      against: { try ChildProcess.run(hello, [], errorFile: workspace.path("stderr.txt")) })
    let ratio = replay.median.microseconds / baseline.median.microseconds
    print(
      "replay: hotel replay median \(replay.median.formatted) p99 \(replay.p99.formatted); "
        + "hello world median \(baseline.median.formatted) p99 \(baseline.p99.formatted)")
    return [
      ResultRow(
        what: "`hotel replay` of the happy path (embedded API, fresh data dir)",
        target: "<= 2× a Foundation + FoundationNetworking hello-world process",
        measured:
          "median \(replay.median.formatted) vs \(baseline.median.formatted): "
          + String(format: "%.2f×", ratio),
        meetsTarget: ratio <= 2)
    ]
  }
}

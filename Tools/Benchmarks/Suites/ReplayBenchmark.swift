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
    let floor = try floorRatio(options, runner: runner, workspace: workspace, hello: hello)
    return [
      ResultRow(
        what: "`hotel replay` of the happy path (embedded API, fresh data dir)",
        target: "<= 2× a Foundation + FoundationNetworking hello-world process",
        measured:
          "median \(replay.median.formatted) vs \(baseline.median.formatted): "
          + String(format: "%.2f×", ratio)
          + String(format: " (a bare URLSession client making its GETs: %.2f×)", floor),
        meetsTarget: ratio <= 2)
    ]
  }

  /// The floor under the row: `BenchFloor` (one `URLSession`, the replay's six GETs in its three
  /// rounds, each body decoded, against `hotel serve`) against the hello-world, alternating.
  /// Whatever `hotel` does beyond that ratio is its own; below it, no client of the API can go.
  private static func floorRatio(
    _ options: Options, runner: Runner, workspace: Workspace, hello: URL
  ) throws -> Double {
    let floor = try ChildProcess.sibling("BenchFloor")
    let server = try ChildProcess.Background(
      try ChildProcess.sibling("hotel"), ["serve", "--port", "0"])
    defer { server.stop() }
    guard
      let url = try server.firstLine().split(separator: " ").last(where: { $0.hasPrefix("http") })
    else { throw ChildProcess.Failure(description: "hotel serve printed no base URL") }
    let (client, baseline) = try runner.sideBySide(
      subject: "bare client", baseline: "hello world",
      warmUp: options.iterations(5), iterations: options.iterations(40),
      { try ChildProcess.run(floor, [String(url)], errorFile: workspace.path("stderr.txt")) },
      against: { try ChildProcess.run(hello, [], errorFile: workspace.path("stderr.txt")) })
    let ratio = client.median.microseconds / baseline.median.microseconds
    print(
      "replay floor: BenchFloor (URLSession, 6 GETs in 3 rounds, against hotel serve) median "
        + "\(client.median.formatted) vs hello world \(baseline.median.formatted): "
        + String(format: "%.2f×", ratio))
    return ratio
  }
}

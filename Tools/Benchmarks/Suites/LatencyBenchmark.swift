import Foundation

/// SPEC section 9, row 5: the happy path and the restart (`paid.done` back to Hotel) against
/// the fixture API answering every request 200 ms late (`hotel serve --latency-ms 200`), as a
/// fresh `hotel replay` process each time; the whole wall time, process start-up included.
enum LatencyBenchmark {
  static let name = "latency"
  static let latencyMilliseconds = 200

  static func run(_ options: Options, runner: Runner, workspace: Workspace) throws -> [ResultRow] {
    let hotel = try ChildProcess.sibling("hotel")
    let script = try workspace.write(Scripts.happyPath, named: "latency.hotel")
    let server = try ChildProcess.Background(
      hotel, ["serve", "--port", "0", "--latency-ms", String(latencyMilliseconds)])
    defer { server.stop() }
    guard
      let url = try server.firstLine().split(separator: " ").last(where: { $0.hasPrefix("http") })
    else { throw ChildProcess.Failure(description: "hotel serve printed no base URL") }
    var run = 0
    let sample = try runner.measure(
      "happy path with latency", warmUp: options.iterations(1), iterations: options.iterations(10)
    ) {
      run += 1
      try ChildProcess.run(
        hotel,
        [
          "replay", script, "--api", String(url), "--data-dir", workspace.path("latency-\(run)"),
          "--color", "never", "--today", "2026-05-01",
        ], errorFile: workspace.path("stderr.txt"))
    }
    let budget = Double(latencyMilliseconds) * 3.5
    let worst = sample.percentile(1)
    print(
      "latency: \(url), \(latencyMilliseconds) ms a request; median \(sample.median.formatted), "
        + "slowest \(worst.formatted) (budget \(String(format: "%.0f", budget)) ms)")
    return [
      ResultRow(
        what: "happy path plus restart with 200 ms injected API latency",
        target: "<= 3.5 × 200 ms = 700 ms in all",
        measured:
          "median \(sample.median.formatted), slowest of \(sample.durations.count) "
          + "\(worst.formatted) (" + String(format: "%.2f", sample.median.milliseconds / 200)
          + " × 200 ms)",
        meetsTarget: sample.median.milliseconds <= budget)
    ]
  }
}

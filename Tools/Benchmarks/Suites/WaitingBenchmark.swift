import Foundation

/// SPEC section 9: waiting for a slow API costs next to no CPU. `hotel replay` of the happy path
/// (three rounds of `GET`s and `POST /orders`) against `hotel serve --latency-ms 3000`, its CPU
/// time (user plus system, counted by the kernel: `wait4`) against its wall time; beside it, the
/// bare URLSession client (`BenchFloor`, the same requests) against the same server, which on
/// Linux burns a core while it waits (Docs/Architecture.md, "Linux realities").
enum WaitingBenchmark {
  static let name = "waiting"
  static let latencyMilliseconds = 3_000

  static func run(
    _ options: Options, _ runner: Runner, _ workspace: Workspace
  ) throws -> [ResultRow] {
    let hotel = try ChildProcess.sibling("hotel")
    let floor = try ChildProcess.sibling("BenchFloor")
    let script = try workspace.write(Scripts.happyPath, named: "waiting.hotel")
    let server = try ChildProcess.Background(
      hotel, ["serve", "--port", "0", "--latency-ms", String(latencyMilliseconds)])
    defer { server.stop() }
    let url = try server.baseURL()
    var worst = 0.0
    var runs: [String] = []
    for run in 1...(options.quick ? 1 : 2) {
      let start = runner.clock.now
      let cpu = try ChildProcess.runMeasured(
        hotel,
        [
          "replay", script, "--api", url, "--data-dir", workspace.path("waiting-\(run)"),
          "--color", "never", "--today", "2026-05-01",
        ], errorFile: workspace.path("stderr.txt"))
      let wall = start.duration(to: runner.clock.now)
      let share = cpu.microseconds / wall.microseconds
      worst = max(worst, share)
      runs.append("CPU \(cpu.formatted) of \(wall.formatted) wall (\(percent(share)))")
    }
    let start = runner.clock.now
    let bareCPU = try ChildProcess.runMeasured(
      floor, [url], errorFile: workspace.path("stderr.txt"))
    let bareWall = start.duration(to: runner.clock.now)
    let bare =
      "CPU \(bareCPU.formatted) of \(bareWall.formatted) wall "
      + "(\(percent(bareCPU.microseconds / bareWall.microseconds)))"
    print(
      "waiting: \(latencyMilliseconds) ms a request; hotel replay of the happy path: "
        + runs.joined(separator: "; ") + "; bare URLSession client (BenchFloor): " + bare)
    return [
      ResultRow(
        what: "waiting for a slow API (3 s latency)",
        target: "CPU time <= 5% of the wall time waited",
        measured:
          "happy path (`GET`s and `POST /orders`): " + runs.joined(separator: "; ")
          + "; a bare URLSession client making the same requests: " + bare,
        meetsTarget: worst <= 0.05)
    ]
  }

  private static func percent(_ share: Double) -> String { String(format: "%.1f%%", share * 100) }
}

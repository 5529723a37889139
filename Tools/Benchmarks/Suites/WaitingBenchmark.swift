import Foundation

/// SPEC section 9: waiting for a slow API costs next to no CPU.
///
/// `hotel replay` of the happy path (three rounds of `GET`s and `POST /orders`) against `hotel
/// serve --latency-ms 3000`, its CPU time (user plus system, counted by the kernel: `wait4`)
/// against its wall time. `hotel` opts in to `NetworkingRepair`; beside it, two hosts that do not,
/// against the same server, which on Linux burn a core while they wait (Docs/Platform.md):
/// `UnrepairedHost` (`Networking` alone, the Hotel and Rooms requests) and the bare URLSession
/// client (`BenchFloor`, the replay's requests).
enum WaitingBenchmark {
  static let name = "waiting"
  static let latencyMilliseconds = 3_000

  static func run(
    _ options: Options, _ runner: Runner, _ workspace: Workspace
  ) throws -> [ResultRow] {
    let hotel = try ChildProcess.sibling("hotel")
    let floor = try ChildProcess.sibling("BenchFloor")
    let unrepaired = try ChildProcess.sibling("UnrepairedHost")
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
    let host = try measured(unrepaired, [url], runner, workspace)
    let bare = try measured(floor, [url], runner, workspace)
    let hotelRuns = runs.joined(separator: "; ")
    print(
      "waiting: \(latencyMilliseconds) ms a request; hotel replay of the happy path: \(hotelRuns)")
    print("waiting: a Networking host that does not opt in (UnrepairedHost): \(host)")
    print("waiting: bare URLSession client (BenchFloor): \(bare)")
    let lines = [
      "happy path (`GET`s and `POST /orders`): \(hotelRuns)",
      "`Networking` in a host that does not opt in to the repair (Hotel and Rooms): \(host)",
      "a bare URLSession client making the replay's requests: \(bare)",
    ]
    return [
      ResultRow(
        what: "waiting for a slow API (3 s latency)",
        target: "CPU time <= 5% of the wall time waited",
        measured: lines.joined(separator: "; "),
        meetsTarget: worst <= 0.05)
    ]
  }

  private static func measured(
    _ executable: URL, _ arguments: [String], _ runner: Runner, _ workspace: Workspace
  ) throws -> String {
    let start = runner.clock.now
    let cpu = try ChildProcess.runMeasured(
      executable, arguments, errorFile: workspace.path("stderr.txt"))
    let wall = start.duration(to: runner.clock.now)
    return "CPU \(cpu.formatted) of \(wall.formatted) wall "
      + "(\(percent(cpu.microseconds / wall.microseconds)))"
  }

  private static func percent(_ share: Double) -> String { String(format: "%.1f%%", share * 100) }
}

import Foundation

/// SPEC section 9, the replay row: `hotel replay` of the happy path (embedded API, fresh data
/// directory) against a Foundation + FoundationNetworking hello-world process, a guard (at
/// most 2.5× it), and, for where the time goes, against its floor, `BenchFloor` (a bare
/// URLSession client making the replay's requests: one ephemeral session, the six `GET`s and
/// the `POST /orders` in the replay's order, each answer decoded, against `hotel serve`); the
/// three in turn (ABC, BCA, CAB...) in the same run.
enum ReplayBenchmark {
  static let name = "replay"

  static func run(_ options: Options, runner: Runner, workspace: Workspace) throws -> [ResultRow] {
    let hotel = try ChildProcess.sibling("hotel")
    let hello = try ChildProcess.sibling("BenchHello")
    let floor = try ChildProcess.sibling("BenchFloor")
    let script = try workspace.write(Scripts.happyPath, named: "happy-path.hotel")
    let server = try ChildProcess.Background(hotel, ["serve", "--port", "0"])
    defer { server.stop() }
    let url = try server.baseURL()
    let errors = workspace.path("stderr.txt")
    var run = 0
    let samples = try runner.rotating(
      warmUp: options.iterations(5), iterations: options.iterations(60),
      [
        (
          "hotel replay",
          {
            run += 1
            try ChildProcess.run(
              hotel,
              [
                "replay", script, "--data-dir", workspace.path("replay-\(run)"), "--color",
                "never", "--today", "2026-05-01",
              ], errorFile: errors)
          }
        ),
        ("BenchFloor", { try ChildProcess.run(floor, [url], errorFile: errors) }),
        ("hello world", { try ChildProcess.run(hello, [], errorFile: errors) }),
      ])
    let (replay, bare, baseline) = (samples[0], samples[1], samples[2])
    let ratio = replay.median.microseconds / bare.median.microseconds
    let stretch = replay.median.microseconds / baseline.median.microseconds
    let floorOverHello = bare.median.microseconds / baseline.median.microseconds
    print(
      "replay: hotel replay median \(replay.median.formatted) p99 \(replay.p99.formatted); "
        + "BenchFloor (URLSession, the replay's 6 GETs and POST, against hotel serve) median "
        + "\(bare.median.formatted) p99 \(bare.p99.formatted); hello world median "
        + "\(baseline.median.formatted) p99 \(baseline.p99.formatted); "
        + String(
          format: "replay/floor %.2f×, replay/hello %.2f×, floor/hello %.2f×", ratio, stretch,
          floorOverHello))
    return [
      ResultRow(
        what: "`hotel replay` of the happy path (embedded API, fresh data dir)",
        target: "<= 2.5× a Foundation + FoundationNetworking hello-world, same run",
        measured:
          "median \(replay.median.formatted) vs hello world \(baseline.median.formatted): "
          + String(format: "%.2f×", stretch) + "; vs floor (`BenchFloor`) "
          + "\(bare.median.formatted): " + String(format: "%.2f×", ratio),
        meetsTarget: stretch <= 2.5)
    ]
  }
}

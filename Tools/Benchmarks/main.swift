// The benchmarks of SPEC section 9 (issue 8), release build only:
//   swift build -c release && .build/release/Benchmarks
// Each row is measured with a warm-up and enough iterations for a stable median and p99; each
// comparison runs side by side, alternating, in the same run. Prints a Markdown table and exits
// 1 when a row misses its target.
import Foundation
import NetworkingRepair

// The in-process rows measure hotel's own stack, which opts in to the repair as `hotel` does.
URLSessionRepair.install()

let options: Options
do {
  options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(2)
}

#if DEBUG
  FileHandle.standardError.write(
    Data("Benchmarks: a debug build; figures mean nothing (use -c release)\n".utf8))
#endif

let runner = Runner()
var rows: [ResultRow] = []
var failures: [String] = []
let workspace: Workspace
do {
  workspace = try Workspace()
} catch {
  FileHandle.standardError.write(Data("Benchmarks: no temporary directory: \(error)\n".utf8))
  exit(1)
}

/// Runs one benchmark if it was asked for; a failure is reported and the others still run.
@MainActor func benchmark(_ name: String, _ body: () async throws -> [ResultRow]) async {
  guard options.runs(name) else { return }
  do {
    rows += try await body()
  } catch {
    failures.append("\(name): \(error)")
    FileHandle.standardError.write(Data("Benchmarks: \(name): \(error)\n".utf8))
  }
}

await benchmark(KeystrokeBenchmark.name) {
  try await KeystrokeBenchmark.run(options, runner: runner)
}
await benchmark(ScreenBenchmark.name) { try ScreenBenchmark.run(options, workspace) }
await benchmark(FormEditBenchmark.name) { try FormEditBenchmark.run(options, runner: runner) }
await benchmark(ReplayBenchmark.name) {
  try ReplayBenchmark.run(options, runner: runner, workspace: workspace)
}
await benchmark(WaitingBenchmark.name) { try WaitingBenchmark.run(options, runner, workspace) }
await benchmark(FormReloadBenchmark.name) { try FormReloadBenchmark.run(options, workspace) }
await benchmark(OrderSaveBenchmark.name) {
  try await OrderSaveBenchmark.run(options, runner: runner, workspace: workspace)
}
await benchmark(SuiteBenchmark.name) { try SuiteBenchmark.run(options, runner, workspace) }
await benchmark(SuiteScaleBenchmark.name) {
  try SuiteScaleBenchmark.run(options, runner, workspace)
}
await benchmark(LatencyBenchmark.name) {
  try LatencyBenchmark.run(options, runner: runner, workspace: workspace)
}
workspace.remove()

print("")
print(ResultTable.render(rows))
exit(failures.isEmpty && rows.allSatisfy(\.meetsTarget) ? 0 : 1)

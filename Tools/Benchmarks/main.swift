// The benchmarks of SPEC section 9 (issue 8), release build only:
//   swift build -c release --product Benchmarks && .build/release/Benchmarks
// Each row is measured with a warm-up and enough iterations for a stable median and p99; each
// comparison runs side by side, alternating, in the same run. Prints a Markdown table.
import Foundation

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
do {
  if options.runs(FormEditBenchmark.name) {
    rows += try FormEditBenchmark.run(options, runner: runner)
  }
  if options.runs(OrderSaveBenchmark.name) {
    rows += try await OrderSaveBenchmark.run(options, runner: runner)
  }
} catch {
  FileHandle.standardError.write(Data("Benchmarks: \(error)\n".utf8))
  exit(1)
}
print("")
print(ResultTable.render(rows))
exit(rows.allSatisfy(\.meetsTarget) ? 0 : 1)

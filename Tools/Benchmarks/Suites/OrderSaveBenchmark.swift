import Domain
import Foundation
import Persistence
import UseCases

/// SPEC section 9, row 4: saving an order through `OrderStore.files` against writing the same
/// bytes by hand (write + fsync + rename + directory fsync), in the same directory on the same
/// disk, alternating in the same run.
enum OrderSaveBenchmark {
  static let name = "order-save"

  static func run(
    _ options: Options, runner: Runner, workspace: Workspace
  ) async throws -> [ResultRow] {
    let files = FileStore(
      directory: DataDirectory(path: workspace.path("order-save")),
      report: {
        FileHandle.standardError.write(Data("order-save: the store reported \($0)\n".utf8))
      })
    let orders = OrderStore.files(files)
    let folder = files.directory.path + "/orders"

    // The bytes the store writes for one order, read back from its first file.
    try await orders.save(try Samples.order(number: 1))
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/1.json")))
    let prepared = try (0..<(options.iterations(400) + options.iterations(40) + 2)).map {
      try Samples.order(number: $0 + 2)
    }
    var nextOrder = 0
    var nextRaw = 0
    let (store, raw) = try await runner.sideBySideAsync(
      subject: "OrderStore.files save", baseline: "raw durable write",
      warmUp: options.iterations(40), iterations: options.iterations(400),
      {
        try await orders.save(prepared[nextOrder])
        nextOrder += 1
      },
      against: {
        nextRaw += 1
        try RawDurableWrite.write(bytes, to: folder + "/raw-\(nextRaw).json", in: folder)
      })
    let ratio = store.median.microseconds / raw.median.microseconds
    print(
      "order-save: \(bytes.count) bytes in \(folder); store median \(store.median.formatted) "
        + "p99 \(store.p99.formatted); raw median \(raw.median.formatted) p99 \(raw.p99.formatted)")
    return [
      ResultRow(
        what: "saving an order",
        target: "<= 1.5× write + fsync + rename + directory fsync of the same bytes",
        measured:
          "median \(store.median.formatted) vs \(raw.median.formatted) by hand: "
          + String(format: "%.2f×", ratio),
        meetsTarget: ratio <= 1.5)
    ]
  }
}

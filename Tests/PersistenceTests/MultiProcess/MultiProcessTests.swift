import Domain
import Foundation
import TestSupport
import Testing
import UseCases

@testable import Persistence

/// Several `hotel`-like processes at once, and processes killed in the middle of a save.
@Suite("Several processes")
struct MultiProcessTests {
  /// How many child processes are killed.
  static let rounds = 24

  @Test func concurrentWritersLoseAndCorruptNothing() async throws {
    try await TemporaryDirectory.with { temp in
      let workers = 4
      let count = 20
      // Every worker saves orders 1...count: each number is taken by four different orders,
      // so without the lock two processes would pick the same file name.
      let children = try (0..<workers).map { worker in
        try StressTool.start(["orders", temp.dataDirectory.path, "\(worker)", "\(count)"])
      }
      // Waited for off the cooperative pool: a blocked pool thread stalls every other test.
      let outcomes = try await offThePool {
        children.map {
          process, output, errors -> (status: Int32, said: String, complaint: String) in
          process.waitUntilExit()
          let said = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
          let complaint = String(
            decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
          return (process.terminationStatus, said, complaint)
        }
      }
      for outcome in outcomes {
        #expect(outcome.status == 0, "\(outcome.complaint)")
        #expect(outcome.said == "done\n")
      }

      let log = ReportLog()
      let store = FileStore(directory: temp.dataDirectory, report: log.report)
      let orders = try await OrderStore.files(store).all()
      #expect(orders.count == workers * count)
      let keys = Set(orders.map(\.idempotencyKey))
      for worker in 0..<workers {
        for number in 1...count {
          #expect(keys.contains("worker-\(worker)-order-\(number)"))
        }
      }
      #expect(log.all.isEmpty)
      let names = try #require(try FileSystem.live.list(store.path("orders")))
      #expect(names.count == workers * count)
      #expect(names.allSatisfy { !$0.contains("corrupt") && !$0.contains(".tmp-") })
    }
  }

  @Test func aProcessKilledMidSaveLeavesTheOldOrTheNewDraft() async throws {
    try await TemporaryDirectory.with { temp in
      let size = 256 * 1024
      let log = ReportLog()
      let files = DraftFiles(store: FileStore(directory: temp.dataDirectory, report: log.report))
      try files.write(StressTool.draft(generation: 0, size: size))
      var known = 0
      var random = SplitMix64(seed: 0x5EED_CAFE)

      for round in 0..<Self.rounds {
        // The child announces each step of a write ("step rename") and each durable generation;
        // kill it after a random number of lines: somewhere in a write, at a different step
        // each round. Read and waited for off the cooperative pool.
        let wanted = Int(random.next() % 14) + 1
        let directory = temp.dataDirectory.path
        let (text, killedBySignal) = try await offThePool { () throws -> (String, Bool) in
          let (process, output, _) = try StressTool.start(["drafts", directory, "\(size)"])
          let reader = output.fileHandleForReading
          var text = ""
          while text.filter({ $0 == "\n" }).count < wanted {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
          }
          Platform.killHard(process.processIdentifier)
          process.waitUntilExit()
          text += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
          return (text, process.terminationReason == .uncaughtSignal)
        }
        #expect(killedBySignal, "round \(round)")

        let acknowledged = text.split(separator: "\n").compactMap { Int($0) }.max() ?? known
        let draft = try #require(try files.load(), "round \(round)")
        let generation = try #require(Int(draft.fields["generation"] ?? ""))
        #expect(
          generation == acknowledged || generation == acknowledged + 1,
          "round \(round): acknowledged \(acknowledged), found \(generation)")
        #expect(draft == StressTool.draft(generation: generation, size: size))
        known = generation
      }
      #expect(known >= 1)
      #expect(log.all.isEmpty)
      // A write cleans up what the killed writers left; nothing was ever moved aside.
      try files.write(StressTool.draft(generation: known + 1, size: 10))
      let names = try #require(try FileSystem.live.list(temp.dataDirectory.path))
      #expect(Set(names) == [".lock", "draft.json"])
    }
  }
}

import FixtureAPI
import Foundation
import Persistence
import Testing

@testable import HotelCLI

/// Each run starts a new in-process fixture API; its order numbers are reserved in the data
/// directory, past the saved orders and past the numbers other processes reserved.
@Suite struct OrderNumberingTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("hotel-numbering-\(UUID().uuidString)")

  func numbers(_ names: [String], count: Int = 1) throws -> [Int?] {
    let orders = directory.appendingPathComponent("orders")
    try FileManager.default.createDirectory(at: orders, withIntermediateDirectories: true)
    for name in names {
      try Data("{}".utf8).write(to: orders.appendingPathComponent(name))
    }
    defer { try? FileManager.default.removeItem(at: directory) }
    let next = FlowSession.orderNumbers(
      FileStore(directory: DataDirectory(path: directory.path), report: { _ in }),
      after: FixtureOptions())
    return (0..<count).map { _ in next() }
  }

  @Test func aFreshDirectoryStartsAtTheFixturesFirstNumber() throws {
    #expect(try numbers([], count: 2) == [104_893, 104_894])
  }

  @Test func numbersFollowTheHighestSavedOrder() throws {
    #expect(try numbers(["104893.json", "104900.json", "104895-2.json"]) == [104_901])
  }

  @Test func otherFilesAndLowerNumbersAreIgnored() throws {
    #expect(try numbers(["7.json", "notes.txt", "104999.json.corrupt", ".x.tmp"]) == [104_893])
  }

  @Test func anOrderNumberedIntMaxDoesNotOverflow() throws {
    // `highest + 1` trapped on every start after a server answered order_number Int.max.
    #expect(try numbers(["\(Int.max).json", "99999999999999999999.json"]) == [104_893])
  }

  @Test func aCounterThatCannotBeWrittenStillFollowsTheSavedOrders() throws {
    // `order-number.json` is a folder (a full disk fails the same write): before, the fixture
    // counted from its first number again, 104893, beside the saved 104900, on every order.
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("order-number.json"),
      withIntermediateDirectories: true)
    #expect(try numbers(["104900.json"], count: 3) == [104_901, 104_902, 104_903])
  }

  @Test func processesSharingTheDirectoryNeverGetTheSameNumber() async throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Each reservation opens the lock file anew, so these contend as processes would.
    let all = await withTaskGroup(of: [Int?].self) { group in
      for _ in 0..<4 {
        group.addTask {
          let store = FileStore(directory: DataDirectory(path: directory.path), report: { _ in })
          let next = FlowSession.orderNumbers(store, after: FixtureOptions())
          return (0..<10).map { _ in next() }
        }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(Set(all.compactMap { $0 }).count == 40)
  }
}

import FixtureAPI
import Foundation
import Persistence
import Testing

@testable import HotelCLI

/// Each run starts a new in-process fixture API; its order numbers follow the saved orders.
@Suite struct OrderNumberingTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("hotel-numbering-\(UUID().uuidString)")

  func next(_ names: [String]) throws -> Int {
    let orders = directory.appendingPathComponent("orders")
    try FileManager.default.createDirectory(at: orders, withIntermediateDirectories: true)
    for name in names {
      try Data("{}".utf8).write(to: orders.appendingPathComponent(name))
    }
    defer { try? FileManager.default.removeItem(at: directory) }
    return FlowSession.nextOrderNumber(
      in: DataDirectory(path: directory.path), after: FixtureOptions())
  }

  @Test func aFreshDirectoryStartsAtTheFixturesFirstNumber() throws {
    #expect(try next([]) == FixtureOptions().firstOrderNumber)
  }

  @Test func numbersFollowTheHighestSavedOrder() throws {
    #expect(try next(["104893.json", "104900.json", "104895-2.json"]) == 104_901)
  }

  @Test func otherFilesAndLowerNumbersAreIgnored() throws {
    #expect(try next(["7.json", "notes.txt", "104999.json.corrupt", ".x.tmp"]) == 104_893)
  }
}

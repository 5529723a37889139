import Foundation
import Testing

@testable import FixtureAPI

@Suite("The scope table stays bounded")
struct FixtureScopeTableTests {
  @Test("Opening past the bound closes the oldest open scope, skipping those already closed")
  func bounded() {
    let table = FixtureScopeTable(maxOpen: 3)
    let content = FixtureContentCache()
    let numbers = (0..<3).map { _ in
      table.open(FixtureRouter(options: FixtureOptions(), content: content))
    }
    table.close(numbers[0])
    _ = table.open(FixtureRouter(options: FixtureOptions(), content: content))
    #expect(table.openCount == 3)
    _ = table.open(FixtureRouter(options: FixtureOptions(), content: content))
    #expect(table.openCount == 3)
    #expect(Self.isOpen(table, numbers[1]) == false)
    #expect(Self.isOpen(table, numbers[2]))
  }

  private static func isOpen(_ table: FixtureScopeTable, _ number: Int) -> Bool {
    if case .scope = table.resolve("/scopes/\(number)/hotel") { return true }
    return false
  }
}

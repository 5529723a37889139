import Testing

@testable import HotelCLI

@Suite struct TypeAheadTests {
  @Test func keysComeOutInTheOrderTheyWereTyped() {
    var typeAhead = TypeAhead()
    #expect(typeAhead.isEmpty && typeAhead.waiting == 0 && typeAhead.next() == nil)
    typeAhead.hold(.text("9"))
    typeAhead.hold(.tab)
    typeAhead.hold(.enter)
    #expect(typeAhead.waiting == 3)
    #expect(typeAhead.next() == .text("9"))
    #expect(typeAhead.next() == .tab)
    #expect(typeAhead.next() == .enter)
    #expect(typeAhead.next() == nil)
    #expect(typeAhead.isEmpty)
  }

  @Test func keysBeyondTheLimitAreCountedNotKept() {
    var typeAhead = TypeAhead()
    for _ in 0..<(TypeAhead.limit + 3) { typeAhead.hold(.text("a")) }
    #expect(typeAhead.keys.count == TypeAhead.limit)
    #expect(typeAhead.waiting == TypeAhead.limit + 3)
    #expect(typeAhead.takeOverflow() == 3)
    #expect(typeAhead.takeOverflow() == 0)
    #expect(typeAhead.waiting == TypeAhead.limit)
  }

  @Test func droppingAllSaysHowManyKeysWentAndLeavesNone() {
    var typeAhead = TypeAhead()
    for _ in 0..<(TypeAhead.limit + 2) { typeAhead.hold(.backspace) }
    #expect(typeAhead.dropAll() == TypeAhead.limit + 2)
    #expect(typeAhead == TypeAhead())
  }
}

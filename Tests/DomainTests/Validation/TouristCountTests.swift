import Domain
import Testing

@Suite struct TouristCountTests {
  static let cases: [(count: Int, limits: ClosedRange<Int>, error: ValidationError?)] = [
    (0, 1...4, .tooFewTourists(min: 1)),
    (-1, 1...4, .tooFewTourists(min: 1)),
    (1, 1...4, nil),
    (4, 1...4, nil),
    (5, 1...4, .tooManyTourists(max: 4)),
    (1, 2...3, .tooFewTourists(min: 2)),
    (2, 2...2, nil),
    (3, 2...2, .tooManyTourists(max: 2)),
  ]

  @Test(arguments: cases)
  func countIsWithinTheOffersLimits(count: Int, limits: ClosedRange<Int>, error: ValidationError?) {
    #expect(TouristCount.validate(count, limits: limits) == error)
  }

  @Test func addingAndRemovingStopAtTheLimits() {
    #expect(TouristCount.canAdd(after: 3, limits: 1...4))
    #expect(!TouristCount.canAdd(after: 4, limits: 1...4))
    #expect(TouristCount.canRemove(from: 2, limits: 1...4))
    #expect(!TouristCount.canRemove(from: 1, limits: 1...4))
  }
}

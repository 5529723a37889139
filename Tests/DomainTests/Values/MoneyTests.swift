import Domain
import Foundation
import Testing

@Suite struct MoneyTests {
  @Test func addsAndMultiplies() {
    let perTourist = Money(186_600) + Money(9_300)
    #expect(perTourist == Money(195_900))
    #expect(perTourist * 2 + Money(2_150) == Money(393_950))
    #expect(Money(289_400) * 0 == .zero())
  }

  @Test func defaultsToRoublesAndKeepsTheCurrency() {
    #expect(Money(1).currency == "RUB")
    #expect((Money(1, currency: "EUR") + Money(2, currency: "EUR")).currency == "EUR")
    #expect((Money(3, currency: "EUR") * 3) == Money(9, currency: "EUR"))
    #expect(Money(1, currency: "EUR") != Money(1))
  }

  @Test func convertsAComputedNumberOnlyWhenItFits() {
    #expect(Money(rounding: 300_850.4) == Money(300_850))
    #expect(Money(rounding: -2.5, currency: "EUR") == Money(-3, currency: "EUR"))
    #expect(Money(rounding: 9_007_199_254_740_992) == Money(9_007_199_254_740_992))
    // Each of these trapped in `Int(_:)` of a `Double`.
    for hostile in [
      9.3e18, 1e23, -1e23, .infinity, -.infinity, .nan, Double.greatestFiniteMagnitude,
    ] {
      #expect(Money(rounding: hostile) == nil, "\(hostile)")
    }
  }

  @Test func comparesAmounts() {
    #expect(Money(186_600) < Money(289_400))
    #expect([Money(3), Money(1), Money(2)].sorted() == [Money(1), Money(2), Money(3)])
  }

  @Test func stopsAtTheLimitsInsteadOfOverflowing() {
    #expect(Money(Int.max) + Money(1) == Money(Int.max))
    #expect(Money(Int.min) + Money(-1) == Money(Int.min))
    #expect(Money(Int.max / 2 + 1) * 2 == Money(Int.max))
    #expect(Money(Int.max) * -2 == Money(Int.min))
    #expect(Money(-5) * 3 == Money(-15))
  }

  @Test func roundTripsThroughJSON() throws {
    let money = Money(300_850)
    let data = try JSONEncoder().encode(money)
    #expect(try JSONDecoder().decode(Money.self, from: data) == money)
  }
}

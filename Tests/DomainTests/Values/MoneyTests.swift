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

  @Test func comparesAmounts() {
    #expect(Money(186_600) < Money(289_400))
    #expect([Money(3), Money(1), Money(2)].sorted() == [Money(1), Money(2), Money(3)])
  }

  @Test func roundTripsThroughJSON() throws {
    let money = Money(300_850)
    let data = try JSONEncoder().encode(money)
    #expect(try JSONDecoder().decode(Money.self, from: data) == money)
  }
}

import Domain
import Testing

@Suite struct PriceRuleTests {
  let rule = PriceRule(
    tourPrice: Money(289_400), fuelCharge: Money(9_300), serviceCharge: Money(2_150))

  @Test(arguments: [(1, 300_850), (2, 599_550), (4, 1_196_950)])
  func totalIsPerTouristPricesTimesTouristsPlusServiceCharge(tourists: Int, total: Int) {
    #expect(rule.breakdown(tourists: tourists).total == Money(total))
  }

  @Test func linesAreShownSeparately() {
    let lines = rule.breakdown(tourists: 2)
    #expect(lines.tour == Money(578_800))
    #expect(lines.fuelCharge == Money(18_600))
    #expect(lines.serviceCharge == Money(2_150))
  }
}

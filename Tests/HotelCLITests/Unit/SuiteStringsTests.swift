import Domain
import Testing

@testable import HotelCLI

@Suite struct SuiteStringsTests {
  @Test(arguments: [
    (Duration.milliseconds(820), "0.82 s", "0,82 с"),
    (.milliseconds(12_345), "12.34 s", "12,34 с"),
    (.milliseconds(5), "0.00 s", "0,00 с"),
    (.zero, "0.00 s", "0,00 с"),
  ])
  func seconds(duration: Duration, english: String, russian: String) {
    #expect(SuiteStrings(language: .en).seconds(duration) == english)
    #expect(SuiteStrings(language: .ru).seconds(duration) == russian)
  }

  @Test func summary() {
    let english = SuiteStrings(language: .en)
    #expect(english.summary(passed: 4, failed: 1, skipped: 0) == "4 passed, 1 failed")
    #expect(
      english.summary(passed: 3, failed: 0, skipped: 2) == "3 passed, 0 failed, 2 skipped by --tags"
    )
    #expect(
      SuiteStrings(language: .ru).summary(passed: 3, failed: 1, skipped: 2)
        == "пройдено: 3, не пройдено: 1, пропущено по --tags: 2")
    #expect(
      english.summary(passed: 5, flaky: 1, failed: 0, notRun: 3, skipped: 0)
        == "5 passed, 1 flaky, 0 failed, 3 not run")
    #expect(
      SuiteStrings(language: .ru).summary(passed: 5, flaky: 1, failed: 0, notRun: 3, skipped: 0)
        == "пройдено: 5, нестабильных: 1, не пройдено: 0, не запущено: 3")
  }

  @Test func junitTimesHaveThreeDecimalsAndAPoint() {
    #expect(JUnitReport.seconds(.milliseconds(1_234)) == "1.234")
    #expect(JUnitReport.seconds(.milliseconds(7)) == "0.007")
    #expect(JUnitReport.seconds(.seconds(61)) == "61.000")
  }
}

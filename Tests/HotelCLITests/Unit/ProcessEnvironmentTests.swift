import Foundation
import Testing

@testable import HotelCLI

@Suite("The environment hotel reads")
struct ProcessEnvironmentTests {
  @Test func readsExactlyTheListedVariablesThatAreSet() {
    let whole = ProcessInfo.processInfo.environment
    let expected = whole.filter {
      HotelApp.environmentVariables.contains($0.key)
        || $0.key.hasPrefix(ScriptVariables.environmentPrefix)
    }
    #expect(HotelApp.processEnvironment() == expected)
    // The test process runs with HOME set, so the comparison is not between two empty maps.
    #expect(expected["HOME"] != nil)
  }

  @Test func listsEveryVariableTheHelpNames() {
    for name in ["HOTEL_API_URL", "HOTEL_DATA_DIR", "NO_COLOR", "TMPDIR"] {
      #expect(HelpText.tool.contains(name))
      #expect(HotelApp.environmentVariables.contains(name))
    }
  }
}

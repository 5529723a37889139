import Presentation
import TestSupport
import Testing
import UseCases

@testable import HotelCLI

@MainActor @Suite struct CoordinatorDriverTests {
  @Test func aDraftThatCannotBeSavedIsSaidOnceAndMakesTheExitCodeFour() async {
    let recorder = ConsoleRecorder()
    let coordinator = AppCoordinator(
      api: .inMemory(), orders: .inMemory(),
      drafts: .throwing(.io(operation: "write", path: "draft.json", cause: .noSpace)),
      dependencies: .test())
    let driver = CoordinatorDriver(
      coordinator: coordinator, console: recorder.console, strings: .english)
    #expect(!driver.draftIsUnsaved)
    // The session's flush and the exit's: before, the same message twice and exit 0.
    await driver.flush()
    await driver.flush()
    #expect(driver.draftIsUnsaved)
    #expect(recorder.stderrLines.count == 1)
    #expect(recorder.stderrLines.first?.contains("could not save the unfinished booking") == true)
  }
}

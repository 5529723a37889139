import Domain
import Presentation
import TestSupport
import Testing
import UseCases

@testable import HotelCLI

/// The script runner and the full-screen app act through Presentation's one pipeline and say
/// its refusals in the same words (SPEC section 10).
@MainActor @Suite struct ActionRefusalTests {
  @Test(arguments: [Language.en, .ru])
  func theScriptAndTheFullScreenAppRefuseAlike(language: Language) async {
    let coordinator = AppCoordinator(
      api: .inMemory(), orders: .inMemory(), drafts: .inMemory(),
      dependencies: .test(language: language))
    await coordinator.start(fresh: true)
    await coordinator.settle()
    let strings = CLIStrings(language: language)
    let driver = CoordinatorDriver(
      coordinator: coordinator, console: ConsoleRecorder().console, strings: strings)
    let adapter = PresentationAdapter(coordinator: coordinator)
    let executor = StepExecutor(driver: driver, strings: strings)
    let words = Localizer(language: language)

    let previous = "hotel.photos.previous"
    let disabled = words.actionError(.disabled(previous), on: .hotel)
    #expect(await adapter.perform(.tap(previous)) == "\(previous): \(disabled)")
    #expect(await adapter.perform(.press(.photo(.hotel, .previous))) == "\(previous): \(disabled)")
    #expect(await executor.execute(.tap(previous)) == .failed("tap \(previous): \(disabled)"))

    let button = "hotel.chooseRoom"
    let notAField = words.actionError(.notAField(button), on: .hotel)
    #expect(await adapter.perform(.type(button, "x")) == "\(button): \(notAField)")
    #expect(
      await executor.execute(.type(button, "x")) == .failed("type \(button): \(notAField)"))

    let back = "back: " + words.actionError(.cannotGoBack(.hotel), on: .hotel)
    #expect(await adapter.perform(.back) == back)
    #expect(await executor.execute(.back) == .failed(back))
  }
}

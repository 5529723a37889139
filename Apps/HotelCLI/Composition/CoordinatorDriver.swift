import Presentation
import UseCases

/// The live ``FlowDriver``: the Presentation coordinator, driven by accessibility IDs exactly as
/// a UI test drives the app. Every action waits for quiescence.
@MainActor
final class CoordinatorDriver: FlowDriver {
  private let coordinator: AppCoordinator
  private let console: Console
  /// The refused-form notices already printed on stderr (each is printed once).
  private var reportedProblems: Set<String> = []

  /// Creates a driver over a started coordinator.
  init(coordinator: AppCoordinator, console: Console) {
    self.coordinator = coordinator
    self.console = console
  }

  var snapshot: ScreenSnapshot { coordinator.snapshot }

  func settle() async {
    await coordinator.settle()
    reportFormProblems()
  }

  func tap(_ id: String) async -> String? { await send(.tap(id)) }

  func type(_ id: String, _ text: String) async -> String? { await send(.type(id, text)) }

  func next() async { _ = await send(.next) }

  func back() async -> Bool { await send(.back) == nil }

  func flush() async {
    do {
      try await coordinator.flush()
    } catch {
      console.error("could not save the unfinished booking: \(StoreErrorText.describe(error))")
    }
  }

  private func send(_ action: UserAction) async -> String? {
    do {
      try await coordinator.send(action)
    } catch {
      await coordinator.settle()
      return error.description
    }
    await coordinator.settle()
    reportFormProblems()
    return nil
  }

  /// Prints a refused server form's notice on stderr, once (SPEC section 6: a replay says why
  /// the built-in form is shown).
  private func reportFormProblems() {
    guard case .booking(let booking)? = coordinator.current else { return }
    for notice in booking.status.notices {
      guard case .formSchemaRefused = notice else { continue }
      let text = coordinator.strings.notice(notice)
      if reportedProblems.insert(text).inserted { console.error(text) }
    }
  }
}

import Presentation
import UseCases

/// The live ``FlowDriver``: the Presentation coordinator, driven by accessibility IDs exactly as
/// a UI test drives the app. Every action waits for quiescence.
@MainActor
final class CoordinatorDriver: FlowDriver {
  /// The coordinator (the full-screen app draws it).
  let coordinator: AppCoordinator
  private let console: Console

  /// Creates a driver over a started coordinator.
  init(coordinator: AppCoordinator, console: Console) {
    self.coordinator = coordinator
    self.console = console
  }

  var model: ScreenModel {
    SnapshotAdapter.model(coordinator.snapshot, strings: coordinator.strings)
  }

  func settle() async { await coordinator.settle() }

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
    return nil
  }
}

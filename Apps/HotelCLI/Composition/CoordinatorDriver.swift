import Domain
import Presentation
import UseCases

/// The live ``FlowDriver``: the Presentation coordinator, driven by accessibility IDs exactly as a
/// UI test drives the app.
///
/// Every action waits for quiescence.
@MainActor
final class CoordinatorDriver: FlowDriver {
  /// The coordinator (the full-screen app draws it).
  let coordinator: AppCoordinator
  private let console: Console
  private let strings: CLIStrings

  private var reportedProblems: Set<String> = []

  /// Creates a driver over a started coordinator; `strings` word its messages.
  init(coordinator: AppCoordinator, console: Console, strings: CLIStrings = .english) {
    self.coordinator = coordinator
    self.console = console
    self.strings = strings
  }

  var snapshot: ScreenSnapshot { coordinator.snapshot }

  func settle() async {
    await coordinator.settle()
    reportFormProblems()
  }

  func tap(_ id: String) async -> ActionError? { await send(.tap(id)) }

  func type(_ id: String, _ text: String) async -> ActionError? { await send(.type(id, text)) }

  func next() async { _ = await send(.next) }

  func bringIntoView(_ id: String) { coordinator.bringIntoView(id) }

  func similarIDs(to id: String) -> [String] { coordinator.similarIDs(to: id) }

  func back() async -> ActionError? { await send(.back) }

  func flush() async {
    do {
      try await coordinator.flush()
      draftIsUnsaved = false
    } catch {
      // Said once, however many flushes fail in a row (the session's own and the exit's).
      if !draftIsUnsaved {
        console.error(StoreErrorText.describe(StoreReport.draftNotSaved(error), strings: strings))
      }
      draftIsUnsaved = true
    }
  }

  /// Whether the last flush could not write the draft: the process then exits 4 (the data
  /// directory cannot be used) rather than 0.
  private(set) var draftIsUnsaved = false

  private func send(_ action: UserAction) async -> ActionError? {
    do {
      try await coordinator.send(action)
    } catch {
      await coordinator.settle()
      return error
    }
    await coordinator.settle()
    reportFormProblems()
    return nil
  }

  /// The script lines that rebuild, from a fresh start, the booking shown now: the taps that reach
  /// its screen, the tourists added, and the text of every field (empty when the flow is on Hotel).
  ///
  /// `--record` starts a recording with them, so a replay with `--fresh` starts where a session
  /// that restored a draft started.
  func rebuildingLines() -> [String] {
    var lines: [String] = []
    for screen in coordinator.stack {
      switch screen {
      case .hotel, .paid:
        continue
      case .rooms:
        lines.append("tap " + ElementHandle.button(.showRooms).accessibilityID)
      case .booking(let booking):
        lines.append(
          "tap " + ElementHandle.button(.chooseRoom(booking.state.roomID)).accessibilityID)
        let input = booking.input
        if input.touristCount > 1 {
          let addTourist = "tap " + ElementHandle.button(.addTourist).accessibilityID
          lines += Array(repeating: addTourist, count: input.touristCount - 1)
        }
        // Switches first: a switch that is on can show the fields that depend on it.
        let rank = { (value: BookingInput.Value) in if case .isOn = value { 0 } else { 1 } }
        let fields = input.fields.sorted {
          (rank($0.value), $0.key.rawValue) < (rank($1.value), $1.key.rawValue)
        }
        for (path, value) in fields {
          let id = ElementHandle.field(path).accessibilityID
          let text: String
          switch value {
          case .text(let typed): text = typed
          case .isOn(let isOn): text = isOn ? "true" : "false"
          }
          lines.append("type \(id) \(ScriptRecorder.quoted(text))")
        }
      }
    }
    return lines
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

import Domain
import Observation
import Presentation
import UseCases

/// What the full-screen app reads from and does to Presentation, through Presentation's
/// public host API only (the CLI is just another host): the coordinator's snapshot, drawn as it
/// is (``ShownScreen``, ``BodyLayout``), and keys turned into actions on typed handles through
/// the coordinator's one action pipeline (`tap`, `type`, `next`, `back`), whose refusals it
/// words as the script runner does; a date field's rule is asked which days the calendar
/// offers.
@MainActor
struct PresentationAdapter {
  /// The flow.
  let coordinator: AppCoordinator
  /// The language of the messages about an action that cannot be done.
  let strings: CLIStrings

  /// An adapter over `coordinator`, with the CLI's messages in the coordinator's language.
  init(coordinator: AppCoordinator) {
    self.coordinator = coordinator
    strings = CLIStrings(language: coordinator.strings.language)
  }

  /// What a key asks of the flow: a button pressed by the typed handle its model carries;
  /// the other elements named by their accessibility IDs (what `:` commands and the recorder
  /// write), which ``ElementHandle`` turns back into typed handles.
  enum Action: Equatable, Sendable {
    /// Presses the button (or toggles the section) whose model carries `action` (Enter).
    case press(ButtonAction)
    /// Presses a button, toggles a section or a bool field, or focuses a field.
    case tap(String)
    /// Replaces a field's text.
    case type(String, String)
    /// Return.
    case next
    /// Back one screen.
    case back
  }

  /// The language of the screens.
  var language: Language { coordinator.strings.language }

  /// The current screen; `onChange` is called (once, on any thread) when what it shows changes.
  func screen(onChange: @escaping @Sendable () -> Void) -> ShownScreen {
    withObservationTracking {
      screen
    } onChange: {
      onChange()
    }
  }

  /// The current screen.
  var screen: ShownScreen {
    ShownScreen(coordinator.snapshot, loading: coordinator.strings.loading)
  }

  /// The field the view model has focused (its accessibility ID), or `nil`.
  var focus: String? { coordinator.snapshot.focus }

  /// Performs `action` through Presentation's one action pipeline (the coordinator's
  /// `tap`, `type`, `next` and `back`, as a script's lines are); returns its refusal in the
  /// screen's language, or `nil`.
  func perform(_ action: Action) async -> String? {
    do throws(ActionError) {
      switch action {
      case .press(let buttonAction): try coordinator.tap(.button(buttonAction))
      case .tap(let id): try coordinator.tap(try handle(id))
      case .type(let id, let text): try coordinator.type(text, into: try handle(id))
      case .next: coordinator.next()
      case .back: try coordinator.back()
      }
    } catch {
      return strings.refusal(error, on: coordinator.snapshot.screen)
    }
    return nil
  }

  /// The text Booking's field `id` shows, read alone, or `nil` when there is no such field.
  func value(of id: String) -> String? {
    guard let booking, case .field(let path)? = ElementHandle(accessibilityID: id) else {
      return nil
    }
    return booking.fieldModel(path)?.value
  }

  /// The day Booking's date field `id` holds, or `nil` (no such field, no whole date yet).
  func date(of id: String) -> CalendarDate? {
    guard let booking, case .field(let path)? = ElementHandle(accessibilityID: id) else {
      return nil
    }
    return booking.date(at: path)
  }

  /// Where the focus goes after tourist `ordinal` was removed (Booking's rule), or `nil`.
  func focusAfterRemovingTourist(at ordinal: Int) -> ElementHandle? {
    booking?.focusAfterRemovingTourist(at: ordinal)
  }

  /// Focus left the form's fields for a button: the field that had it is checked.
  func endEditing() {
    if let booking, booking.focusedField != nil { booking.focusedField = nil }
  }

  /// The date field `id`'s rule, asked about single days (the calendar's offer), or `nil`
  /// when `id` is not a date field.
  func dateRule(for id: String) -> DateRule? {
    guard let booking, case .field(let path)? = ElementHandle(accessibilityID: id),
      let check = booking.dateCheck(path)
    else { return nil }
    let strings = coordinator.strings
    return DateRule(today: coordinator.service.dependencies.today()) { date in
      check(date).map { strings.message(for: $0) }
    }
  }

  // MARK: - Private

  private func handle(_ id: String) throws(ActionError) -> ElementHandle {
    guard let handle = ElementHandle(accessibilityID: id) else {
      throw .unknownElement(id, available: [])
    }
    return handle
  }

  private var booking: BookingViewModel? {
    if case .booking(let booking)? = coordinator.current { booking } else { nil }
  }
}

/// A date field's rule, asked about single days: what the calendar offers.
struct DateRule: Sendable {
  /// Today (the injected one).
  var today: CalendarDate
  /// Why `date` cannot be picked, or `nil` when it can.
  var problem: @Sendable (CalendarDate) -> String?

  /// Whether `date` can be picked.
  func accepts(_ date: CalendarDate) -> Bool { problem(date) == nil }
}

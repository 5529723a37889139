import Domain
import Observation
import Presentation
import UseCases

/// What the full-screen app reads from and does to Presentation, through Presentation's
/// public host API only (the CLI is just another host): the coordinator's snapshot, drawn as it
/// is (``ShownScreen``, ``BodyLayout``), and keys turned into typed intents (a button's
/// ``ButtonAction`` through `perform`, a field's ``FieldPath`` through `focusedField` and the
/// text subscript); a date field's rule is asked which days the calendar offers.
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

  /// Performs `action` through the typed intents; returns why it could not be done (in the
  /// screen's language), or `nil`.
  func perform(_ action: Action) async -> String? {
    // A keystroke's path: a field of the booking found by its handle, without building the
    // whole screen's snapshot to look it up.
    if let booking, let field = editableField(action) {
      booking.focusedField = field.path
      switch action {
      case .type(_, let text): booking[text: field.path] = text
      case .tap: if field.keyboard == .toggle { booking.fieldToggled(field.path) }
      default: break
      }
      return nil
    }
    switch action {
    case .press(let buttonAction):
      let snapshot = coordinator.snapshot
      guard let button = snapshot.button(buttonAction) else {
        // Gone since it was drawn: named by the ID its model derives.
        let id = ButtonModel(action: buttonAction, title: "").id
        return strings.noSuchElement(id, screen: snapshot.screen.rawValue)
      }
      guard button.isEnabled else { return "\(button.id): \(strings.buttonIsDisabled)" }
      coordinator.perform(buttonAction)
    case .tap(let id):
      switch element(id) {
      case .failure(let problem): return problem.message
      case .success(.field(let field)):
        guard field.isEnabled, let booking else { return "\(id): \(readOnlyReason)" }
        booking.focusedField = field.path
        if field.keyboard == .toggle { booking.fieldToggled(field.path) }
      case .success(.button(let button)):
        guard button.isEnabled else { return "\(id): \(strings.buttonIsDisabled)" }
        coordinator.perform(button.action)
      }
    case .type(let id, let text):
      switch element(id) {
      case .failure(let problem): return problem.message
      case .success(.button): return "\(id): \(strings.thatIsAButton(id))"
      case .success(.field(let field)):
        guard field.isEnabled, let booking else { return "\(id): \(readOnlyReason)" }
        booking.focusedField = field.path
        booking[text: field.path] = text
      }
    case .next:
      booking?.nextTapped()
    case .back:
      if let refusal = editRefusal { return refusal }
      guard coordinator.canGoBack else {
        return strings.noScreenBefore(coordinator.snapshot.screen.rawValue)
      }
      do {
        try coordinator.back()
      } catch {
        return strings.noScreenBefore(coordinator.snapshot.screen.rawValue)
      }
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
      check(date).map { TerminalText.neutralized(strings.message(for: $0)) }
    }
  }

  // MARK: - Private

  /// The enabled Booking field a `tap` or `type` names, read alone.
  private func editableField(_ action: Action) -> FieldModel? {
    let id: String
    switch action {
    case .tap(let tapped): id = tapped
    case .type(let typed, _): id = typed
    default: return nil
    }
    guard let booking, case .field(let path)? = ElementHandle(accessibilityID: id),
      let field = booking.fieldModel(path), field.isEnabled
    else { return nil }
    return field
  }

  /// Why Booking refuses every edit and going back now (its payment being checked), in the
  /// flow's words; `nil` when it does not.
  private var editRefusal: String? {
    guard let booking, booking.isPaymentPending else { return nil }
    return coordinator.strings.toast(.paymentBeingChecked)
  }

  /// Why a field cannot be edited: the payment being checked, or that it is read-only.
  private var readOnlyReason: String { editRefusal ?? strings.fieldIsReadOnly }

  /// The Booking screen's view model, when Booking is shown.
  private var booking: BookingViewModel? {
    if case .booking(let booking)? = coordinator.current { booking } else { nil }
  }

  /// Why an element cannot be acted on: not on this screen, or inside a collapsed section.
  private struct Problem: Error {
    var message: String
  }

  /// The element with accessibility ID `id` on the shown screen, if a person can reach it.
  private func element(_ id: String) -> Result<ScreenSnapshot.Element, Problem> {
    coordinator.bringIntoView(id)
    let snapshot = coordinator.snapshot
    guard ElementHandle(accessibilityID: id) != nil,
      let (element, isReachable) = snapshot.element(id)
    else {
      return .failure(Problem(message: strings.noSuchElement(id, screen: snapshot.screen.rawValue)))
    }
    guard isReachable else {
      return .failure(Problem(message: "\(id): \(strings.insideCollapsedSection)"))
    }
    return .success(element)
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

import Domain
import Observation
import Presentation
import UseCases

/// Everything the full-screen app reads from and does to Presentation, in one place: the
/// coordinator's snapshot becomes a ``ScreenContent``, keys become the coordinator's actions,
/// and a date field's rule is asked which days the calendar offers. Only this file knows
/// Presentation's component models.
@MainActor
struct PresentationAdapter {
  /// The flow.
  let coordinator: AppCoordinator

  /// What a key asks of the flow.
  enum Action: Equatable, Sendable {
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
  func content(onChange: @escaping @Sendable () -> Void) -> ScreenContent {
    withObservationTracking {
      content
    } onChange: {
      onChange()
    }
  }

  /// The current screen.
  var content: ScreenContent {
    let snapshot = coordinator.snapshot
    let strings = coordinator.strings
    let kinds = fieldKinds()
    var items = snapshot.blocks.map { item($0, kinds: kinds) }
    var footer: ScreenContent.Footer?
    if snapshot.screen == .booking,
      let index = items.firstIndex(where: {
        if case .button(let b) = $0 { b.id == Self.pay } else { false }
      }),
      case .button(let pay) = items[index]
    {
      items.remove(at: index)
      let total = snapshot.field(Self.total)
      footer = .init(
        label: safe(total?.label ?? ""), value: safe(total?.value ?? ""), button: pay)
    }
    var progress: String?
    if snapshot.isLoading {
      progress = safe(snapshot.buttons.first { $0.isInProgress }?.title ?? strings.loading)
    }
    return ScreenContent(
      screen: snapshot.screen.rawValue, title: safe(snapshot.title), items: items,
      focus: snapshot.focus, footer: footer, progress: progress,
      notice: snapshot.notice.map(safe), toast: snapshot.toast.map(safe),
      failure: snapshot.failure.map(safe))
  }

  /// Performs `action`; returns why it could not be done, or `nil`.
  func perform(_ action: Action) async -> String? {
    let userAction: UserAction
    switch action {
    case .tap(let id): userAction = .tap(id)
    case .type(let id, let text): userAction = .type(id, text)
    case .next: userAction = .next
    case .back: userAction = .back
    }
    do {
      try await coordinator.send(userAction)
      return nil
    } catch {
      return safe(error.description)
    }
  }

  /// Focus left the form's fields for a button: the field that had it is checked.
  func endEditing() {
    if case .booking(let booking)? = coordinator.current, booking.state.ui.focus != nil {
      booking.fieldFocused(nil)
    }
  }

  /// The date field `id`'s rule, asked about single days (the calendar's offer), or `nil`
  /// when `id` is not a date field.
  func dateRule(for id: String) -> DateRule? {
    guard case .booking(let booking)? = coordinator.current, id.hasPrefix(Self.prefix),
      let form = booking.state.data.form
    else { return nil }
    let path = FieldPath(String(id.dropFirst(Self.prefix.count)))
    guard let field = form.field(path), field.inputType == .date else { return nil }
    let context = ValidationContext(
      today: coordinator.service.dependencies.today(),
      tripEnd: booking.state.data.offer?.tourDates.stop)
    let strings = coordinator.strings
    let rules = field.rules
    return DateRule(today: context.today) { date in
      for rule in rules {
        if let problem = rule.validate(date.dottedString, in: context) {
          return TerminalText.neutralized(strings.message(for: problem))
        }
      }
      return nil
    }
  }

  // MARK: - Private

  private static let prefix = "booking."
  private static let pay = "booking.pay"
  private static let total = "booking.price.total"

  /// The kind of every Booking field that is not plain text, from the form's definitions.
  private func fieldKinds() -> [String: FieldItem.Kind] {
    guard case .booking(let booking)? = coordinator.current, let form = booking.state.data.form
    else { return [:] }
    var kinds: [String: FieldItem.Kind] = [:]
    for path in form.inputFieldPaths {
      switch form.field(path)?.inputType {
      case .date?: kinds[Self.prefix + path.rawValue] = .date
      case .bool?: kinds[Self.prefix + path.rawValue] = .toggle
      default: break
      }
    }
    return kinds
  }

  private func item(_ block: Block, kinds: [String: FieldItem.Kind]) -> ContentItem {
    switch block {
    case .heading(let text): return .heading(safe(text))
    case .text(let text): return .text(TerminalText.neutralized(text, keepingNewlines: true))
    case .rating(let text): return .rating(safe(text))
    case .price(let amount, let caption):
      return .price(amount: safe(amount), caption: safe(caption))
    case .tags(let tags): return .tags(tags.map(safe))
    case .rows(let rows):
      return .rows(rows.map { .init(label: safe($0.label), value: safe($0.value)) })
    case .carousel(let carousel):
      return .carousel(
        .init(
          position: safe(carousel.position), caption: carousel.currentImageURL.map(safe),
          previous: button(carousel.previous), next: button(carousel.next)))
    case .field(let field):
      let kind = field.isEnabled ? kinds[field.id] ?? .text : .readOnly
      return .field(
        FieldItem(
          id: field.id, label: safe(field.label),
          placeholder: safe(
            field.placeholder.isEmpty ? coordinator.strings.emptyValue : field.placeholder),
          value: safe(field.value), error: field.error.map(safe), isValid: field.isValid,
          kind: kind))
    case .button(let model): return .button(button(model))
    case .section(let section):
      return .section(
        SectionItem(
          id: section.id, title: safe(section.title), isCollapsible: section.isCollapsible,
          isExpanded: section.isExpanded || !section.isCollapsible,
          summary: section.summary.map(safe), hasErrors: section.hasErrors,
          content: section.content.map { item($0, kinds: kinds) }))
    }
  }

  private func button(_ model: ButtonModel) -> ButtonItem {
    ButtonItem(id: model.id, title: safe(model.title), isEnabled: model.isEnabled)
  }

  private func safe(_ text: String) -> String { TerminalText.neutralized(text) }
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

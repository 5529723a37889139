import Domain
import Observation
import UseCases

/// The Booking screen: the offer's summary and details, the form built from the form engine's
/// schema (buyer, tourists 1...N, price details), and Pay.
///
/// Validation timing (SPEC section 4): a non-empty field is checked when focus leaves it; a
/// field showing an error is re-checked on every change; Pay checks every field, expands the
/// sections holding errors and focuses the first. The price details expand by themselves once
/// the form is complete. Pay submits the order with a new idempotency key; a second tap while
/// submitting does nothing.
///
/// An order whose outcome is not known (``isPaymentPending``: in flight, or its answer was
/// lost) holds the form: no field, tourist or going back can change it (an edit is refused
/// with ``Toast/paymentBeingChecked``), the status says "Checking your payment…"
/// (``Notice/checkingPayment``) once an answer was lost, and Pay asks the server again with the
/// same key and the same order until it answers: accepted goes to Paid, a refusal frees the
/// form. The draft keeps the held order, and a screen made from it asks again as it loads.
///
/// Fields computed by the server (`action_url`) are asked for 300 ms after the last edit of
/// their inputs (``UseCases/RemoteFieldCoordinator``), the last edit winning; meanwhile the field
/// and the fields computed from it show progress (``UIState/calculating``), a failure shows on
/// the field (``Validation/remoteFailures``, with `booking.PATH.retry` for a network failure),
/// and Pay is refused until the total is known. A server schema that cannot be used is named in
/// a notice (``Notice/formSchemaRefused(_:)``) and the built-in form is shown.
@MainActor @Observable public final class BookingViewModel {
  /// The offer and the form's values.
  public struct FormData: Hashable, Sendable {
    /// The offer, once loaded.
    public var offer: BookingOffer?
    /// The form's live values, once the offer is loaded.
    public var form: FormState?
    /// What was typed before the form existed (carried from another room or the draft).
    public var initialInput: BookingInput
    /// The order submitted whose outcome is not known yet (it holds the form).
    public var pendingOrder: PendingOrder?
  }

  /// The validation state.
  public struct Validation: Hashable, Sendable {
    /// The current problem of every input field that has one (shown or not).
    public var problems: [FieldPath: ValidationError]
    /// What each checked field shows; fields not in it show nothing.
    public var checks: [FieldPath: FieldCheck]
    /// The fields computed by the server whose latest calculation failed, with why (shown on
    /// the field; Pay refuses while one is shown).
    public var remoteFailures: [FieldPath: RemoteCalculationError] = [:]
    /// Where each server refusal among ``remoteFailures`` is shown, by the field computed: the
    /// input the person typed (the answer's `field`, else the one editable input among the
    /// field's `depends_on`), else the computed field itself.
    public var refusalTargets: [FieldPath: FieldPath] = [:]

    /// Whether every field is valid.
    public var isComplete: Bool { problems.isEmpty && remoteFailures.isEmpty }

    /// The message of a server refusal standing on the field at `path` (an input so refused is
    /// not valid), or `nil`.
    public func refusal(on path: FieldPath) -> String? {
      guard !refusalTargets.isEmpty else { return nil }
      for (remote, target) in refusalTargets where target == path {
        if case .refused(let message, _)? = remoteFailures[remote] { return message }
      }
      return nil
    }

    /// The message-bearing problem a field shows, or `nil`.
    public func shownError(_ path: FieldPath) -> ValidationError? {
      checks[path] == .invalid ? problems[path] : nil
    }
  }

  /// Focus, sections, progress and messages.
  public struct UIState: Hashable, Sendable {
    /// The focused field.
    public var focus: FieldPath?
    /// The collapsed section instances (`tourist.2`, `price`).
    public var collapsed: Set<SectionInstance>
    /// Whether an order submission is in flight.
    public var isSubmitting: Bool
    /// Loading, failure, notices, toast.
    public var status: ScreenStatus
    /// The fields computed by the server whose request is waiting (the 300 ms after an edit)
    /// or in flight: they show progress, and the fields computed from them show "updating".
    public var calculating: Set<FieldPath> = []
  }

  /// Everything the screen shows, grouped.
  public struct State: Hashable, Sendable {
    /// The room being booked.
    public var roomID: Int
    /// The offer and the form's values.
    public var data: FormData
    /// Problems and what is shown of them.
    public var validation: Validation
    /// Focus, sections, progress and messages.
    public var ui: UIState
  }

  /// The current state.
  public internal(set) var state: State
  /// The texts and formats.
  public let strings: Localizer

  /// Loading, submitting, failure with Retry, notices, toast (the same type on every screen).
  public var status: ScreenStatus {
    var status = state.ui.status
    status.isSubmitting = state.ui.isSubmitting
    return status
  }

  let service: BookingService
  private let onRoute: @MainActor (FlowRoute) -> Void
  let onInputChange: @MainActor (BookingInput) -> Void
  let tasks = TaskTracker()
  @ObservationIgnored private var engine: FormEngine?
  @ObservationIgnored private var context: ValidationContext
  /// The snapshot's blocks, rebuilt where the state changed (every change below reports to it).
  @ObservationIgnored let screenCache = BookingScreenCache()
  /// The form's non-empty input texts by path, kept up to date one entry per keystroke (the
  /// draft reads it after every change).
  @ObservationIgnored private var inputFields: [FieldPath: BookingInput.Value] = [:]
  /// The form's tourist count, updated when the layout changes.
  @ObservationIgnored private var touristCount = 1
  /// Per field computed by the server: whether it was visible at the last look (a field that
  /// appears is asked for, one that hides drops its value), and the generation of its latest
  /// request (an answer to an older one is dropped, whatever the coordinator says).
  @ObservationIgnored private var remoteVisible: [FieldPath: Bool] = [:]
  @ObservationIgnored private var remoteGenerations: [FieldPath: Int] = [:]

  /// Creates the screen for `roomID` with what was typed so far.
  /// - Parameters:
  ///   - input: the form's text carried from another room or restored from the draft.
  ///   - restored: shows "Restored your unfinished booking".
  ///   - onRoute: receives ``FlowRoute/paid(_:savedLocally:)``.
  ///   - onInputChange: receives the form's input after every change (for the draft).
  public init(
    roomID: Int, service: BookingService, strings: Localizer, input: BookingInput = BookingInput(),
    restored: Bool = false, onRoute: @escaping @MainActor (FlowRoute) -> Void,
    onInputChange: @escaping @MainActor (BookingInput) -> Void = { _ in }
  ) {
    self.service = service
    self.strings = strings
    self.onRoute = onRoute
    self.onInputChange = onInputChange
    context = ValidationContext(today: service.dependencies.today())
    state = State(
      roomID: roomID,
      data: FormData(
        offer: nil, form: nil, initialInput: input, pendingOrder: input.pendingOrder),
      validation: Validation(problems: [:], checks: [:]),
      ui: UIState(
        focus: nil, collapsed: [], isSubmitting: false,
        status: ScreenStatus(
          notices: (restored ? [.restoredDraft] : [])
            + (input.pendingOrder == nil ? [] : [.checkingPayment]))))
  }

  /// Whether an order submitted from this form has no known outcome yet (in flight, or its
  /// answer was lost): the form is held, read-only, and Pay asks the server about that order
  /// again.
  public var isPaymentPending: Bool { state.data.pendingOrder != nil }

  /// What is typed now (the form's non-empty inputs, the tourist count, the held order).
  public var input: BookingInput {
    guard state.data.form != nil else {
      var input = state.data.initialInput
      input.pendingOrder = state.data.pendingOrder
      return input
    }
    return BookingInput(
      fields: inputFields, touristCount: touristCount, pendingOrder: state.data.pendingOrder)
  }

  // MARK: - Bindings

  /// The focused field (`nil`: none), settable: a SwiftUI view binds `$model.focusedField` to
  /// its `@FocusState`; setting it is ``fieldFocused(_:)`` (the field that loses focus is
  /// checked).
  public var focusedField: FieldPath? {
    get { state.ui.focus }
    set { fieldFocused(newValue) }
  }

  /// The text of the field at `path` as shown (masked), settable: a SwiftUI view binds
  /// `TextField(field.label, text: $model[text: field.path])`; setting it is
  /// ``fieldChanged(_:to:)`` (masked as typed).
  ///
  /// A UIKit view calls ``text(of:)`` and ``fieldChanged(_:to:)``.
  public subscript(text path: FieldPath) -> String {
    get { text(of: path) }
    set { fieldChanged(path, to: newValue) }
  }

  /// Whether the bool field at `path` is on, settable: a SwiftUI `Toggle` binds
  /// `$model[isOn: field.path]` (fields whose ``FieldModel/keyboard`` is `.toggle`); setting it
  /// to a new value is ``fieldToggled(_:)``.
  public subscript(isOn path: FieldPath) -> Bool {
    get { state.data.form.map { Self.isOn(path, in: $0) } ?? false }
    set { if newValue != self[isOn: path] { fieldToggled(path) } }
  }

  /// The text of the field at `path` as shown (masked; a price line as money), or `""` when
  /// there is no such field.
  public func text(of path: FieldPath) -> String { fieldModel(path)?.value ?? "" }

  /// The check a day-by-day date picker makes of each day for the date field at `path`: the field's
  /// rules in this booking's context (the injected today, the trip's last day), the same ones a
  /// typed date meets.
  ///
  /// A day it answers `nil` for can be picked; a problem says why not (``Localizer/message(for:)``
  /// words it). `nil` when the field is not a date field. Unlike ``acceptedDates(_:)``, it also
  /// answers for a schema's own rules on a date field.
  public func dateCheck(_ path: FieldPath) -> (@Sendable (CalendarDate) -> ValidationError?)? {
    guard let rules = dateRules(path) else { return nil }
    let context = context
    return { day in Self.problem(of: day, under: rules, in: context) }
  }

  /// The day the date field at `path` holds, or `nil` while its text is not a whole date (or
  /// it is not a date field): a `DatePicker`'s selection, where a calendar opens.
  public func date(at path: FieldPath) -> CalendarDate? {
    guard fieldModel(path)?.keyboard == .date else { return nil }
    return try? CalendarDate(parsing: text(of: path))
  }

  /// The days the date field at `path` accepts, first to last, by its rules and today (a birth date
  /// before today and at most 120 years ago; a passport expiry after the trip's last day): a
  /// SwiftUI view's `DatePicker(selection:in:)` range, a `UIDatePicker`'s minimum and maximum.
  ///
  /// A picked day is written into the field as `dd.MM.yyyy` with ``fieldChanged(_:to:)``. `nil`
  /// when the field is not a date field (its ``FieldModel/keyboard`` is not `.date`) or its rules
  /// accept no day.
  public func acceptedDates(_ path: FieldPath) -> ClosedRange<CalendarDate>? {
    guard let rules = dateRules(path) else { return nil }
    var first = CalendarDate.earliest
    var last = CalendarDate.latest
    for rule in rules {
      guard let accepted = rule.acceptedDates(in: context) else { continue }
      first = max(first, accepted.lowerBound)
      last = min(last, accepted.upperBound)
    }
    // A rule whose days are none (today on the first day there is) says `nil` as one that
    // does not limit them: the ends are checked against every rule.
    let accepts = { Self.problem(of: $0, under: rules, in: self.context) == nil }
    return first <= last && accepts(first) && accepts(last) ? first...last : nil
  }

  /// The rules of the date field at `path`, or `nil` when it is not a date field.
  private func dateRules(_ path: FieldPath) -> [FieldRule]? {
    guard fieldModel(path)?.keyboard == .date else { return nil }
    return state.data.form?.field(path)?.rules
  }

  /// The first problem `day`, written as a typed date, has under `rules`.
  private nonisolated static func problem(
    of day: CalendarDate, under rules: [FieldRule], in context: ValidationContext
  ) -> ValidationError? {
    rules.lazy.compactMap { $0.validate(day.dottedString, in: context) }.first
  }

  // MARK: - Intents

  /// Performs what a button of this screen does (``ButtonModel/action``): Pay, Add tourist,
  /// Remove tourist K, a section's toggle, Retry, a server calculation's retry; any other
  /// action does nothing here.
  public func perform(_ action: ButtonAction) {
    switch action {
    case .pay: payTapped()
    case .addTourist: addTouristTapped()
    case .removeTourist(let ordinal): removeTouristTapped(ordinal)
    case .toggle(.form(let instance)): sectionToggled(instance)
    case .retry(.booking): retryTapped()
    case .retryCalculation(let path): remoteRetryTapped(path)
    default: break
    }
  }

  /// Loads the offer and the form schema (concurrently) and builds the form; a held order
  /// (restored from the draft) is asked about again at the same time.
  public func load() {
    state.ui.status.failure = nil
    state.ui.status.isLoading = state.data.form == nil
    tasks.start { [weak self] in await self?.fetch() }
    if let pending = state.data.pendingOrder, !state.ui.isSubmitting { submit(pending) }
  }

  /// `booking.retry`.
  public func retryTapped() {
    clearToast()
    load()
  }

  /// A field was focused (`nil`: editing ended); the field that loses focus is checked if it is not
  /// empty.
  ///
  /// Moving the focus is not acting on the flow: the toast and "Restored your unfinished booking"
  /// stay (a message is read, not chased away by Tab or by a host that focuses a field as the
  /// screen appears); the next change, tap or action clears them. A field nobody can edit (hidden
  /// by its `visible_if`, locked by its `enabled_if`, computed) does not take the focus: the focus
  /// stays where it is.
  public func fieldFocused(_ path: FieldPath?) {
    if path != nil, isPaymentPending { return }
    if let path, let form = state.data.form, !Self.canEdit(path, in: form) { return }
    moveFocus(to: path)
  }

  /// The longest text a field keeps, in characters: a longer paste keeps its first
  /// `maximumTextLength` characters and the toast says so (``Toast/textCut(_:)``).
  ///
  /// No field's text is valid beyond it (a name has at most 50, an e-mail 254, and a schema's
  /// pattern never matches a longer text).
  public static let maximumTextLength = 1_000

  /// The text of the field at `path` was replaced by `text` (masked as typed); text beyond
  /// ``maximumTextLength`` characters is left out, and the toast says so.
  public func fieldChanged(_ path: FieldPath, to text: String) {
    clearToast()
    guard !refusedWhileHeld() else { return }
    let masked: String
    let inputType: InputType
    var text = text
    var cut = false
    // `utf8.count` is constant time: only a text of over 1 000 bytes has its characters counted.
    if text.utf8.count > Self.maximumTextLength {
      let kept = text.prefix(Self.maximumTextLength)
      if kept.endIndex < text.endIndex {
        text = String(kept)
        cut = true
      }
    }
    do {
      // Typing never edits a field nobody can see or edit (hidden, locked, computed); one
      // lookup for the three.
      guard let field = state.data.form?.display(path), field.isEditable else {
        return
      }
      inputType = field.definition.inputType
      masked = InputMask.apply(text, for: inputType)
    }
    if inputType == .date {
      let dropped = DateMask.droppedDigits(text)
      if !dropped.isEmpty { state.ui.status.toast = .dateDigitsDropped(dropped) }
    }
    if cut { state.ui.status.toast = .textCut(Self.maximumTextLength) }
    if state.ui.focus != path { moveFocus(to: path) } else { expandSection(holding: path) }
    // Edited in place: taken out of the state while it changes, so its storage is not copied.
    guard var form = state.data.form.take() else { return }
    let changed = form.setText(masked, at: path)
    state.data.form = form
    guard !changed.isEmpty else { return }
    for changedPath in changed { recheck(changedPath, in: form) }
    if let check = state.validation.checks[path] {
      let problem = state.validation.problems[path]
      if check == .invalid {
        state.validation.checks[path] = problem == nil ? .valid : .invalid
      } else if problem != nil {
        state.validation.checks[path] = nil
      }
    }
    screenCache.invalidate(changed)
    inputFields[path] =
      masked.isEmpty
      ? nil : BookingInput.Value(engineText: masked, inputType: inputType)
    // The edited field keeps the focus unless its own edit locked it (an `enabled_if` reading
    // a field computed from it): only then did more than the field itself change.
    if changed.count > 1 { refocusIfUneditable() }
    updateRemoteFields(after: changed)
    formDidChange()
  }

  /// A bool field (`booking.extras.transfer`) was tapped: it switches on or off.
  public func fieldToggled(_ path: FieldPath) {
    guard let form = state.data.form, let field = form.display(path),
      field.definition.inputType == .bool, field.isEditable
    else { return }
    guard !refusedWhileHeld() else { return }
    fieldChanged(path, to: Self.isOn(path, in: form) ? "false" : "true")
  }

  /// Whether the switch at `path` is on as set: its own state, even while a `visible_if` hides
  /// it (its value, what other fields read, is empty then).
  private static func isOn(_ path: FieldPath, in form: FormState) -> Bool {
    FormValue(typed: form.text(path), as: .bool) == .bool(true)
  }

  /// The retry of a field computed by the server whose calculation failed
  /// (`booking.price.discount.retry`): it is asked for again at once.
  public func remoteRetryTapped(_ path: FieldPath) {
    clearToast()
    guard !refusedWhileHeld() else { return }
    guard let form = state.data.form, form.isVisible(path),
      let request = form.remoteRequests().first(where: { $0.path == path })
    else { return }
    calculate(request, debounced: false)
  }

  /// The Return key: focus moves to the next input field in screen order; the last ends
  /// editing.
  public func nextTapped() {
    clearToast()
    guard let form = state.data.form else { return }
    let inputs = form.inputFieldPaths.filter { form.isVisible($0) && form.isEnabled($0) }
    guard let focus = state.ui.focus, let index = inputs.firstIndex(of: focus) else {
      return moveFocus(to: inputs.first)
    }
    moveFocus(to: inputs.indices.contains(index + 1) ? inputs[index + 1] : nil)
  }

  /// A collapsible section (`tourist.2`, `price`) was tapped: it collapses or expands.
  ///
  /// A section the form does not show, or one that does not collapse, is left alone.
  public func sectionToggled(_ instance: SectionInstance) {
    clearToast()
    guard let form = state.data.form,
      form.schema.sections.first(where: { $0.id == instance.sectionID })?.collapsible == true,
      form.sectionInstances.contains(where: {
        $0.sectionID == instance.sectionID && $0.index == instance.index
      })
    else { return }
    if state.ui.collapsed.contains(instance) {
      state.ui.collapsed.remove(instance)
    } else {
      state.ui.collapsed.insert(instance)
    }
  }

  /// `booking.addTourist`: adds a tourist, up to the offer's maximum, and focuses the new
  /// tourist's first field a person can edit (the field left is checked), so typing goes on
  /// into the new section at once, in every host that binds the focused field.
  public func addTouristTapped() {
    clearToast()
    guard !refusedWhileHeld() else { return }
    guard var form = state.data.form,
      (try? form.appendRepeat(Self.touristSection)) != nil
    else { return }
    state.data.form = form
    layoutDidChange()
    revalidateAll()
    let added = form.repeatCount(Self.touristSection)
    if let first = form.inputFieldPaths.first(where: {
      $0.sectionID == Self.touristSection && $0.repeatIndex == added && Self.canEdit($0, in: form)
    }) {
      moveFocus(to: first)
    } else {
      refocusIfUneditable()
    }
    updateRemoteFields(after: nil)
    formDidChange()
  }

  /// Where a host's focus goes after tourist `ordinal` was removed by its Remove button, so
  /// it is not left on the next tourist's Remove (now of the same ID, which a second press
  /// would remove too): the title of the tourist now in its place, else Add tourist, else
  /// `nil` (leave it where it was).
  public func focusAfterRemovingTourist(at ordinal: Int) -> ElementHandle? {
    let next = SectionInstance(sectionID: Self.touristSection, index: ordinal)
    if sections.contains(where: { $0.handle == .form(next) }) { return .section(.form(next)) }
    return addTouristButton.map { .button($0.action) }
  }

  /// `booking.tourist.K.remove` (``ButtonAction/removeTourist(_:)`` carries K): removes tourist
  /// `ordinal` (from 1), down to the offer's minimum; later tourists are renumbered, with what
  /// they show.
  public func removeTouristTapped(_ ordinal: Int) {
    clearToast()
    guard !refusedWhileHeld() else { return }
    guard var form = state.data.form,
      (try? form.removeRepeat(Self.touristSection, at: ordinal)) != nil
    else { return }
    state.data.form = form
    let renumber = { (path: FieldPath) in Self.renumbered(path, removing: ordinal) }
    state.validation.checks = Dictionary(
      uniqueKeysWithValues: state.validation.checks.compactMap { path, check in
        renumber(path).map { ($0, check) }
      })
    state.ui.focus = state.ui.focus.flatMap(renumber)
    state.ui.collapsed = Set(
      state.ui.collapsed.compactMap { Self.renumbered($0, removing: ordinal) })
    layoutDidChange()
    revalidateAll()
    refocusIfUneditable()
    updateRemoteFields(after: nil)
    formDidChange()
  }

  /// `booking.pay`: checks every field; with problems it marks them, expands their sections,
  /// focuses the first and says so; without, it submits the order and moves to Paid.
  ///
  /// While an order is held (``isPaymentPending``) it asks the server about that order again,
  /// unchanged.
  public func payTapped() {
    clearToast()
    guard !state.ui.isSubmitting else { return }
    if let pending = state.data.pendingOrder {
      submit(pending)
      service.prefetchForRestart()
      return
    }
    guard let form = state.data.form, let offer = state.data.offer else { return }
    if Self.hasStarted(offer, today: context.today) {
      state.ui.status.toast = .tourStarted(offer.tourDates.start)
      return
    }
    // The total is not known while the server calculates a price line: nothing is submitted
    // (the order would carry a total the screen has not shown). Decided in Docs/FormSchema.md.
    guard state.ui.calculating.isEmpty else {
      state.ui.status.toast = .priceUpdating
      return
    }
    revalidateAll()
    let inputs = form.inputFieldPaths
    for path in inputs where form.isVisible(path) && form.isEnabled(path) {
      state.validation.checks[path] = state.validation.problems[path] == nil ? .valid : .invalid
    }
    screenCache.invalidateAll()
    let failedRemote = form.remoteFieldPaths.filter {
      state.validation.remoteFailures[$0] != nil && form.isVisible($0)
    }
    let firstProblem = inputs.first(where: { state.validation.problems[$0] != nil })
    if firstProblem != nil || !failedRemote.isEmpty {
      let refused = failedRemote.compactMap { state.validation.refusalTargets[$0] }
      for path in Array(state.validation.problems.keys) + failedRemote + refused {
        state.ui.collapsed.remove(SectionInstance(of: path))
      }
      state.ui.focus =
        firstProblem
        ?? failedRemote.lazy.compactMap { remote in
          self.state.validation.refusalTargets[remote].flatMap { target in
            Self.canEdit(target, in: form) ? target : nil
          } ?? self.editableInput(of: remote)
        }.first
      state.ui.status.toast = .correctHighlightedFields
      return
    }
    // A server's total that cannot be calculated (a price line reads an empty optional field,
    // say): no order for an amount the screen never showed. The price details open on it.
    // The same test as the total and Pay show ("not known"), so what Pay does matches its title.
    let totalPath = BookingComponents.totalPath
    switch BookingComponents.total(state) {
    case .notKnown(let failure)?:
      state.ui.collapsed.remove(SectionInstance(of: totalPath))
      screenCache.invalidateAll()
      state.ui.status.toast = .totalNotCalculated(failure)
      return
    case .notPayable(let total)?:
      state.ui.collapsed.remove(SectionInstance(of: totalPath))
      state.ui.status.toast = .totalNotPayable(total)
      return
    case .amount?, nil:
      break
    }
    let request: OrderRequest
    do throws(OrderRequestError) {
      request = try OrderRequestBuilder.request(from: form, offer: offer)
    } catch {
      state.ui.status.toast = .formCannotPlaceOrder(error.path)
      return
    }
    let pending = service.pendingOrder(for: request)
    state.data.pendingOrder = pending
    screenCache.invalidateAll()
    submit(pending)
    onInputChange(input)
    // Paid leads to the restart: its hotel and rooms load while the order is submitted
    // (started second, so `POST /orders`, which the user waits for, goes out first).
    service.prefetchForRestart()
  }

  /// Waits for the loads and the submission in flight.
  public func settle() async { await tasks.settle() }

  /// Whether no load or submission is in flight.
  public var isIdle: Bool { tasks.isIdle }

  // MARK: - Private

  nonisolated static let touristSection = "tourist"

  private func fetch() async {
    let roomID = state.roomID
    async let offerResult = Self.result { () async throws(APIError) in
      try await self.service.loadOffer(roomID: roomID)
    }
    async let serverSchema = Self.result { () async throws(APIError) in
      try await self.service.loadFormSchema()
    }
    let (loadedOffer, schemaResult) = await (offerResult, serverSchema)
    switch loadedOffer {
    case .success(let loaded):
      state.ui.status.loaded(fromCache: loaded.isFromCache)
      if state.data.form == nil || state.data.offer != loaded.value {
        switch schemaResult {
        case .success(let schema): build(offer: loaded.value, schema: schema, refusal: nil)
        case .failure(let error):
          build(offer: loaded.value, schema: nil, refusal: strings.formSchemaLoadProblem(error))
        }
      }
    case .failure(let error):
      state.ui.status.loadFailed(error, hasContent: state.data.form != nil)
      state.ui.status.isLoading = false
      // The server no longer offers the room: nothing to retry here (the coordinator goes
      // back to Rooms, which says so).
      if error.isNotFound, state.data.form == nil {
        onRoute(.roomUnavailable(roomID: state.roomID))
      }
      return
    }
    state.ui.status.isLoading = false
  }

  /// Builds the form from the server's `schema`, or from the built-in one when there is none
  /// or it cannot be used; a refused schema (`refusal`, or one that does not compile) is named
  /// in a notice, never dropped silently.
  func build(offer: BookingOffer, schema: FormSchema?, refusal: String?) {
    let constants = FormSchema.bookingConstants(for: offer)
    let language = strings.language
    var problem = refusal
    var engine: FormEngine?
    if let schema {
      do throws(FormSchemaError) {
        engine = try service.forms.engine(schema: schema, constants: constants)
      } catch {
        problem = strings.formSchemaProblem(error)
      }
      if engine != nil, let orderProblem = OrderRequestBuilder.orderFieldProblem(in: schema) {
        // A form that can never place an order would trap the person at Pay.
        engine = nil
        problem = strings.orderFieldProblem(orderProblem)
      }
    }
    state.ui.status.notices.removeAll {
      if case .formSchemaRefused = $0 { true } else { false }
    }
    if let problem { state.ui.status.show(.formSchemaRefused(problem)) }
    engine =
      engine
      ?? (try? service.forms.engine(
        schema: FormSchema.booking(language: language), constants: constants))
    guard let engine else { return }
    let input = self.input
    var texts: [FieldPath: String] = [:]
    for (path, value) in input.fields { texts[path] = value.engineText }
    self.engine = engine
    context = ValidationContext(today: service.dependencies.today(), tripEnd: offer.tourDates.stop)
    state.ui.status.notices.removeAll {
      if case .tourStarted = $0 { true } else { false }
    }
    if Self.hasStarted(offer, today: context.today) {
      state.ui.status.show(.tourStarted(offer.tourDates.start))
    }
    state.data.offer = offer
    var form = engine.makeState(
      repeatCounts: [Self.touristSection: input.touristCount], texts: texts)
    // A draft's text for a field the server's form has since made a switch, that is not a
    // switch's state, is dropped: the switch would show "No" while the order carried the text.
    for path in texts.keys where form.field(path)?.inputType == .bool {
      // By its text, not its value: a switch hidden by its `visible_if` keeps its state.
      let switchState = FormValue(typed: form.text(path), as: .bool)
      if switchState != .bool(true), switchState != .bool(false) {
        _ = form.setText("", at: path)
      }
    }
    state.data.form = form
    state.ui.status.notices.removeAll {
      if case .touristsRemoved = $0 { true } else { false }
    }
    let kept = form.repeatCount(Self.touristSection)
    if form.repeatBounds(Self.touristSection) != nil, input.touristCount > kept {
      // More tourists than the offer now takes: the form cannot show them; say so.
      state.ui.status.show(.touristsRemoved(maximum: kept, removed: kept + 1...input.touristCount))
    }
    state.ui.collapsed = Set(
      engine.schema.sections.filter { Self.isComputedOnly($0) && $0.collapsible }.map {
        SectionInstance(sectionID: $0.id)
      })
    layoutDidChange()
    revalidateAll()
    state.validation.checks = [:]
    for (path, _) in texts where state.data.form?.field(path) != nil {
      let problem = state.validation.problems[path]
      state.validation.checks[path] = problem == nil ? .valid : .invalid
    }
    remoteVisible = [:]
    state.ui.calculating = []
    state.validation.remoteFailures = [:]
    state.validation.refusalTargets = [:]
    refocusIfUneditable()
    updateRemoteFields(after: nil, debounced: false)
    expandComputedSectionsIfComplete()
  }

  // MARK: - Server calculations

  /// Asks again for the fields computed by the server whose inputs are among `changed` (all of them
  /// when `nil`) or that just appeared; a field that just hid drops its request and its value.
  ///
  /// Debounced (300 ms after the last edit) unless `debounced` is `false`.
  private func updateRemoteFields(after changed: Set<FieldPath>?, debounced: Bool = true) {
    guard let form = state.data.form else { return }
    for request in form.remoteRequests() {
      let path = request.path
      let isVisible = form.isVisible(path)
      let wasVisible = remoteVisible.updateValue(isVisible, forKey: path)
      let inputsChanged =
        changed.map { changed in request.inputs.keys.contains { changed.contains(FieldPath($0)) } }
        ?? true
      guard inputsChanged || wasVisible != isVisible else { continue }
      if isVisible {
        calculate(request, debounced: debounced)
      } else if wasVisible != nil || state.ui.calculating.contains(path) {
        dropRemote(path)
      }
    }
  }

  /// Starts `request` (after the debounce): the field shows progress and its dependents
  /// "updating" until the answer of the latest request lands.
  private func calculate(_ request: RemoteCalculationRequest, debounced: Bool) {
    let path = request.path
    let generation = (remoteGenerations[path] ?? 0) + 1
    remoteGenerations[path] = generation
    state.ui.calculating.insert(path)
    setRemoteFailure(nil, of: path)
    invalidateRemote(path)
    let coordinator = service.remoteFields
    tasks.start { [weak self] in
      let outcome = await coordinator.calculate(request, debounced: debounced)
      self?.land(outcome, for: path, generation: generation)
    }
  }

  /// The field hid (or lost its inputs): whatever is pending for it is dropped, and so is its
  /// value.
  private func dropRemote(_ path: FieldPath) {
    remoteGenerations[path, default: 0] += 1
    let coordinator = service.remoteFields
    tasks.start { await coordinator.cancel(path) }
    finishRemote(path, value: .empty, failure: nil)
  }

  private func land(_ outcome: RemoteCalculationOutcome, for path: FieldPath, generation: Int) {
    guard remoteGenerations[path] == generation else { return }
    switch outcome {
    case .superseded: return
    case .value(let value): finishRemote(path, value: value, failure: nil)
    case .failure(let error):
      finishRemote(path, value: .empty, failure: error)
      // Shown where the user looks: the section holding the field (or the refused input) opens.
      let shown = state.validation.refusalTargets[path] ?? path
      state.ui.collapsed.remove(SectionInstance(of: shown))
    }
  }

  /// Records why the calculation of `path` failed (`nil`: it did not), and where a refusal is
  /// shown (``Validation/refusalTargets``); the fields that show it, before and after, redraw.
  private func setRemoteFailure(_ failure: RemoteCalculationError?, of path: FieldPath) {
    let target: FieldPath? =
      if case .refused(_, let field)? = failure { refusalTarget(of: path, named: field) } else {
        nil
      }
    if state.validation.remoteFailures[path] != failure {
      state.validation.remoteFailures[path] = failure
    }
    let old = state.validation.refusalTargets[path]
    guard old != target else { return }
    state.validation.refusalTargets[path] = target
    if let old { screenCache.invalidate(old) }
    if let target { screenCache.invalidate(target) }
  }

  /// The field a refusal of the calculation of `remote` is shown on: `named` (the answer's
  /// `field`) when it is an input the form shows, else the one input among the field's inputs a
  /// person can edit, else `remote` itself.
  private func refusalTarget(of remote: FieldPath, named: FieldPath?) -> FieldPath {
    guard let form = state.data.form else { return remote }
    if let named, let display = form.display(named), display.isVisible,
      display.definition.isInput
    {
      return named
    }
    guard let request = form.remoteRequests().first(where: { $0.path == remote }) else {
      return remote
    }
    var editable: [FieldPath] = []
    for key in request.inputs.keys {
      let input = FieldPath(key)
      if form.field(input)?.isInput == true, Self.canEdit(input, in: form) {
        editable.append(input)
      }
    }
    return editable.count == 1 ? editable[0] : remote
  }

  private func finishRemote(_ path: FieldPath, value: FormValue, failure: RemoteCalculationError?) {
    if state.ui.calculating.contains(path) { state.ui.calculating.remove(path) }
    setRemoteFailure(failure, of: path)
    invalidateRemote(path)
    guard var form = state.data.form.take() else { return }
    let changed = form.setRemoteValue(value, at: path)
    state.data.form = form
    for changedPath in changed { recheck(changedPath, in: form) }
    screenCache.invalidate(changed)
    if let focus = state.ui.focus, changed.contains(focus) { refocusIfUneditable() }
    if !changed.isEmpty { updateRemoteFields(after: changed) }
    expandComputedSectionsIfComplete()
  }

  /// The field at `path` and the fields computed from it show something else now.
  private func invalidateRemote(_ path: FieldPath) {
    screenCache.invalidate(path)
    if let form = state.data.form { screenCache.invalidate(form.computedDependents(of: path)) }
  }

  /// The first input a field computed by the server reads that the user can edit (where Pay
  /// puts the focus when the calculation failed).
  private func editableInput(of remote: FieldPath) -> FieldPath? {
    guard let form = state.data.form,
      let request = form.remoteRequests().first(where: { $0.path == remote })
    else { return nil }
    return form.inputFieldPaths.first {
      request.inputs[$0.rawValue] != nil && form.isVisible($0) && form.isEnabled($0)
    }
  }

  /// Sends `pending` (the first time, or again while its outcome is not known).
  private func submit(_ pending: PendingOrder) {
    state.ui.focus = nil
    state.ui.isSubmitting = true
    tasks.start { [weak self] in await self?.send(pending) }
  }

  private func send(_ pending: PendingOrder) async {
    do throws(OrderSubmissionError) {
      let order = try await service.submitOrder(pending)
      finishSubmission(order, savedLocally: true)
    } catch {
      state.ui.isSubmitting = false
      switch error {
      case .api(let apiError) where apiError.leavesOutcomeUnknown:
        // The server may hold the order: the form stays held, and Pay asks again.
        state.ui.status.show(.checkingPayment)
        state.ui.status.toast = .paymentNotConfirmed(apiError)
      case .api(let apiError):
        // A refusal: no order was made, the form is free, the next Pay is a new order.
        state.data.pendingOrder = nil
        state.ui.status.hide(.checkingPayment)
        state.ui.status.toast = .paymentFailed(apiError)
        screenCache.invalidateAll()
        onInputChange(input)
      case .notSaved(let order, _): finishSubmission(order, savedLocally: false)
      }
    }
  }

  private func finishSubmission(_ order: Order, savedLocally: Bool) {
    state.ui.isSubmitting = false
    state.data.pendingOrder = nil
    state.ui.status.hide(.checkingPayment)
    onRoute(.paid(order, savedLocally: savedLocally))
  }

  /// Whether an edit is refused because an order is held (``isPaymentPending``); the toast
  /// says why.
  private func refusedWhileHeld() -> Bool {
    guard isPaymentPending else { return false }
    editRefused()
    return true
  }

  /// An edit of the held form was refused elsewhere (a script's `type` into a read-only
  /// field): the toast says why.
  func editRefused() {
    state.ui.status.toast = .paymentBeingChecked
  }

  /// The focused field can no longer be edited (a change hid it or locked it): the focus moves on
  /// to the next field a person can edit, in screen order, or editing ends when there is none.
  ///
  /// Typing goes nowhere it cannot be seen; the field left is not checked (hidden, it has no
  /// problem to show; locked, none a person could fix).
  private func refocusIfUneditable() {
    guard let focus = state.ui.focus, let form = state.data.form,
      !Self.canEdit(focus, in: form)
    else { return }
    let inputs = form.inputFieldPaths
    let after = inputs.firstIndex(of: focus).map { $0 + 1 } ?? inputs.endIndex
    state.ui.focus = nil
    moveFocus(to: inputs[after...].first { Self.canEdit($0, in: form) })
  }

  /// Whether a person can edit the field at `path`: a shown input that no `enabled_if` locks.
  private static func canEdit(_ path: FieldPath, in form: FormState?) -> Bool {
    form?.display(path)?.isEditable ?? false
  }

  private func moveFocus(to path: FieldPath?) {
    guard state.ui.focus != path else { return }
    if let left = state.ui.focus, let display = state.data.form?.display(left),
      !display.text.isEmpty, display.definition.isInput, display.isEditable
    {
      // Its problem is current (every change rechecks the fields it changed, every layout
      // change all of them): only whether it shows the problem changes.
      state.validation.checks[left] = state.validation.problems[left] == nil ? .valid : .invalid
      screenCache.invalidate(left)
    }
    if let path { expandSection(holding: path) }
    state.ui.focus = path
  }

  /// The field at `path` takes the focus or is typed into: its section opens if it is folded
  /// (what is typed is never hidden under a folded title).
  private func expandSection(holding path: FieldPath) {
    guard !state.ui.collapsed.isEmpty else { return }
    let instance = SectionInstance(of: path)
    if state.ui.collapsed.contains(instance) { state.ui.collapsed.remove(instance) }
  }

  /// Clears the toast (without a change to observe when there is none).
  ///
  /// An intent arrived: the toast and "Restored your unfinished booking" go
  /// (``ScreenStatus/intentArrived()``), without a change to observe when neither is shown.
  private func clearToast() {
    if state.ui.status.carriesIntentMessages { state.ui.status.intentArrived() }
  }

  /// The form's layout or the offer changed: the draft's view of the input and the snapshot's
  /// cache start over from the form.
  private func layoutDidChange() {
    screenCache.reset()
    guard let form = state.data.form else { return }
    let texts = form.inputTexts
    var fields = [FieldPath: BookingInput.Value](minimumCapacity: texts.count)
    for (path, text) in texts {
      fields[path] = BookingInput.Value(engineText: text, inputType: form.field(path)?.inputType)
    }
    inputFields = fields
    touristCount = form.repeatCount(Self.touristSection)
  }

  private func recheck(_ path: FieldPath, in form: FormState) {
    guard form.field(path)?.isInput == true else { return }
    state.validation.problems[path] = form.validate(path, in: context)
  }

  private func revalidateAll() {
    guard let form = state.data.form else { return }
    var problems: [FieldPath: ValidationError] = [:]
    for path in form.inputFieldPaths {
      if let problem = form.validate(path, in: context) { problems[path] = problem }
    }
    state.validation.problems = problems
    state.validation.checks = state.validation.checks.filter { form.field($0.key) != nil }
    screenCache.invalidateAll()
  }

  private func formDidChange() {
    expandComputedSectionsIfComplete()
    onInputChange(input)
  }

  @ObservationIgnored private var wasComplete = false

  /// Expands the price details when the form becomes complete (once per completion).
  private func expandComputedSectionsIfComplete() {
    let complete = state.validation.isComplete && state.data.form != nil
    defer { wasComplete = complete }
    guard complete, !wasComplete, let engine else { return }
    for section in engine.schema.sections where Self.isComputedOnly(section) {
      state.ui.collapsed.remove(SectionInstance(sectionID: section.id))
    }
  }

  private static func isComputedOnly(_ section: FormSection) -> Bool {
    !section.fields.isEmpty && section.fields.allSatisfy { !$0.isInput }
  }

  /// Whether `offer`'s tour has begun: its first day is `today` or earlier (it cannot be
  /// booked, SPEC section 4).
  static func hasStarted(_ offer: BookingOffer, today: CalendarDate) -> Bool {
    offer.tourDates.start <= today
  }

  /// The section instance after removing tourist `ordinal`: later tourists move up, its own
  /// goes away.
  static func renumbered(_ instance: SectionInstance, removing ordinal: Int) -> SectionInstance? {
    guard instance.sectionID == touristSection, let index = instance.index else { return instance }
    if index == ordinal { return nil }
    return index < ordinal ? instance : SectionInstance(sectionID: touristSection, index: index - 1)
  }

  /// The path after removing tourist `ordinal`: later tourists move up, its own go away.
  static func renumbered(_ path: FieldPath, removing ordinal: Int) -> FieldPath? {
    guard path.sectionID == touristSection, let index = path.repeatIndex else { return path }
    if index == ordinal { return nil }
    return index < ordinal
      ? path : FieldPath(section: touristSection, index: index - 1, field: path.fieldID)
  }

  private static func result<Value>(
    _ operation: () async throws(APIError) -> Value
  ) async -> Result<Value, APIError> {
    do throws(APIError) {
      return .success(try await operation())
    } catch {
      return .failure(error)
    }
  }
}

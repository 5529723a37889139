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
  let onRoute: @MainActor (FlowRoute) -> Void
  let onInputChange: @MainActor (BookingInput) -> Void
  let tasks = TaskTracker()
  @ObservationIgnored private(set) var engine: FormEngine?
  @ObservationIgnored private(set) var context: ValidationContext
  /// The snapshot's blocks, rebuilt where the state changed (every change reports to it).
  @ObservationIgnored let screenCache = BookingScreenCache()
  /// The form's non-empty input texts by path, kept up to date one entry per keystroke (the
  /// draft reads it after every change).
  @ObservationIgnored private var inputFields: [FieldPath: BookingInput.Value] = [:]
  @ObservationIgnored private var touristCount = 1
  /// The requests of the fields computed by the server: which were visible, which is latest.
  @ObservationIgnored var remoteRequests = RemoteRequestLedger()
  /// Whether the form was complete at the last look (the price details open once per
  /// completion).
  @ObservationIgnored var wasComplete = false

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

  /// What is typed now (the form's non-empty inputs, the tourist count, the held order).
  public var input: BookingInput {
    guard state.data.form != nil else {
      var input = state.data.initialInput
      input.pendingOrder = state.data.pendingOrder
      return input
    }
    return BookingInput(
      fields: inputFields, touristCount: touristCount, pendingOrder: state.data.pendingOrder,
      pendingIdempotencyKey: state.data.initialInput.pendingIdempotencyKey)
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

  /// Waits for the loads and the submission in flight.
  public func settle() async { await tasks.settle() }

  /// Whether no load or submission is in flight.
  public var isIdle: Bool { tasks.isIdle }

  // MARK: - Building the form

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
    remoteRequests.forgetVisibility()
    state.ui.calculating = []
    state.validation.remoteFailures = [:]
    state.validation.refusalTargets = [:]
    refocusIfUneditable()
    updateRemoteFields(after: nil, debounced: false)
    expandComputedSectionsIfComplete()
  }

  // MARK: - Upkeep after a change

  /// Clears the toast (without a change to observe when there is none).
  ///
  /// An intent arrived: the toast and "Restored your unfinished booking" go
  /// (``ScreenStatus/intentArrived()``), without a change to observe when neither is shown.
  func clearToast() {
    if state.ui.status.carriesIntentMessages { state.ui.status.intentArrived() }
  }

  /// The form's layout or the offer changed: the draft's view of the input and the snapshot's
  /// cache start over from the form.
  func layoutDidChange() {
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

  func recheck(_ path: FieldPath, in form: FormState) {
    guard form.field(path)?.isInput == true else { return }
    state.validation.problems[path] = form.validate(path, in: context)
  }

  func revalidateAll() {
    guard let form = state.data.form else { return }
    var problems: [FieldPath: ValidationError] = [:]
    for path in form.inputFieldPaths {
      if let problem = form.validate(path, in: context) { problems[path] = problem }
    }
    state.validation.problems = problems
    state.validation.checks = state.validation.checks.filter { form.field($0.key) != nil }
    screenCache.invalidateAll()
  }

  func formDidChange() {
    expandComputedSectionsIfComplete()
    onInputChange(input)
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

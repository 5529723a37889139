import Domain
import Foundation
import Observation
import UseCases

/// The root of the flow: owns the screen stack and is the only thing that navigates.
///
/// Screens report routes (``FlowRoute``); the coordinator pushes, pops, restarts after Paid
/// (clearing the draft), saves the draft on every change and restores it on the next start.
///
/// A SwiftUI host shows ``root`` in a `NavigationStack(path: $coordinator.path)` with a
/// destination per ``Screen``; popping the path is ``back()`` with its rules, and
/// ``canGoBack`` says whether to offer it. Each screen's view model has a ``ScreenStatus`` as
/// `status`; ``settle()`` waits until every screen is idle:
///
/// ```swift
/// let server = try LiveServer(baseURL: baseURL, dependencies: dependencies, cache: stores.cache)
/// let coordinator = AppCoordinator(
///   api: server.api, orders: stores.orders, drafts: stores.drafts, cache: stores.cache,
///   dependencies: dependencies, calculator: server.calculator)
/// await coordinator.start()
/// await coordinator.settle()
/// coordinator.perform(.showRooms)   // what Hotel's "Choose a room" does
/// await coordinator.settle()
/// coordinator.path.map(\.kind)      // [.rooms]
/// ```
///
/// Scripts and UI tests may instead address elements by accessibility ID with ``send(_:)`` and
/// read ``snapshot``.
@MainActor @Observable public final class AppCoordinator {
  /// The screens, bottom first; the last is shown.
  ///
  /// Never empty once started.
  public private(set) var stack: [Screen] = []

  /// Why ``start(fresh:draftHeldElsewhere:)`` could not restore the saved draft (one written by
  /// a newer version, left as it is; a file that cannot be read): the flow starts at Hotel, and
  /// the host says why (``Localizer/storeError(_:)``); `nil` when there was none to restore or
  /// it was restored.
  public private(set) var draftNotRestored: StoreError?
  /// The texts and formats of every screen.
  public let strings: Localizer
  /// The application logic every screen uses.
  public let service: BookingService

  /// What was typed into the booking form; not observed: nothing shows it, and it changes on
  /// every keystroke.
  @ObservationIgnored private var bookingInput = BookingInput()
  /// Whether a draft save is scheduled: changes within one turn of the main actor (a burst of
  /// keystrokes) make one save, written with the state at the end of the turn.
  @ObservationIgnored private var isDraftSaveScheduled = false
  /// Whether the shown screen still carries "Restored your unfinished booking": it is said
  /// once, and goes with the first intent after it (not repeated on every redraw).
  @ObservationIgnored private var showsRestoredNotice = false

  /// The handles of the accessibility IDs ``send(_:)`` has read: a script types into the same
  /// fields again and again, and a keystroke should not pay for reading its ID each time (a
  /// bounded number is kept).
  @ObservationIgnored private var handles: [String: ElementHandle?] = [:]
  @ObservationIgnored private let cache: ResponseCache?

  /// Creates a coordinator over `service`; `locale` formats dates (by default `en_GB` or `ru_RU`
  /// after the service's language); ``flush()`` also flushes `cache`.
  ///
  /// Call ``start(fresh:)`` next.
  public init(service: BookingService, cache: ResponseCache? = nil, locale: Locale? = nil) {
    self.service = service
    self.cache = cache
    strings = Localizer(language: service.dependencies.language, locale: locale)
  }

  /// Creates a coordinator from the ports (the composition root's usual call); `cache` is the
  /// live API's response cache, flushed with the draft by ``flush()``; `calculator` answers the
  /// booking form's server calculations (`action_url`); `forms` compiles the booking forms (one
  /// shared by several coordinators of a process compiles each form once).
  public convenience init(
    api: BookingAPI, orders: OrderStore, drafts: DraftStore, cache: ResponseCache? = nil,
    dependencies: Dependencies, calculator: RemoteCalculator = .unavailable,
    locale: Locale? = nil, forms: FormCompilations = FormCompilations()
  ) {
    self.init(
      service: BookingService(
        api: api, orders: orders, drafts: drafts, dependencies: dependencies,
        calculator: calculator, forms: forms),
      cache: cache, locale: locale)
  }

  // MARK: - Lifecycle

  /// Shows the first screen: the restored booking in progress (with "Restored your unfinished
  /// booking") when the draft holds one and `fresh` is false; Hotel otherwise.
  ///
  /// `fresh` discards the draft. A paid booking is finished: a draft that reached Paid (written by
  /// an older version; Paid clears the draft now) is discarded, never restored. Loads start in the
  /// background; ``settle()`` waits for them.
  ///
  /// `draftHeldElsewhere`: another session holds the booking (``SessionLock``); the first screen
  /// says so for as long as it is shown ("Another session holds this booking: changes here are
  /// not saved"), and the host gives a draft store that does not write
  /// (``DraftStore/guarded(by:)``). With `fresh` the flow starts at Hotel, the other session's
  /// draft untouched.
  public func start(fresh: Bool = false, draftHeldElsewhere: Bool = false) async {
    defer { if draftHeldElsewhere { stack.last?.model.show(.draftHeldElsewhere) } }
    if fresh {
      clearDraft()
    } else if let draft = await restorableDraft() {
      if Self.isWorthRestoring(draft) {
        await restore(draft)
        return
      }
      if Self.isPaid(draft) { clearDraft() }
    }
    let hotel = makeHotel()
    stack = [.hotel(hotel)]
    hotel.load()
  }

  /// The screen shown.
  public var current: Screen? { stack.last }

  // MARK: - Navigation

  /// The saved draft, or `nil` when there is none or it cannot be read (then
  /// ``draftNotRestored`` says why).
  private func restorableDraft() async -> BookingDraft? {
    do {
      draftNotRestored = nil
      return try await service.restoreDraft()
    } catch {
      draftNotRestored = error
      return nil
    }
  }

  /// The bottom screen (Hotel): a `NavigationStack`'s root view.
  public var root: Screen? { stack.first }

  /// The screens above ``root``, bottom first: what `NavigationStack(path:)` binds to.
  ///
  /// Setting a shorter path goes back screen by screen with ``back()``'s rules, stopping where
  /// going back is not allowed (the path then stays as the coordinator has it); any other change is
  /// ignored, as only the coordinator pushes.
  public var path: [Screen] {
    get { Array(stack.dropFirst()) }
    set {
      let target = newValue.count + 1
      guard target < stack.count, Array(stack.prefix(target).dropFirst()) == newValue else {
        // Tell observers the path is what it was (a view that popped by itself redraws).
        stack = stack
        return
      }
      while stack.count > target, canGoBack {
        try? back()
      }
      if stack.count != target { stack = stack }
    }
  }

  /// Whether ``back()`` is allowed now: not on Hotel, not on Paid (a paid booking is finished;
  /// Done starts over), not while an order is being submitted or its outcome is not known
  /// (``BookingViewModel/isPaymentPending``).
  public var canGoBack: Bool {
    guard stack.count > 1, let top = stack.last else { return false }
    switch top {
    case .hotel, .paid: return false
    case .booking(let booking): return !booking.state.ui.isSubmitting && !booking.isPaymentPending
    case .rooms: return true
    }
  }

  /// Goes back one screen (what typed into the booking form is kept).
  /// - Throws: ``ActionError/cannotGoBack(_:)`` on Hotel and Paid;
  ///   ``ActionError/paymentPending(_:)`` (`back`) while an order submitted from Booking has no
  ///   known outcome (being submitted, or its answer lost).
  public func back() throws(ActionError) {
    guard let top = stack.last else { return }
    guard canGoBack else {
      if case .booking = top {
        throw .paymentPending("back")
      }
      throw .cannotGoBack(top.kind)
    }
    if case .booking(let booking) = top { bookingInput = booking.input }
    stack.removeLast()
    saveDraft()
  }

  /// Performs what a button of the shown screen does (``ButtonModel/action``); an action that
  /// is not the shown screen's does nothing.
  public func perform(_ action: ButtonAction) {
    stack.last?.model.perform(action)
  }

  /// Whether every screen, the Rooms prefetch and the draft writes are idle (see ``settle()``).
  public var isIdle: Bool {
    !isDraftSaveScheduled && stack.allSatisfy { $0.model.isIdle }
  }

  /// Waits until every screen's loads and submissions, the Rooms prefetch and the draft
  /// writes are done (with the live clock and network this is real waiting; in tests advance
  /// the test clock first when answers are slow).
  public func settle() async {
    repeat {
      commitDraft()
      for screen in stack { await screen.model.settle() }
      await service.settle()
    } while isDraftSaveScheduled || stack.contains { !$0.model.isIdle }
  }

  /// Writes the draft and the response cache's pending entries to disk now, at the same time:
  /// the one call a host makes before the process exits (or the app goes to the background).
  /// - Throws: the draft's ``UseCases/StoreError`` (the cache is best effort).
  public func flush() async throws(StoreError) {
    commitDraft()
    async let cacheWritten: Void? = cache?.flush()
    do {
      try await service.flushDraft()
    } catch {
      _ = await cacheWritten
      throw error
    }
    _ = await cacheWritten
  }

  // MARK: - Scripting

  /// What the shown screen displays.
  public var snapshot: ScreenSnapshot {
    stack.last?.model.snapshot
      ?? ScreenSnapshot(screen: .hotel, title: strings.title(.hotel), blocks: [], isLoading: true)
  }

  /// The IDs a script can address on the shown screen, in screen order.
  public var availableIDs: [String] { snapshot.availableIDs }

  /// Brings the element with accessibility ID `id` into view when the shown screen has it off what
  /// it shows now, as a UI test's query scrolls to an element: a room off the shown page of a long
  /// catalogue (`rooms.room.40000.choose`) gets its page shown.
  ///
  /// Any other ID changes nothing. ``send(_:)`` does this itself; a host that reads the snapshot
  /// for an ID first (to check an expectation) calls it before.
  public func bringIntoView(_ id: String) {
    guard let screen = stack.last?.model, let handle = handle(id) else { return }
    screen.bringIntoView(handle)
  }

  /// IDs of elements the shown screen has, shown or not, close to `id` when it has no element `id`:
  /// rooms of a long catalogue off the shown page whose ID is a typo or two away
  /// (`rooms.room.40001.choose` for `rooms.room.4001.choose`).
  ///
  /// A "did you mean" hint offers them beside ``availableIDs``. Empty for any other ID.
  public func similarIDs(to id: String) -> [String] {
    guard let screen = stack.last?.model, let handle = handle(id) else { return [] }
    return screen.similarIDs(to: handle)
  }

  /// Performs `action`, addressed by accessibility IDs, on the shown screen (the script language's
  /// `tap`, `type`, `next`, `back`): each ID is read into its ``ElementHandle`` once, and the
  /// action goes through ``tap(_:)``, ``type(_:into:)``, ``next()`` and ``back()``, the one
  /// pipeline every host uses.
  ///
  /// It returns once the action's immediate effect is visible; loads it started run on
  /// (``settle()`` waits for them). - Throws: ``ActionError`` naming what is wrong (an ID no
  /// element could have is ``ActionError/unknownElement(_:available:)``); the screen is unchanged
  /// then.
  public func send(_ action: UserAction) async throws(ActionError) {
    guard let screen = stack.last?.model else { return }
    hideRestoredNotice(on: screen)
    switch action {
    case .back:
      try back()
    case .next:
      next()
    case .tap(let id):
      try tap(try parsed(id, on: screen))
    case .type(let id, let text):
      try type(text, into: try parsed(id, on: screen))
    }
  }

  // MARK: - Actions on elements

  /// Taps the element `handle` names on the shown screen, as a person would: presses a button or a
  /// section's toggle, focuses a field (and switches a bool field).
  ///
  /// Whether it can be acted on is ``ScreenSnapshot/tapTarget(_:)``'s rule, the one every host
  /// gets: a field is reachable wherever it is (focusing one in a collapsed section expands it), a
  /// button is not while inside a collapsed section, a disabled button or a read-only field
  /// refuses.
  ///
  /// ```swift
  /// try coordinator.tap(.button(.pay))
  /// try coordinator.tap(.field(FieldPath("buyer.email")))
  /// ```
  /// - Throws: ``ActionError`` (worded by ``Localizer/actionError(_:on:)``); the screen is
  ///   unchanged then.
  public func tap(_ handle: ElementHandle) throws(ActionError) {
    guard let screen = stack.last?.model else { return }
    do throws(ActionError) {
      // A field is looked up alone; the whole snapshot is built only for buttons and errors.
      if case .field(let path) = handle, let field = screen.fieldModel(path) {
        try field.checkEditable()
        focus(field, on: screen)
        return
      }
      screen.bringIntoView(handle)
      switch try screen.snapshot.tapTarget(handle) {
      case .field(let field): focus(field, on: screen)
      case .button(let button):
        hideRestoredNotice(on: screen)
        screen.perform(button.action)
        if case .booking(let booking)? = stack.last, booking.status.toast == .paymentBeingChecked {
          // Add or remove a tourist, a calculation's retry: refused while the order is held.
          throw ActionError.paymentPending(button.id)
        }
      }
    } catch {
      throw refined(error)
    }
  }

  /// Focuses the field `handle` names and replaces its text with `text` (masked as typed;
  /// `""` clears it), by the rule of ``ScreenSnapshot/typeTarget(_:)``.
  /// - Throws: ``ActionError`` (a button: ``ActionError/notAField(_:)``); the screen is
  ///   unchanged then.
  public func type(_ text: String, into handle: ElementHandle) throws(ActionError) {
    guard let screen = stack.last?.model else { return }
    let field: FieldModel
    do throws(ActionError) {
      if case .field(let path) = handle, let found = screen.fieldModel(path) {
        try found.checkEditable()
        field = found
      } else {
        field = try screen.snapshot.typeTarget(handle)
      }
    } catch {
      throw refined(error)
    }
    hideRestoredNotice(on: screen)
    screen.fieldFocused(field.path)
    screen.fieldChanged(field.path, to: text)
  }

  /// The Return key on the shown screen: the focus moves to the next field in screen order;
  /// on the last it ends editing.
  public func next() {
    stack.last?.model.nextTapped()
  }

  private func focus(_ field: FieldModel, on screen: any ScreenModel) {
    screen.fieldFocused(field.path)
    if field.keyboard == .toggle {
      hideRestoredNotice(on: screen)
      screen.fieldToggled(field.path)
    }
  }

  /// A read-only field of a Booking whose order's outcome is not known: the payment being
  /// checked is why (the screen's toast says it too), not that it is read-only.
  private func refined(_ error: ActionError) -> ActionError {
    guard case .readOnly(let id) = error, case .booking(let booking)? = stack.last,
      booking.isPaymentPending
    else { return error }
    booking.editRefused()
    return .paymentPending(id)
  }

  private func hideRestoredNotice(on screen: any ScreenModel) {
    guard showsRestoredNotice else { return }
    showsRestoredNotice = false
    screen.hide(.restoredDraft)
  }

  private func parsed(
    _ id: String, on screen: any ScreenModel
  ) throws(ActionError)
    -> ElementHandle
  {
    guard let handle = handle(id) else {
      throw .unknownElement(id, available: screen.snapshot.availableIDs)
    }
    return handle
  }

  private func handle(_ id: String) -> ElementHandle? {
    if let known = handles[id] { return known }
    let parsed = ElementHandle(accessibilityID: id)
    if handles.count >= 1_024 { handles.removeAll(keepingCapacity: true) }
    handles[id] = .some(parsed)
    return parsed
  }

  // MARK: - Routes

  private func handle(_ route: FlowRoute) {
    switch route {
    case .rooms:
      let rooms = makeRooms()
      stack.append(.rooms(rooms))
      rooms.load()
    case .booking(let roomID):
      if case .rooms(let rooms)? = stack.last { rooms.hide(.roomUnavailable) }
      let booking = makeBooking(roomID: roomID, restored: false)
      stack.append(.booking(booking))
      booking.load()
    case .roomUnavailable(let roomID):
      guard case .booking(let booking)? = stack.last, booking.state.roomID == roomID else { return }
      stack.removeLast()
      if stack.last?.kind != .rooms {
        let rooms = makeRooms()
        stack.append(.rooms(rooms))
        rooms.load()
      }
      stack.last?.model.show(.roomUnavailable)
    case .paid(let order, let savedLocally):
      bookingInput.pendingOrder = nil
      bookingInput.pendingIdempotencyKey = nil
      stack.append(
        .paid(
          PaidViewModel(
            orderNumber: order.number, order: order, savedLocally: savedLocally,
            strings: strings, onRoute: { [weak self] in self?.handle($0) })))
      // A paid booking is finished (SPEC section 4): nothing is left to restore.
      clearDraft()
      return
    case .restart:
      restart()
      return
    }
    saveDraft()
  }

  private func restart() {
    var previous: Hotel?
    if case .hotel(let hotel) = stack.first { previous = hotel.state.hotel }
    bookingInput = BookingInput()
    clearDraft()
    let hotel = makeHotel(showing: previous)
    stack = [.hotel(hotel)]
    hotel.load(.cacheThenRevalidate)
  }

  // MARK: - Draft

  /// Schedules a draft save at the end of this turn of the main actor, unless one is scheduled
  /// already (it reads the state when it runs).
  ///
  /// A keystroke thus costs no task and no thread wake-up of its own; ``settle()`` and ``flush()``
  /// write a scheduled save at once.
  private func saveDraft() {
    guard !isDraftSaveScheduled else { return }
    isDraftSaveScheduled = true
    Task { [weak self] in self?.commitDraft() }
  }

  private func commitDraft() {
    guard isDraftSaveScheduled else { return }
    isDraftSaveScheduled = false
    service.saveDraft(
      BookingDraft(
        stack: stack.map(\.step),
        fields: Dictionary(
          uniqueKeysWithValues: bookingInput.fields.map { ($0.key.rawValue, $0.value.engineText) }),
        touristCount: bookingInput.touristCount, pendingOrder: bookingInput.pendingOrder,
        pendingIdempotencyKey: bookingInput.pendingIdempotencyKey))
  }

  /// Removes the draft, dropping any save still scheduled (it would bring it back).
  private func clearDraft() {
    isDraftSaveScheduled = false
    service.clearDraft()
  }

  private func restore(_ draft: BookingDraft) async {
    // The draft keeps text; a switch's "true" is typed as one when its form loads.
    bookingInput = BookingInput(
      fields: Dictionary(
        uniqueKeysWithValues: draft.fields.map {
          (FieldPath($0.key), BookingInput.Value.text($0.value))
        }),
      touristCount: draft.touristCount, pendingOrder: draft.pendingOrder,
      pendingIdempotencyKey: draft.pendingOrder == nil ? draft.pendingIdempotencyKey : nil)
    var steps = draft.stack
    if let pending = draft.pendingOrder,
      !steps.contains(where: { if case .booking = $0 { true } else { false } })
    {
      // The held order is asked about again from its Booking screen.
      steps.append(.booking(roomID: pending.request.offer.roomID))
    }
    var screens: [Screen] = []
    for step in Self.canonical(steps) {
      switch step {
      case .hotel:
        let hotel = makeHotel()
        screens.append(.hotel(hotel))
        hotel.load()
      case .rooms:
        let rooms = makeRooms()
        screens.append(.rooms(rooms))
        rooms.load()
      case .booking(let roomID):
        let booking = makeBooking(roomID: roomID, restored: false)
        screens.append(.booking(booking))
        booking.load()
      case .paid(let number):
        let order = try? await service.savedOrders().last { $0.number == number }
        screens.append(
          .paid(
            PaidViewModel(
              orderNumber: number, order: order ?? nil, strings: strings,
              onRoute: { [weak self] in self?.handle($0) })))
      }
    }
    screens.last?.model.show(.restoredDraft)
    showsRestoredNotice = true
    stack = screens
  }

  private static func isWorthRestoring(_ draft: BookingDraft) -> Bool {
    !isPaid(draft)
      && (draft.stack.contains { $0 != .hotel } || !draft.fields.isEmpty
        || draft.pendingOrder != nil)
  }

  private static func isPaid(_ draft: BookingDraft) -> Bool {
    draft.stack.contains { if case .paid = $0 { true } else { false } }
  }

  /// The stack a draft's steps describe, in a valid order: Hotel at the bottom, then Rooms,
  /// Booking and Paid as far as the draft went (anything else in a damaged file is dropped).
  static func canonical(_ steps: [FlowStep]) -> [FlowStep] {
    var result: [FlowStep] = [.hotel]
    let booking = steps.last { if case .booking = $0 { true } else { false } }
    let paid = steps.last { if case .paid = $0 { true } else { false } }
    if let paid { return result + [paid] }
    if steps.contains(.rooms) || booking != nil { result.append(.rooms) }
    if let booking { result.append(booking) }
    return result
  }

  // MARK: - Factories

  private func makeHotel(showing hotel: Hotel? = nil) -> HotelViewModel {
    HotelViewModel(
      service: service, strings: strings, hotel: hotel,
      onRoute: { [weak self] in self?.handle($0) })
  }

  private func makeRooms() -> RoomsViewModel {
    RoomsViewModel(service: service, strings: strings, onRoute: { [weak self] in self?.handle($0) })
  }

  private func makeBooking(roomID: Int, restored: Bool) -> BookingViewModel {
    BookingViewModel(
      roomID: roomID, service: service, strings: strings, input: bookingInput,
      restored: restored, onRoute: { [weak self] in self?.handle($0) },
      onInputChange: { [weak self] input in
        self?.bookingInput = input
        self?.saveDraft()
      })
  }
}

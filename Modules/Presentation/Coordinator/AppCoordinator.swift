import Domain
import Foundation
import Observation
import UseCases

/// The root of the flow: owns the screen stack and is the only thing that navigates. Screens
/// report routes (``FlowRoute``); the coordinator pushes, pops, restarts after Paid (clearing
/// the draft), saves the draft on every change and restores it on the next start.
///
/// Hosts show the top of ``stack`` (SwiftUI: a `NavigationStack` over it). Scripts and UI
/// tests drive it by accessibility IDs with ``send(_:)``, wait with ``settle()`` and read
/// ``snapshot``:
///
/// ```swift
/// let coordinator = AppCoordinator(
///   api: api, orders: orders, drafts: drafts, dependencies: .live(language: .en))
/// await coordinator.start()
/// await coordinator.settle()
/// try await coordinator.send(.tap("hotel.chooseRoom"))
/// await coordinator.settle()
/// coordinator.snapshot.screen  // .rooms
/// ```
@MainActor @Observable public final class AppCoordinator {
  /// A screen on the stack, with its view model.
  @MainActor public enum Screen {
    /// The hotel.
    case hotel(HotelViewModel)
    /// The rooms.
    case rooms(RoomsViewModel)
    /// The booking form.
    case booking(BookingViewModel)
    /// The accepted order.
    case paid(PaidViewModel)

    /// Which screen.
    public var kind: ScreenKind { model.kind }

    var model: any ScreenModel {
      switch self {
      case .hotel(let model): model
      case .rooms(let model): model
      case .booking(let model): model
      case .paid(let model): model
      }
    }
  }

  /// The screens, bottom first; the last is shown. Never empty.
  public private(set) var stack: [Screen] = []
  /// The texts and formats of every screen.
  public let strings: Localizer
  /// The application logic every screen uses.
  public let service: BookingService

  /// What was typed into the booking form, kept across rooms and saved in the draft (not
  /// observed: nothing shows it, and it changes on every keystroke).
  @ObservationIgnored private var bookingInput = BookingInput()
  /// Whether a draft save is scheduled: changes within one turn of the main actor (a burst of
  /// keystrokes) make one save, written with the state at the end of the turn.
  @ObservationIgnored private var isDraftSaveScheduled = false
  /// Whether the shown screen still carries "Restored your unfinished booking": it is said
  /// once, and goes with the first intent after it (not repeated on every redraw).
  @ObservationIgnored private var showsRestoredNotice = false

  /// Creates a coordinator over `service`; `locale` formats dates (by default `en_GB` or
  /// `ru_RU` after the service's language). Call ``start(fresh:)`` next.
  public init(service: BookingService, locale: Locale? = nil) {
    self.service = service
    strings = Localizer(language: service.dependencies.language, locale: locale)
  }

  /// Creates a coordinator from the ports (the composition root's usual call); `calculator`
  /// answers the booking form's server calculations (`action_url`).
  public convenience init(
    api: BookingAPI, orders: OrderStore, drafts: DraftStore, dependencies: Dependencies,
    calculator: RemoteCalculator = .unavailable, locale: Locale? = nil
  ) {
    self.init(
      service: BookingService(
        api: api, orders: orders, drafts: drafts, dependencies: dependencies,
        calculator: calculator),
      locale: locale)
  }

  // MARK: - Lifecycle

  /// Shows the first screen: the restored booking in progress (with "Restored your unfinished
  /// booking") when the draft holds one and `fresh` is false; Hotel otherwise. `fresh` discards
  /// the draft. A paid booking is finished: a draft that reached Paid (written by an older
  /// version; Paid clears the draft now) is discarded, never restored. Loads start in the
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
    } else if let draft = try? await service.restoreDraft() {
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

  /// Goes back one screen (what typed into the booking form is kept).
  /// - Throws: ``ActionError/cannotGoBack(_:)`` on Hotel and Paid;
  ///   ``ActionError/disabled(_:)`` (`back`) while an order is being submitted.
  public func back() throws(ActionError) {
    guard let top = stack.last else { return }
    switch top {
    case .hotel, .paid: throw .cannotGoBack(top.kind)
    case .booking(let booking):
      if booking.state.ui.isSubmitting { throw .disabled("back") }
      bookingInput = booking.input
    case .rooms: break
    }
    stack.removeLast()
    saveDraft()
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

  /// Writes the draft to disk now (before the process exits).
  public func flush() async throws(StoreError) {
    commitDraft()
    try await service.flushDraft()
  }

  // MARK: - Scripting

  /// What the shown screen displays.
  public var snapshot: ScreenSnapshot {
    stack.last?.model.snapshot
      ?? ScreenSnapshot(screen: .hotel, title: strings.title(.hotel), blocks: [], isLoading: true)
  }

  /// The IDs a script can address on the shown screen, in screen order.
  public var availableIDs: [String] { snapshot.availableIDs }

  /// Performs `action` on the shown screen. It returns once the action's immediate effect is
  /// visible; loads it started run on (``settle()`` waits for them).
  ///
  /// - `tap` on a field focuses it (and switches a bool field); on a button or section toggle
  ///   presses it.
  /// - `type` focuses the field and replaces its text (masked as typed; `""` clears).
  /// - Throws: ``ActionError`` naming what is wrong; the screen is unchanged then.
  public func send(_ action: UserAction) async throws(ActionError) {
    guard let screen = stack.last?.model else { return }
    if showsRestoredNotice {
      showsRestoredNotice = false
      screen.hide(.restoredDraft)
    }
    switch action {
    case .back:
      try back()
    case .next:
      screen.nextTapped()
    case .tap(let id):
      // A field is looked up alone; the whole snapshot is built only for buttons and errors.
      if let field = screen.field(id: id) {
        guard field.isEnabled else { throw .disabled(id) }
        screen.focused(id)
        if field.keyboard == .toggle { screen.toggled(id) }
        return
      }
      let snapshot = screen.snapshot
      if let button = snapshot.button(id) {
        guard button.isEnabled else { throw .disabled(id) }
        screen.tapped(id)
      } else {
        throw .unknownElement(id, available: snapshot.availableIDs)
      }
    case .type(let id, let text):
      if let field = screen.field(id: id) {
        guard field.isEnabled else { throw .disabled(id) }
        screen.focused(id)
        screen.typed(text, into: id)
        return
      }
      let snapshot = screen.snapshot
      if snapshot.button(id) != nil {
        throw .notAField(id)
      } else {
        throw .unknownElement(id, available: snapshot.availableIDs)
      }
    }
  }

  // MARK: - Routes

  private func handle(_ route: FlowRoute) {
    switch route {
    case .rooms:
      let rooms = makeRooms()
      stack.append(.rooms(rooms))
      rooms.load()
    case .booking(let roomID):
      let booking = makeBooking(roomID: roomID, restored: false)
      stack.append(.booking(booking))
      booking.load()
    case .paid(let order, let savedLocally):
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

  /// Schedules a draft save at the end of this turn of the main actor, unless one is
  /// scheduled already (it reads the state when it runs). A keystroke thus costs no task and no
  /// thread wake-up of its own; ``settle()`` and ``flush()`` write a scheduled save at once.
  private func saveDraft() {
    guard !isDraftSaveScheduled else { return }
    isDraftSaveScheduled = true
    Task { [weak self] in self?.commitDraft() }
  }

  /// Hands the scheduled save, if any, to the service's background writer.
  private func commitDraft() {
    guard isDraftSaveScheduled else { return }
    isDraftSaveScheduled = false
    service.saveDraft(
      BookingDraft(
        stack: stack.map(\.step), fields: bookingInput.fields,
        touristCount: bookingInput.touristCount,
        pendingIdempotencyKey: bookingInput.pendingIdempotencyKey))
  }

  /// Removes the draft, dropping any save still scheduled (it would bring it back).
  private func clearDraft() {
    isDraftSaveScheduled = false
    service.clearDraft()
  }

  private func restore(_ draft: BookingDraft) async {
    bookingInput = BookingInput(
      fields: draft.fields, touristCount: draft.touristCount,
      pendingIdempotencyKey: draft.pendingIdempotencyKey)
    var screens: [Screen] = []
    for step in Self.canonical(draft.stack) {
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

  /// Whether a draft holds an unfinished booking: more than a bare Hotel screen, and not paid.
  private static func isWorthRestoring(_ draft: BookingDraft) -> Bool {
    !isPaid(draft) && (draft.stack.contains { $0 != .hotel } || !draft.fields.isEmpty)
  }

  /// Whether a draft reached Paid (its booking is finished).
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

@MainActor extension AppCoordinator.Screen {
  /// The draft's record of this screen.
  var step: FlowStep {
    switch self {
    case .hotel: .hotel
    case .rooms: .rooms
    case .booking(let booking): .booking(roomID: booking.state.roomID)
    case .paid(let paid): .paid(orderNumber: paid.state.orderNumber)
    }
  }
}

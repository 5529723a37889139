import Domain
import Presentation
import TestSupport
import Testing
import UseCases

/// A coordinator over in-memory ports, a test clock and fixed dependencies, with helpers that
/// send an action and settle.
@MainActor final class FlowHarness {
  let clock = TestClock()
  let server: InMemoryBookingAPI
  let orders = OrderStore.inMemory()
  let drafts: DraftStore
  let coordinator: AppCoordinator

  init(
    language: Language = .en, draft: BookingDraft? = nil,
    calculator: RemoteCalculator = .failing, today: CalendarDate = Samples.today
  ) {
    server = InMemoryBookingAPI(clock: clock)
    drafts = DraftStore.inMemory(draft)
    coordinator = AppCoordinator(
      api: server.api, orders: orders, drafts: drafts,
      dependencies: .test(clock: clock, language: language, today: today),
      calculator: calculator)
  }

  var snapshot: ScreenSnapshot { coordinator.snapshot }

  /// Starts the flow and waits for the first loads.
  func start(fresh: Bool = false) async {
    await coordinator.start(fresh: fresh)
    await coordinator.settle()
  }

  /// Sends `action` and waits for what it started.
  func send(_ action: UserAction) async throws {
    try await coordinator.send(action)
    await coordinator.settle()
  }

  /// Waits for a task to sleep on the clock, then advances it by `duration`.
  func advance(by duration: Duration, sleepers: Int = 1) async {
    let slept = await clock.waitForSleepers(sleepers)
    #expect(slept, "nothing slept on the test clock")
    await clock.advance(by: duration)
  }

  /// Yields until `condition` holds (for tasks that have no clock to wait on).
  func yield(until condition: () -> Bool) async {
    var yields = 0
    while !condition(), yields < 100_000 {
      yields += 1
      await Self.yieldOffMain()
    }
    #expect(condition(), "the condition never held")
  }

  nonisolated private static func yieldOffMain() async { await Task.yield() }

  func tap(_ id: String) async throws { try await send(.tap(id)) }

  func type(_ id: String, _ text: String) async throws { try await send(.type(id, text)) }

  /// Hotel -> Rooms -> Booking for `roomID`.
  func openBooking(roomID: Int = 2) async throws {
    await start()
    try await tap("hotel.chooseRoom")
    try await tap("rooms.room.\(roomID).choose")
  }

  /// Types a valid buyer and `tourists` valid tourists (adding tourist sections as needed).
  func fillValidForm(tourists: Int = 1) async throws {
    try await type("booking.buyer.phone", Samples.buyerInput.phone)
    try await type("booking.buyer.email", Samples.buyerInput.email)
    for index in 1...tourists {
      if snapshot.field("booking.tourist.\(index).firstName") == nil {
        try await tap("booking.addTourist")
      }
      for (field, text) in Samples.touristInput {
        try await type("booking.tourist.\(index).\(field)", text)
      }
    }
  }

  /// The Booking screen's view model, when Booking is shown.
  var booking: BookingViewModel? {
    if case .booking(let model) = coordinator.current { return model }
    return nil
  }

  /// Every field as `id`, value, error and whether it shows valid, in screen order.
  var fieldRows: [FieldRow] {
    snapshot.fields.map { FieldRow($0.id, $0.value, $0.error, valid: $0.isValid) }
  }

  /// The draft as saved.
  func savedDraft() async throws -> BookingDraft? {
    await coordinator.settle()
    return try await drafts.load()
  }

  func value(_ id: String) -> String? { snapshot.field(id)?.value }

  func error(_ id: String) -> String? { snapshot.field(id)?.error }

  func section(_ id: String) -> SectionModel? {
    func find(_ blocks: [Block]) -> SectionModel? {
      for block in blocks {
        if case .section(let section) = block {
          if section.id == id { return section }
          if let inner = find(section.content) { return inner }
        }
      }
      return nil
    }
    return find(snapshot.blocks)
  }
}

/// A field's visible state, for comparing every field at once.
struct FieldRow: Hashable, CustomStringConvertible {
  var id: String
  var value: String
  var error: String?
  var valid: Bool

  init(_ id: String, _ value: String = "", _ error: String? = nil, valid: Bool = false) {
    self.id = id
    self.value = value
    self.error = error
    self.valid = valid
  }

  var description: String { "\(id)=\(value) \(error ?? "-")\(valid ? " ✓" : "")" }
}

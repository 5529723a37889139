import Domain
import Foundation

/// The application logic of the booking flow, host-independent: loading with the cache
/// fallback, the Rooms prefetch, the restart's loads started during Pay, order submission with
/// idempotency keys, and the draft.
///
/// Every effect comes through the injected ports and ``Dependencies``; one service serves the
/// whole flow (the coordinator creates it and hands it to every screen).
///
/// ```swift
/// let service = BookingService(api: api, orders: orders, drafts: drafts, dependencies: deps)
/// let hotel = try await service.loadHotel()   // network, or the cache when offline
/// if hotel.isFromCache { /* show "Showing saved data" */ }
/// service.prefetchRooms()                     // while Hotel is shown
/// let pending = service.pendingOrder(for: request)
/// let order = try await service.submitOrder(pending)
/// ```
public final class BookingService: Sendable {
  /// Every global the flow uses (clock, today, UUIDs, language).
  public let dependencies: Dependencies

  private let api: BookingAPI
  private let orders: OrderStore
  private let drafts: DraftStore
  private let autosaver: DraftAutosaver
  private let roomsPrefetch: Prefetch<[Room]>
  private let hotelRevalidation: Prefetch<Hotel>
  /// The server calculations of the booking form (`action_url`), debounced on the injected
  /// clock, the last edit winning.
  public let remoteFields: RemoteFieldCoordinator
  /// The compiled booking forms, shared with other flows when the host gave a shared one.
  public let forms: FormCompilations

  /// How long a hotel loaded ahead of the restart (``prefetchForRestart()``) counts as
  /// revalidated: a restart within it shows that answer without asking the server again.
  public static let hotelRevalidationMaxAge: Duration = .seconds(10)

  /// Creates the service from its ports; `calculator` answers the form's server calculations
  /// (by default none can be made); `forms` compiles the booking forms (give one shared by
  /// several flows of a process to compile each form once).
  public init(
    api: BookingAPI, orders: OrderStore, drafts: DraftStore, dependencies: Dependencies,
    calculator: RemoteCalculator = .unavailable, forms: FormCompilations = FormCompilations()
  ) {
    self.api = api
    self.forms = forms
    remoteFields = RemoteFieldCoordinator(
      calculator: calculator, clock: dependencies.clock, language: dependencies.language)
    self.orders = orders
    self.drafts = drafts
    self.dependencies = dependencies
    autosaver = DraftAutosaver(store: drafts)
    roomsPrefetch = Prefetch(clock: dependencies.clock, maxAge: nil)
    hotelRevalidation = Prefetch(clock: dependencies.clock, maxAge: Self.hotelRevalidationMaxAge)
  }

  /// The language of the content asked for.
  public var language: Language { dependencies.language }

  // MARK: - Loading

  /// The hotel from the server; when it cannot be reached (``APIError/isConnectivityProblem``), the
  /// cached copy (``Loaded/isFromCache``).
  ///
  /// Throws the network's error when neither works.
  ///
  /// A load started by ``prefetchForRestart()`` that is in flight or finished within
  /// ``hotelRevalidationMaxAge`` answers instead (once), without another request.
  public func loadHotel() async throws(APIError) -> Loaded<Hotel> {
    if let revalidated = await hotelRevalidation.take() { return revalidated }
    return try await hotelLoad()
  }

  /// The cached hotel without any network traffic, or `nil` (for showing something at once).
  public func cachedHotel() async -> Loaded<Hotel>? {
    try? await api.hotel(language, .cacheOnly)
  }

  /// Starts loading the rooms in the background (while Hotel is shown), unless a prefetch is
  /// already waiting to be used.
  ///
  /// ``loadRooms()`` takes its result.
  public func prefetchRooms() {
    roomsPrefetch.start(roomsLoad)
  }

  /// Starts, in the background, what the restart after Paid shows: the hotel revalidated (network
  /// first, cache fallback) and the rooms prefetched.
  ///
  /// Call it as the order is submitted, so both run concurrently with `POST /orders` and
  /// `paid.done` shows Hotel with nothing left to ask the server (SPEC section 9); ``loadHotel()``
  /// and ``loadRooms()`` take the answers, ``settle()`` waits for them.
  public func prefetchForRestart() {
    hotelRevalidation.start(hotelLoad)
    prefetchRooms()
  }

  /// The rooms: the prefetched answer if one is pending or ready and succeeded, else a new
  /// load (network first, cache fallback).
  public func loadRooms() async throws(APIError) -> Loaded<[Room]> {
    if let prefetched = await roomsPrefetch.take() { return prefetched }
    return try await roomsLoad()
  }

  /// The cached rooms without any network traffic, or `nil`.
  public func cachedRooms() async -> Loaded<[Room]>? {
    try? await api.rooms(language, .cacheOnly)
  }

  /// The booking offer for `roomID` (network first, cache fallback).
  public func loadOffer(roomID: Int) async throws(APIError) -> Loaded<BookingOffer> {
    let api = api
    let language = language
    return try await Self.networkFirst { policy throws(APIError) in
      try await api.booking(roomID, language, policy)
    }
  }

  /// The cached offer for `roomID` without any network traffic, or `nil`.
  public func cachedOffer(roomID: Int) async -> Loaded<BookingOffer>? {
    try? await api.booking(roomID, language, .cacheOnly)
  }

  /// The server's booking form schema (network first, the cached copy when the server cannot
  /// be reached), or `nil` when the server has none (404) or neither it nor the cache answers:
  /// the built-in schema applies then, as for any offline content.
  /// - Throws: the ``APIError`` of a schema the server sent but that cannot be used (it does
  ///   not decode, names unknown rules, has the wrong version, is not JSON...): the built-in
  ///   schema applies, and the caller must say why (never dropped silently, SPEC section 6).
  public func loadFormSchema() async throws(APIError) -> FormSchema? {
    let api = api
    let language = language
    do throws(APIError) {
      let loaded = try await Self.networkFirst { policy throws(APIError) -> Loaded<FormSchema?> in
        let schema = try await api.bookingForm(language, policy)
        return Loaded(schema?.value, origin: .network)
      }
      return loaded.value
    } catch {
      if error.isConnectivityProblem || error == .cancelled { return nil }
      throw error
    }
  }

  // MARK: - Orders

  /// `request` as a new order: with a new idempotency key.
  ///
  /// Keep it (in the draft) until the server accepts or refuses it, and ask again with it unchanged
  /// (``submitOrder(_:)``) while the outcome is not known (``APIError/leavesOutcomeUnknown``): the
  /// server never makes a second order, nor sees the key with another order.
  public func pendingOrder(for request: OrderRequest) -> PendingOrder {
    PendingOrder(idempotencyKey: dependencies.uuid().uuidString.lowercased(), request: request)
  }

  /// Submits `pending` (its request with its key) and saves the accepted order on this device.
  /// - Throws: ``OrderSubmissionError/api(_:)`` when the server did not confirm the order;
  ///   ``OrderSubmissionError/notSaved(_:_:)`` when it did but saving it failed.
  public func submitOrder(_ pending: PendingOrder) async throws(OrderSubmissionError) -> Order {
    let request = pending.request
    let confirmation: OrderConfirmation
    do {
      confirmation = try await api.submitOrder(request, pending.idempotencyKey, language)
    } catch {
      throw .api(error)
    }
    let order = Order(
      number: confirmation.orderNumber, idempotencyKey: pending.idempotencyKey,
      placedAt: dependencies.instantToday(), request: request, serverTotal: confirmation.total)
    do {
      try await orders.save(order)
    } catch {
      throw .notSaved(order, error)
    }
    return order
  }

  /// Every order saved on this device, oldest first.
  public func savedOrders() async throws(StoreError) -> [Order] {
    try await orders.all()
  }

  // MARK: - Draft

  /// The saved draft, or `nil` when there is none.
  public func restoreDraft() async throws(StoreError) -> BookingDraft? {
    await autosaver.idle()
    return try await drafts.load()
  }

  /// Saves `draft` in the background: returns at once; writes stay in order and only the
  /// newest waiting one is written.
  public func saveDraft(_ draft: BookingDraft) {
    autosaver.record(.save(draft))
  }

  /// Removes the draft in the background, after any save recorded before.
  public func clearDraft() {
    autosaver.record(.clear)
  }

  /// The error of the most recent draft write, or `nil` when it succeeded.
  public var lastDraftError: StoreError? { autosaver.lastError }

  /// Waits for every recorded draft write, then makes the store write any coalesced save
  /// (call before the process exits).
  public func flushDraft() async throws(StoreError) {
    await autosaver.idle()
    try await drafts.flush()
  }

  // MARK: - Quiescence

  /// Returns once the background work started so far is done: the Rooms prefetch, the
  /// restart's hotel revalidation and the draft writes (so tests and scripts observe a settled
  /// state).
  public func settle() async {
    await roomsPrefetch.wait()
    await hotelRevalidation.wait()
    await autosaver.idle()
  }

  // MARK: - Private

  private var hotelLoad: @Sendable () async throws(APIError) -> Loaded<Hotel> {
    let api = api
    let language = language
    return { () throws(APIError) in
      try await Self.networkFirst { policy throws(APIError) in
        try await api.hotel(language, policy)
      }
    }
  }

  private var roomsLoad: @Sendable () async throws(APIError) -> Loaded<[Room]> {
    let api = api
    let language = language
    return { () throws(APIError) in
      try await Self.networkFirst { policy throws(APIError) in
        try await api.rooms(language, policy)
      }
    }
  }

  private static func networkFirst<Value: Sendable>(
    _ fetch: (FetchPolicy) async throws(APIError) -> Loaded<Value>
  ) async throws(APIError) -> Loaded<Value> {
    do {
      return try await fetch(.network)
    } catch {
      guard error.isConnectivityProblem else { throw error }
      if let cached = try? await fetch(.cacheOnly) { return cached }
      throw error
    }
  }
}

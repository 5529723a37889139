import Domain
import Foundation
import Synchronization
import UseCases

/// A booking API that really works in memory, serving ``Samples`` content, with knobs for
/// failing and slow answers and a record of every call.
///
/// It behaves like the live client in the ways the application relies on: every answer
/// received over the "network" is cached, so a later `.cacheOnly` request is served from that
/// cache (or fails with ``APIError/noConnection`` when nothing was cached), and the same
/// idempotency key never creates two orders: with the same order it answers for the one made,
/// with another it is refused (422), as the fixture API does.
///
/// ```swift
/// let clock = TestClock()
/// let server = InMemoryBookingAPI(clock: clock)
/// server.setLatency(.seconds(1), for: .hotel)      // slow: waits on the test clock
/// server.fail(.rooms, with: .noConnection, times: 1)
/// let api = server.api                             // or BookingAPI.inMemory(server)
/// ...
/// server.calls(to: .rooms).count                   // what was asked, in order
/// server.idempotencyKeys                           // keys of every POST /orders
/// ```
public final class InMemoryBookingAPI: Sendable {
  /// An endpoint of the API.
  public enum Endpoint: Hashable, Sendable, CaseIterable {
    /// `GET /hotel`.
    case hotel
    /// `GET /rooms`.
    case rooms
    /// `GET /booking?room=ID`.
    case booking
    /// `GET /booking/form`.
    case bookingForm
    /// `POST /orders`.
    case submitOrder
  }

  /// One call the application made.
  public struct Call: Hashable, Sendable {
    /// The endpoint called.
    public var endpoint: Endpoint
    /// The language asked for.
    public var language: Language
    /// The fetch policy of a GET (`nil` for `POST /orders`).
    public var policy: FetchPolicy?
    /// The room of `GET /booking?room=ID`.
    public var roomID: Int?
    /// The `Idempotency-Key` of `POST /orders`.
    public var idempotencyKey: String?

    /// Creates a call record.
    public init(
      endpoint: Endpoint, language: Language, policy: FetchPolicy? = nil, roomID: Int? = nil,
      idempotencyKey: String? = nil
    ) {
      self.endpoint = endpoint
      self.language = language
      self.policy = policy
      self.roomID = roomID
      self.idempotencyKey = idempotencyKey
    }
  }

  /// An order the server accepted (one per distinct idempotency key).
  public struct AcceptedOrder: Hashable, Sendable {
    /// The order number the server assigned.
    public var number: Int
    /// The key it was created with.
    public var idempotencyKey: String
    /// What was ordered.
    public var request: OrderRequest
  }

  private struct Fault {
    var error: APIError
    var remaining: Int?
    var afterProcessing: Bool
  }

  private struct CacheKey: Hashable {
    var endpoint: Endpoint
    var roomID: Int?
    var language: Language
  }

  private struct State {
    var calls: [Call] = []
    var faults: [Endpoint: Fault] = [:]
    var latency: [Endpoint: Duration] = [:]
    var cached: Set<CacheKey> = []
    var orders: [AcceptedOrder] = []
    var nextOrderNumber: Int
    var formSchema: FormSchema?
    var rooms: [Room]?
    var touristLimits: ClosedRange<Int>?
    var confirmedTotal: Money?
  }

  private let state: Mutex<State>
  private let clock: any Clock<Duration>
  private let cachedAt: Date

  /// Creates a server.
  /// - Parameters:
  ///   - clock: what slow answers wait on (a ``TestClock`` in tests).
  ///   - firstOrderNumber: the number of the first accepted order; later ones count up.
  ///   - formSchema: what `GET /booking/form` answers; `nil` answers 404 (built-in schema).
  ///   - cachedAt: the `savedAt` of answers served from the cache.
  public init(
    clock: any Clock<Duration> = ContinuousClock(), firstOrderNumber: Int = 104_893,
    formSchema: FormSchema? = nil, cachedAt: Date = Samples.now
  ) {
    self.clock = clock
    self.cachedAt = cachedAt
    state = Mutex(State(nextOrderNumber: firstOrderNumber, formSchema: formSchema))
  }

  // MARK: - Knobs

  /// Makes `endpoint` fail with `error`: the next `times` network calls, or every one until
  /// ``recover(_:)`` when `times` is `nil`.
  ///
  /// Cache-only requests never fail this way.
  public func fail(_ endpoint: Endpoint, with error: APIError = .noConnection, times: Int? = nil) {
    if let times, times <= 0 { return recover(endpoint) }
    state.withLock {
      $0.faults[endpoint] = Fault(error: error, remaining: times, afterProcessing: false)
    }
  }

  /// Makes the next `times` order submissions create the order but lose the answer: the
  /// client sees `error` (a timeout by default) although the order exists on the server.
  public func loseOrderResponses(times: Int = 1, with error: APIError = .timeout) {
    guard times > 0 else { return recover(.submitOrder) }
    state.withLock {
      $0.faults[.submitOrder] = Fault(error: error, remaining: times, afterProcessing: true)
    }
  }

  /// Ends any failure set for `endpoint`.
  public func recover(_ endpoint: Endpoint) {
    state.withLock { _ = $0.faults.removeValue(forKey: endpoint) }
  }

  /// Makes every network call to `endpoint` wait `latency` on the clock first (`nil`: none).
  public func setLatency(_ latency: Duration?, for endpoint: Endpoint) {
    state.withLock { $0.latency[endpoint] = latency }
  }

  /// Makes every network call wait `latency` on the clock first.
  public func setLatency(_ latency: Duration?) {
    for endpoint in Endpoint.allCases { setLatency(latency, for: endpoint) }
  }

  /// Puts every GET answer (hotel, rooms, both offers) for `language` in the cache, as if an
  /// earlier run had loaded them.
  public func seedCache(language: Language = .en) {
    state.withLock { state in
      state.cached.insert(CacheKey(endpoint: .hotel, roomID: nil, language: language))
      state.cached.insert(CacheKey(endpoint: .rooms, roomID: nil, language: language))
      for roomID in Samples.roomIDs {
        state.cached.insert(CacheKey(endpoint: .booking, roomID: roomID, language: language))
      }
    }
  }

  /// Replaces the rooms `GET /rooms` answers (for example none, or one without photos).
  public func setRooms(_ rooms: [Room]) {
    state.withLock { $0.rooms = rooms }
  }

  /// Makes every accepted order's confirmation carry `total` as the server's total (`nil`:
  /// none, as before).
  public func setConfirmedTotal(_ total: Money?) {
    state.withLock { $0.confirmedTotal = total }
  }

  /// Makes every offer allow `limits` tourists (`nil`: the samples' 1...4).
  public func setTouristLimits(_ limits: ClosedRange<Int>?) {
    state.withLock { $0.touristLimits = limits }
  }

  /// Replaces what `GET /booking/form` answers (`nil`: 404).
  public func setFormSchema(_ schema: FormSchema?) {
    state.withLock { $0.formSchema = schema }
  }

  // MARK: - Records

  /// Every call, in the order they were made.
  public var calls: [Call] { state.withLock { $0.calls } }

  /// The calls to `endpoint`, in order.
  public func calls(to endpoint: Endpoint) -> [Call] { calls.filter { $0.endpoint == endpoint } }

  /// The network (not cache-only) calls to `endpoint`, in order.
  public func networkCalls(to endpoint: Endpoint) -> [Call] {
    calls(to: endpoint).filter { $0.policy != .cacheOnly }
  }

  /// The `Idempotency-Key` of every `POST /orders`, in order (repeats included).
  public var idempotencyKeys: [String] { calls(to: .submitOrder).compactMap(\.idempotencyKey) }

  /// The orders the server created (one per distinct key).
  public var acceptedOrders: [AcceptedOrder] { state.withLock { $0.orders } }

  // MARK: - The port

  /// The port backed by this server.
  public var api: BookingAPI {
    BookingAPI(
      hotel: { language, policy throws(APIError) in
        try await self.get(.hotel, roomID: nil, language: language, policy: policy) {
          Samples.hotel(language: language)
        }
      },
      rooms: { language, policy throws(APIError) in
        try await self.get(.rooms, roomID: nil, language: language, policy: policy) {
          self.state.withLock { $0.rooms } ?? Samples.rooms(language: language)
        }
      },
      booking: { roomID, language, policy throws(APIError) in
        try await self.get(.booking, roomID: roomID, language: language, policy: policy) {
          var offer = Samples.offer(roomID: roomID, language: language)
          if let limits = self.state.withLock({ $0.touristLimits }) { offer.touristLimits = limits }
          return offer
        }
      },
      bookingForm: { language, policy throws(APIError) -> Loaded<FormSchema>? in
        let loaded: Loaded<FormSchema?> = try await self.get(
          .bookingForm, roomID: nil, language: language, policy: policy
        ) { self.state.withLock { $0.formSchema } }
        guard let schema = loaded.value else { return nil }
        return switch loaded.origin {
        case .network: Loaded(schema, origin: .network)
        case .cache(let savedAt): Loaded(schema, origin: .cache(savedAt: savedAt))
        }
      },
      submitOrder: { request, key, language throws(APIError) in
        try await self.submit(request, key: key, language: language)
      }
    )
  }

  // MARK: - Private

  private func get<Value: Sendable>(
    _ endpoint: Endpoint, roomID: Int?, language: Language, policy: FetchPolicy,
    value: () -> Value
  ) async throws(APIError) -> Loaded<Value> {
    let key = CacheKey(endpoint: endpoint, roomID: roomID, language: language)
    state.withLock {
      $0.calls.append(Call(endpoint: endpoint, language: language, policy: policy, roomID: roomID))
    }
    if policy == .cacheOnly {
      guard state.withLock({ $0.cached.contains(key) }) else { throw .noConnection }
      return Loaded(value(), origin: .cache(savedAt: cachedAt))
    }
    try await wait(for: endpoint)
    if let fault = takeFault(endpoint) { throw fault.error }
    state.withLock { _ = $0.cached.insert(key) }
    return Loaded(value(), origin: .network)
  }

  private func submit(
    _ request: OrderRequest, key: String, language: Language
  ) async throws(APIError) -> OrderConfirmation {
    state.withLock {
      $0.calls.append(Call(endpoint: .submitOrder, language: language, idempotencyKey: key))
    }
    try await wait(for: .submitOrder)
    let fault = takeFault(.submitOrder)
    if let fault, !fault.afterProcessing { throw fault.error }
    let number = state.withLock { state -> Int? in
      if let existing = state.orders.first(where: { $0.idempotencyKey == key }) {
        return existing.request == request ? existing.number : nil
      }
      let number = state.nextOrderNumber
      state.nextOrderNumber += 1
      state.orders.append(AcceptedOrder(number: number, idempotencyKey: key, request: request))
      return number
    }
    guard let number else {
      throw .refused(status: 422, message: "this Idempotency-Key was used with a different order")
    }
    if let fault { throw fault.error }
    return OrderConfirmation(orderNumber: number, total: state.withLock { $0.confirmedTotal })
  }

  private func wait(for endpoint: Endpoint) async throws(APIError) {
    guard let latency = state.withLock({ $0.latency[endpoint] }) else { return }
    do {
      try await clock.sleep(for: latency)
    } catch {
      throw .cancelled
    }
  }

  private func takeFault(_ endpoint: Endpoint) -> Fault? {
    state.withLock { state in
      guard var fault = state.faults[endpoint] else { return nil }
      if let remaining = fault.remaining {
        fault.remaining = remaining - 1
        state.faults[endpoint] = remaining > 1 ? fault : nil
      }
      return fault
    }
  }
}

extension BookingAPI {
  /// An API served from memory by `server` (Samples content, every answer cached).
  public static func inMemory(_ server: InMemoryBookingAPI = InMemoryBookingAPI()) -> BookingAPI {
    server.api
  }
}

import Domain
import Foundation
import Synchronization

/// Answers requests: the API's routes, `ETag`s, idempotent orders and the injected faults.
final class FixtureRouter: Sendable {
  /// The most requests kept for ``FixtureServer/receivedRequests``.
  static let maxLoggedRequests = 1_000
  /// The most idempotency keys remembered; the oldest is forgotten beyond it.
  static let maxRememberedOrders = 10_000

  private struct StoredOrder {
    var number: Int
    var bodyDigest: UInt64
  }

  private struct State {
    var requestCounts: [String: Int] = [:]
    var script: [String: [FixtureFault]]
    var log: [FixtureRequestRecord] = []
    var orders: [String: StoredOrder] = [:]
    var orderKeys: [String] = []
    var nextOrderNumber: Int
    var createdOrders = 0
    var totalRequests = 0
    var requestWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let options: FixtureOptions
  private let malformedPaths: Set<String>
  private let dropPaths: Set<String>
  private let state: Mutex<State>
  private let content: FixtureContentCache

  /// A router with its own state (order numbers, idempotency keys, request counts, scripted
  /// faults) that answers its content from `content`, shared with the server's other routers.
  init(options: FixtureOptions, content: FixtureContentCache) {
    self.options = options
    self.content = content
    malformedPaths = Set(options.malformedPaths.map(Self.normalized))
    dropPaths = Set(options.dropPaths.map(Self.normalized))
    var script: [String: [FixtureFault]] = [:]
    for (path, faults) in options.script { script[Self.normalized(path), default: []] += faults }
    state = Mutex(State(script: script, nextOrderNumber: options.firstOrderNumber))
  }

  /// The requests received so far (the latest ``maxLoggedRequests``).
  var receivedRequests: [FixtureRequestRecord] { state.withLock { $0.log } }

  /// How many orders `POST /orders` has created (replays of a key not counted).
  var createdOrderCount: Int { state.withLock { $0.createdOrders } }

  /// Returns once `count` requests have been received in all.
  func waitForRequests(_ count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let done = state.withLock { state -> Bool in
        guard state.totalRequests < count else { return true }
        state.requestWaiters.append((count, continuation))
        return false
      }
      if done { continuation.resume() }
    }
  }

  /// A request that has been counted and logged, with the scripted fault it takes, if any.
  struct Admission: Sendable {
    /// The request.
    var request: HTTPRequest
    /// The next scripted fault of its path, now used up.
    var fault: FixtureFault?
    /// How many requests its path has received, this one included.
    var count: Int
  }

  /// Counts and logs `request`, takes its path's next scripted fault and wakes the tests waiting
  /// for it.
  ///
  /// Every request is admitted once, then answered by ``answerAtOnce(_:)`` or ``answer(_:)``.
  func admit(_ request: HTTPRequest) -> Admission {
    let (admission, waiters) = state.withLock {
      state -> (Admission, [CheckedContinuation<Void, Never>]) in
      state.totalRequests += 1
      let total = state.totalRequests
      let waiters = state.requestWaiters.filter { $0.count <= total }.map(\.continuation)
      state.requestWaiters.removeAll { $0.count <= total }
      state.log.append(Self.record(request))
      if state.log.count > Self.maxLoggedRequests { state.log.removeFirst() }
      state.requestCounts[request.path, default: 0] += 1
      let count = state.requestCounts[request.path, default: 0]
      guard var queue = state.script[request.path], !queue.isEmpty else {
        return (Admission(request: request, fault: nil, count: count), waiters)
      }
      let fault = queue.removeFirst()
      state.script[request.path] = queue
      return (Admission(request: request, fault: fault, count: count), waiters)
    }
    for waiter in waiters { waiter.resume() }
    return admission
  }

  /// The answer to an admitted request when it involves no waiting (no latency, no stall), so
  /// the connection's thread can send it without a hop to a task; `nil` when it must wait:
  /// use ``answer(_:)`` then.
  func answerAtOnce(_ admission: Admission) -> HTTPResponse? {
    guard options.latency == .zero, admission.fault != .stall else { return nil }
    if case .delayed = admission.fault { return nil }
    return finish(admission)
  }

  /// The answer to an admitted request, after the injected latency; a
  /// ``HTTPResponse/Delivery/drop`` answer when the task is cancelled (the server is stopping).
  func answer(_ admission: Admission) async -> HTTPResponse {
    if options.latency > .zero {
      do {
        try await options.clock.sleep(for: options.latency)
      } catch {
        return HTTPResponse(status: 503, delivery: .drop)
      }
    }
    if case .delayed(let delay) = admission.fault {
      do {
        try await options.clock.sleep(for: delay)
      } catch {
        return HTTPResponse(status: 503, delivery: .drop)
      }
      return route(admission.request)
    }
    if admission.fault == .stall {
      let (stream, continuation) = AsyncStream<Never>.makeStream()
      for await _ in stream {}
      continuation.finish()
      return HTTPResponse(status: 503, delivery: .drop)
    }
    return finish(admission)
  }

  private func finish(_ admission: Admission) -> HTTPResponse {
    let request = admission.request
    if let fault = admission.fault { return apply(fault, to: request) }
    if admission.count <= options.failFirst {
      return .error(
        503, "injected failure \(admission.count) of \(options.failFirst) for \(request.path)")
    }
    if dropPaths.contains(request.path) {
      return HTTPResponse(status: 503, delivery: .drop)
    }
    let response = route(request)
    if malformedPaths.contains(request.path) { return Self.cutInHalf(response) }
    return response
  }

  // MARK: - Faults

  /// The answer a fault gives (``FixtureFault/stall`` is waited out by ``answer(_:)`` first).
  private func apply(_ fault: FixtureFault, to request: HTTPRequest) -> HTTPResponse {
    switch fault {
    case .status(let status, let retryAfter):
      var response = HTTPResponse.error(status, "injected status \(status)")
      if let retryAfter { response.headers.append(("Retry-After", retryAfter)) }
      return response
    case .drop, .stall:
      return HTTPResponse(status: 503, delivery: .drop)
    case .delayed:
      return route(request)
    case .handleThenDrop:
      var response = route(request)
      response.delivery = .drop
      return response
    case .truncateBody:
      var response = route(request)
      response.delivery = .truncate
      return response
    case .malformed:
      return Self.cutInHalf(route(request))
    case .oversized(let bytes, let declaresLength):
      var body = Array(#"{"padding":""#.utf8)
      let closing = Array(#""}"#.utf8)
      body += [UInt8](repeating: UInt8(ascii: "x"), count: max(0, bytes - body.count - 2))
      body += closing
      var response = HTTPResponse.json(200, body)
      response.delivery = declaresLength ? .normal : .closeDelimited
      return response
    case .authenticate:
      var response = HTTPResponse.error(401, "sign in first")
      response.headers.append(("WWW-Authenticate", #"Basic realm="hotel""#))
      return response
    case .headerFlood:
      let line = "X-Padding: " + String(repeating: "a", count: 1_011) + "\r\n"
      return HTTPResponse(status: 200, body: Array(line.utf8), delivery: .endlessHead)
    case .headerLines(let count):
      var response = route(request)
      response.headers += (0..<max(0, count)).map { ("X-Line-\($0 + 1)", "v") }
      return response
    case .endless:
      var response = HTTPResponse.json(200, [UInt8](repeating: UInt8(ascii: " "), count: 65_536))
      response.delivery = .endless
      return response
    case .content(let type, let body):
      return HTTPResponse(status: 200, headers: [("Content-Type", type)], body: Array(body.utf8))
    case .redirect(let location):
      return HTTPResponse(status: 302, headers: [("Location", location)])
    case .declaredLength(let length):
      var response = route(request)
      response.delivery = .declaredLength(length)
      return response
    case .notHTTP:
      return HTTPResponse(status: 200, delivery: .notHTTP)
    case .refusal(let status, let body):
      return .json(status, Array(body.utf8))
    }
  }

  private static func cutInHalf(_ response: HTTPResponse) -> HTTPResponse {
    var cut = response
    cut.body = Array(response.body.prefix(response.body.count / 2))
    return cut
  }

  // MARK: - Routes

  private func route(_ request: HTTPRequest) -> HTTPResponse {
    let language = Self.language(of: request)
    switch (request.path, request.method) {
    case ("/hotel", "GET"):
      return cacheable(hotelBody(language), language, request)
    case ("/rooms", "GET"):
      return cacheable(roomsBody(language), language, request)
    case ("/booking", "GET"):
      guard let text = request.query["room"] else {
        return .error(400, "the room query parameter is required")
      }
      guard let roomID = Int(text) else { return .error(400, "room must be a whole number") }
      let body = content.body("/booking?room=\(roomID)", language)
      guard let body else { return .error(404, "no room \(roomID)") }
      return cacheable(body, language, request)
    case ("/booking/form", "GET"):
      guard options.servesBookingForm,
        let body = options.bookingFormBody(for: language).map(FixtureContentCache.withETag)
          ?? content.body("/booking/form", language)
      else {
        return .error(404, "no form schema; use the built-in one")
      }
      return cacheable(body, language, request)
    case (FixtureExtras.discountPath, "POST"):
      return FixtureExtras.answerDiscount(request.body, language)
    case ("/orders", "POST"):
      return createOrder(request)
    case ("/hotel", _), ("/rooms", _), ("/booking", _), ("/booking/form", _):
      var response = HTTPResponse.error(405, "\(request.method) is not allowed here")
      response.headers.append(("Allow", "GET"))
      return response
    case (FixtureExtras.discountPath, _):
      var response = HTTPResponse.error(405, "\(request.method) is not allowed here")
      response.headers.append(("Allow", "POST"))
      return response
    case ("/orders", _):
      var response = HTTPResponse.error(405, "\(request.method) is not allowed here")
      response.headers.append(("Allow", "POST"))
      return response
    default:
      return .error(404, "no such path")
    }
  }

  private func createOrder(_ request: HTTPRequest) -> HTTPResponse {
    let key = (request.header("Idempotency-Key") ?? "").trimmingSpaces()
    guard !key.isEmpty else { return .error(400, "the Idempotency-Key header is required") }
    guard key.utf8.count <= 255 else { return .error(400, "the Idempotency-Key is too long") }
    guard
      let order = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any]
    else {
      return .error(400, "the body must be a JSON object")
    }
    // The server's own total, from the order's room, tourists and fields, by the form it
    // serves in the order's language (never the client's total).
    let total: Int
    do {
      total = try orderTotal(order, Self.language(of: request))
    } catch {
      return .error(422, error.message)
    }
    let digest = Self.digest(request.body)
    let outcome = state.withLock { state -> (number: Int, replayed: Bool)? in
      if let existing = state.orders[key] {
        return existing.bodyDigest == digest ? (existing.number, true) : nil
      }
      let counted = state.nextOrderNumber
      let (following, overflow) = counted.addingReportingOverflow(1)
      state.nextOrderNumber = overflow ? options.firstOrderNumber : following
      let number = options.orderNumbers?() ?? counted
      state.createdOrders += 1
      state.orders[key] = StoredOrder(number: number, bodyDigest: digest)
      state.orderKeys.append(key)
      if state.orderKeys.count > Self.maxRememberedOrders {
        state.orders[state.orderKeys.removeFirst()] = nil
      }
      return (number, false)
    }
    guard let outcome else {
      return .error(422, "this Idempotency-Key was used with a different order")
    }
    let body = FixtureEncoding.orderAccepted(number: outcome.number, total: total)
    return .json(
      201, body, headers: [("Idempotent-Replayed", outcome.replayed ? "true" : "false")])
  }

  // MARK: - Helpers

  private func orderTotal(
    _ order: [String: Any], _ language: Language
  ) throws(FixtureExtras.Refusal) -> Int {
    let offer = try FixtureExtras.offer(of: order, language)
    let engine = content.engine("\(language.rawValue) \(offer.id)") {
      FixtureOrderPricing.engine(for: servedForm(language), offer: offer, language)
    }
    guard let engine else { throw FixtureExtras.Refusal(message: "the form cannot be compiled") }
    return try FixtureOrderPricing.total(of: order, engine: engine, offer: offer, language)
  }

  /// The form a client of this fixture fills in `language`: the one served at
  /// `GET /booking/form`, or the built-in one where the fixture serves none (a `404`) or one
  /// the app refuses (it does not decode, or ``FixtureOptions/takesForm`` says no: the app
  /// then shows its built-in form).
  private func servedForm(_ language: Language) -> FormSchema {
    guard options.servesBookingForm else { return .booking(language: language) }
    guard let body = options.bookingFormBody(for: language) else {
      return FixtureContent.bookingFormSchema(language)
    }
    guard let schema = try? FormSchema.decode(from: Data(body)), options.takesForm(schema) else {
      return .booking(language: language)
    }
    return schema
  }

  private func hotelBody(_ language: Language) -> (body: [UInt8], etag: String) {
    content.body("/hotel", language) ?? FixtureContentCache.withETag(Array("{}".utf8))
  }

  private func roomsBody(_ language: Language) -> (body: [UInt8], etag: String) {
    content.body("/rooms", language) ?? FixtureContentCache.withETag(Array("{}".utf8))
  }

  private func cacheable(
    _ content: (body: [UInt8], etag: String), _ language: Language, _ request: HTTPRequest
  )
    -> HTTPResponse
  {
    let (body, etag) = content
    let common: [(name: String, value: String)] = [
      ("ETag", etag), ("Vary", "Accept-Language"), ("Content-Language", language.rawValue),
    ]
    if let condition = request.header("If-None-Match"), Self.matches(condition, etag) {
      return HTTPResponse(status: 304, headers: common)
    }
    return .json(200, body, headers: common)
  }

  /// A path as requests carry it: with a leading `/`, without a query (`rooms?x` -> `/rooms`).
  static func normalized(_ path: String) -> String {
    let bare = String(path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
    return bare.hasPrefix("/") ? bare : "/" + bare
  }

  /// `ru` (any region) chooses Russian; anything else English.
  static func language(of request: HTTPRequest) -> Language {
    let header = (request.header("Accept-Language") ?? "").trimmingSpaces()
    return header.lowercased().hasPrefix("ru") ? .ru : .en
  }

  private static func matches(_ condition: String, _ etag: String) -> Bool {
    condition.split(separator: ",").contains { candidate in
      var tag = candidate.trimmingSpaces()
      if tag == "*" { return true }
      if tag.hasPrefix("W/") { tag.removeFirst(2) }
      return tag == etag
    }
  }

  /// FNV-1a, 64 bits: a stable digest for `ETag`s and order bodies.
  static func digest(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01B3
    }
    return hash
  }

  private static func record(_ request: HTTPRequest) -> FixtureRequestRecord {
    var headers: [String: String] = [:]
    for (name, value) in request.headers { headers[name.lowercased()] = value }
    return FixtureRequestRecord(
      method: request.method, path: request.path, query: request.query, headers: headers)
  }
}

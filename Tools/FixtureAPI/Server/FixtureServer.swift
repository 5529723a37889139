import Dispatch
import Foundation
import Synchronization

/// The fixture booking API (SPEC section 3): a small HTTP/1.1 server on `127.0.0.1`.
///
/// It serves `GET /hotel`, `GET /rooms`, `GET /booking?room=ID`, `GET /booking/form` and
/// `POST /orders` in English or Russian (by `Accept-Language`), with `ETag`s and `304`,
/// idempotent orders and the faults of ``FixtureOptions``. Each connection has its own thread
/// with read and write timeouts; heads are limited to 64 KiB, bodies to 1 MiB and connections
/// to ``FixtureOptions/maxConnections``, so misbehaving clients cost bounded memory.
///
/// ```swift
/// let server = FixtureServer(options: FixtureOptions())
/// let baseURL = try server.start()        // http://127.0.0.1:<ephemeral port>
/// // ... talk HTTP to baseURL ...
/// await server.stop()
/// ```
public final class FixtureServer: Sendable {
  private struct State {
    var started = false
    var stopping = false
    var stopped = false
    var listener: Int32?
    var port: UInt16?
    var nextConnectionID = 0
    var connections: [Int: Int32] = [:]
    var handlers: [Int: Task<Void, Never>] = [:]
    var stopWaiters: [CheckedContinuation<Void, Never>] = []
    var endlessAnswers: [EndlessAnswer] = []
  }

  /// An endless answer (``FixtureFault/endless``, ``FixtureFault/headerFlood``) as the server
  /// sent it: how many bytes, and whether the client closed the connection (the server stopping
  /// does not count).
  public struct EndlessAnswer: Equatable, Sendable {
    /// The bytes sent after the head so far.
    public var bytesSent: Int
    /// Whether the client has closed the connection.
    public var isClosedByClient: Bool
  }

  private final class ResponseBox: Sendable {
    let response = Mutex<HTTPResponse?>(nil)
  }

  private let options: FixtureOptions
  private let content = FixtureContentCache()
  private let router: FixtureRouter
  private let scopes = FixtureScopeTable()
  private let state = Mutex(State())
  private let threads = DispatchGroup()

  /// Creates a server; nothing listens until ``start(port:)``.
  public init(options: FixtureOptions = FixtureOptions()) {
    self.options = options
    router = FixtureRouter(options: options, content: content)
  }

  // MARK: - Lifecycle

  /// Starts listening on `127.0.0.1:port` (`0`, the default, picks a free port) and returns the
  /// base URL, for example `http://127.0.0.1:8080`.
  /// - Throws: ``FixtureServerError/socket(operation:code:)`` when the port cannot be bound,
  ///   ``FixtureServerError/alreadyStarted`` on a second call.
  @discardableResult
  public func start(port: UInt16 = 0) throws(FixtureServerError) -> URL {
    let canStart = state.withLock { state -> Bool in
      guard !state.started, !state.stopping else { return false }
      state.started = true
      return true
    }
    guard canStart else { throw .alreadyStarted }
    let (listener, boundPort) = try Socket.listenOnLoopback(port: port, backlog: 128)
    guard let url = URL(string: "http://127.0.0.1:\(boundPort)") else {
      Socket.close(listener)
      throw .socket(operation: "url", code: 0)
    }
    state.withLock { state in
      state.listener = listener
      state.port = boundPort
    }
    threads.enter()
    Thread { [self] in
      acceptConnections(on: listener)
      threads.leave()
    }.start()
    return url
  }

  /// The port the server listens on, once started.
  public var port: UInt16? { state.withLock { $0.port } }

  /// The base URL (`http://127.0.0.1:PORT`), once started.
  public var baseURL: URL? {
    guard let port else { return nil }
    return URL(string: "http://127.0.0.1:\(port)")
  }

  /// Stops listening, closes every connection, ends pending answers (a stalled or delayed answer
  /// ends without a response) and returns once every server thread has finished.
  ///
  /// Safe to call more than once.
  public func stop() async {
    // Descriptors are shut down only while the lock proves they are still open: once closed,
    // their numbers can be reused at once by another server or client in the same process.
    let listening = state.withLock { state -> UInt16? in
      state.stopping = true
      for descriptor in state.connections.values { Socket.shutdownBoth(descriptor) }
      for handler in state.handlers.values { handler.cancel() }
      guard let listener = state.listener else { return nil }
      Socket.shutdownBoth(listener)
      return state.port
    }
    if let listening { Socket.wake(port: listening) }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      threads.notify(queue: .global()) { continuation.resume() }
    }
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.stopped = true
      defer { state.stopWaiters = [] }
      return state.stopWaiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once ``stop()`` has finished (for `hotel serve`, which runs until interrupted).
  public func waitUntilStopped() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let done = state.withLock { state -> Bool in
        if state.stopped { return true }
        state.stopWaiters.append(continuation)
        return false
      }
      if done { continuation.resume() }
    }
  }

  // MARK: - Scopes

  /// Opens a scope: state of its own under ``FixtureScope/baseURL``, answered over this
  /// server's socket and connections, as a new server with the same options would answer.
  ///
  /// `orderNumbers` replaces ``FixtureOptions/orderNumbers`` in the scope; without it the scope
  /// numbers orders from ``FixtureOptions/firstOrderNumber``. Call it after ``start(port:)``:
  /// a scope opened earlier has port 0 in its base URL. Any thread may open and close scopes
  /// while others are served. A scope's state lasts until ``FixtureScope/close()``; when the
  /// server's bound of open scopes is reached, opening one closes the oldest.
  public func openScope(orderNumbers: (@Sendable () -> Int?)? = nil) -> FixtureScope {
    var scopedOptions = options
    scopedOptions.orderNumbers = orderNumbers
    let scoped = FixtureRouter(options: scopedOptions, content: content)
    let number = scopes.open(scoped)
    let root = "http://127.0.0.1:\(port ?? 0)"
    let baseURL =
      URL(string: root + FixtureScopeTable.prefix + "/\(number)") ?? URL(fileURLWithPath: "/")
    return FixtureScope(baseURL: baseURL, number: number, router: scoped, table: scopes)
  }

  /// How many scopes are open (opened and not yet closed).
  public var openScopeCount: Int { scopes.openCount }

  // MARK: - What tests inspect

  /// The requests received so far outside scopes, oldest first (at most the latest 1 000).
  public var receivedRequests: [FixtureRequestRecord] { router.receivedRequests }

  /// Returns once the server has received `count` requests in all outside scopes (since it
  /// started), so a test can act when a request is known to be in progress.
  public func waitForRequests(_ count: Int) async { await router.waitForRequests(count) }

  /// How many orders `POST /orders` has created outside scopes; replays of an idempotency key
  /// do not count.
  public var createdOrderCount: Int { router.createdOrderCount }

  /// The endless answers sent so far, oldest first.
  public var endlessAnswers: [EndlessAnswer] { state.withLock { $0.endlessAnswers } }

  // MARK: - Connections

  private func acceptConnections(on listener: Int32) {
    defer {
      state.withLock { state in
        Socket.close(listener)
        state.listener = nil
      }
    }
    while true {
      switch Socket.accept(listener) {
      case .connection(let descriptor):
        let id = state.withLock { state -> Int? in
          guard !state.stopping, state.connections.count < options.maxConnections else {
            return nil
          }
          state.nextConnectionID += 1
          state.connections[state.nextConnectionID] = descriptor
          return state.nextConnectionID
        }
        guard let id else {
          if let busy = HTTPResponse.error(503, "too many connections").serialized(
            keepAlive: false)
          {
            _ = Socket.sendAll(descriptor, busy)
          }
          Socket.close(descriptor)
          if state.withLock({ $0.stopping }) { return }
          continue
        }
        threads.enter()
        Thread { [self] in
          serve(descriptor, id: id)
          threads.leave()
        }.start()
      case .transientFailure:
        Thread.sleep(forTimeInterval: 0.05)
      case .closed:
        return
      }
    }
  }

  private func serve(_ descriptor: Int32, id: Int) {
    defer {
      state.withLock { state in state.connections[id] = nil }
      Socket.close(descriptor)
    }
    Socket.setTimeouts(descriptor, read: options.idleTimeout, write: options.idleTimeout)
    var buffer: [UInt8] = []
    var parser = HTTPRequestParser()
    var served = 0
    let clock = ContinuousClock()
    var requestStarted: ContinuousClock.Instant?
    while served < 1_000 {
      switch parser.parse(buffer) {
      case .needMore:
        if let started = requestStarted, started.duration(to: clock.now) > options.idleTimeout * 3 {
          send(.error(408, "the request took too long to arrive"), to: descriptor)
          return
        }
        guard let count = Socket.receive(descriptor, appendingTo: &buffer, capacity: 16_384),
          count > 0
        else { return }
        if requestStarted == nil { requestStarted = clock.now }
      case .invalid(let response):
        send(response, to: descriptor)
        return
      case .request(let request, let consumed):
        buffer.removeFirst(consumed)
        parser.reset()
        requestStarted = buffer.isEmpty ? nil : clock.now
        served += 1
        guard let response = answer(request, connectionID: id),
          let bytes = response.serialized(keepAlive: request.keepAlive, isHTTP10: request.isHTTP10),
          Socket.sendAll(descriptor, bytes)
        else { return }
        if response.repeatsBody {
          let index = state.withLock { state in
            state.endlessAnswers.append(EndlessAnswer(bytesSent: 0, isClosedByClient: false))
            return state.endlessAnswers.count - 1
          }
          while !state.withLock({ $0.stopping }), Socket.sendAll(descriptor, response.body) {
            state.withLock { $0.endlessAnswers[index].bytesSent += response.body.count }
          }
          state.withLock { $0.endlessAnswers[index].isClosedByClient = !$0.stopping }
        }
        guard request.keepAlive, !response.closesConnection else { return }
      }
    }
  }

  /// The answer of the router the path names (the root's, or a scope's); `nil` when the server
  /// is stopping.
  ///
  /// An answer that involves no waiting is made on this connection's own thread; one that waits
  /// (latency, a stall) runs as a task on the cooperative pool, so ``stop()`` can cancel it, while
  /// this thread waits for it.
  private func answer(_ request: HTTPRequest, connectionID: Int) -> HTTPResponse? {
    let router: FixtureRouter
    var request = request
    switch scopes.resolve(request.path) {
    case .root:
      router = self.router
    case .scope(let scoped, let path):
      router = scoped
      request.path = path
    case .refused(let response):
      return state.withLock { $0.stopping } ? nil : response
    }
    let admission = router.admit(request)
    if let response = router.answerAtOnce(admission) {
      return state.withLock { $0.stopping } ? nil : response
    }
    let box = ResponseBox()
    let done = DispatchSemaphore(value: 0)
    let task = Task { [router] in
      let response = await router.answer(admission)
      box.response.withLock { $0 = response }
      done.signal()
    }
    let admitted = state.withLock { state -> Bool in
      guard !state.stopping else { return false }
      state.handlers[connectionID] = task
      return true
    }
    if !admitted { task.cancel() }
    done.wait()
    state.withLock { state in state.handlers[connectionID] = nil }
    return admitted ? box.response.withLock { $0 } : nil
  }

  private func send(_ response: HTTPResponse, to descriptor: Int32) {
    if let bytes = response.serialized(keepAlive: false) { _ = Socket.sendAll(descriptor, bytes) }
  }
}

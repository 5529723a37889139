import Synchronization
import UseCases

/// The deadlines of one transport's transfers: one sleeping task per clock, not one per
/// transfer.
///
/// ``schedule(_:after:on:)`` records a transfer's deadline in the lane of its clock. The lane's
/// task sleeps until the earliest deadline it holds, fails each transfer whose deadline has
/// passed with ``UseCases/APIError/timeout``, then sleeps until the next one, and ends when
/// none is left. A transfer that finishes first only leaves its lane. The transfers of one
/// transport have one timeout, so on one clock each deadline comes after the ones before it:
/// the lane's task sleeps through many transfers and is woken only by a deadline that is due.
/// A deadline earlier than the one it sleeps for replaces it with a new task.
///
/// A clock is known again by its identity (a class) or its type (`ContinuousClock` and
/// `SuspendingClock`, which hold no state). Any other clock gets a lane for each transfer,
/// whose task is cancelled when the transfer finishes.
final class TransferDeadlines: Sendable {
  private let lanes = Mutex<[ObjectIdentifier: any DeadlineLane]>([:])

  /// Makes an empty set of lanes.
  init() {}

  /// Ends `completion` with ``UseCases/APIError/timeout`` once `timeout` has passed on `clock`,
  /// unless its outcome is known first.
  func schedule(
    _ completion: TransferCompletion, after timeout: Duration, on clock: any Clock<Duration>
  ) {
    schedule(completion, timeout, clock)
  }

  /// How many lanes are held (tests check that a lane goes once its deadlines are gone).
  var laneCount: Int { lanes.withLock { $0.count } }

  private func schedule<C: Clock<Duration>>(
    _ completion: TransferCompletion, _ timeout: Duration, _ clock: C
  ) {
    let deadline = clock.now.advanced(by: timeout)
    guard let key = Self.key(of: clock) else {
      _ = Lane(clock: clock, shared: false, closed: { _ in }).add(completion, at: deadline)
      return
    }
    while true {
      let lane = lanes.withLock { lanes -> Lane<C> in
        if let lane = lanes[key] as? Lane<C> { return lane }
        let lane = Lane(clock: clock, shared: true) { [weak self] closed in
          self?.lanes.withLock { lanes in
            if lanes[key] === closed { lanes[key] = nil }
          }
        }
        lanes[key] = lane
        return lane
      }
      if lane.add(completion, at: deadline) { return }
      // The lane closed as it was found: it takes itself out; the next loop makes a new one.
      lanes.withLock { lanes in
        if lanes[key] === lane { lanes[key] = nil }
      }
    }
  }

  private static func key<C: Clock<Duration>>(of clock: C) -> ObjectIdentifier? {
    if C.self is AnyObject.Type { return ObjectIdentifier(clock as AnyObject) }
    if C.self == ContinuousClock.self || C.self == SuspendingClock.self {
      return ObjectIdentifier(C.self)
    }
    return nil
  }
}

private protocol DeadlineLane: AnyObject, Sendable {}

private final class Lane<C: Clock<Duration>>: DeadlineLane {
  private struct Entry {
    var deadline: C.Instant
    var completion: TransferCompletion
  }

  private struct State {
    var entries: [Int: Entry] = [:]
    var nextID = 0
    /// When the sleeping task wakes; `nil` when none sleeps.
    var wake: C.Instant?
    var sleeper: Task<Void, Never>?
    /// Which sleeper is the current one: a replaced one that wakes does nothing.
    var generation = 0
    /// No deadline is taken any more: the lane's task has ended.
    var isClosed = false
  }

  private let clock: C
  /// Whether the lane serves every transfer on its clock (else only one).
  private let shared: Bool
  private let closed: @Sendable (Lane<C>) -> Void
  private let state = Mutex(State())

  init(clock: C, shared: Bool, closed: @escaping @Sendable (Lane<C>) -> Void) {
    self.clock = clock
    self.shared = shared
    self.closed = closed
  }

  /// Records `completion`'s deadline; `false` when the lane has closed (nothing recorded).
  func add(_ completion: TransferCompletion, at deadline: C.Instant) -> Bool {
    var replaced: Task<Void, Never>?
    let id = state.withLock { state -> Int? in
      guard !state.isClosed else { return nil }
      let id = state.nextID
      state.nextID += 1
      state.entries[id] = Entry(deadline: deadline, completion: completion)
      if let wake = state.wake, wake <= deadline { return id }
      replaced = state.sleeper
      state.generation += 1
      state.wake = deadline
      let generation = state.generation
      state.sleeper = Task.detached { [self] in await self.sleep(until: deadline, generation) }
      return id
    }
    replaced?.cancel()
    guard let id else { return false }
    completion.setDeadline { [self] in self.remove(id) }
    return true
  }

  /// Forgets the deadline `id` (its transfer finished); a lane of one transfer stops its task.
  private func remove(_ id: Int) {
    let stopped = state.withLock { state -> Task<Void, Never>? in
      state.entries[id] = nil
      guard !shared, state.entries.isEmpty, !state.isClosed else { return nil }
      state.isClosed = true
      state.generation += 1
      state.wake = nil
      defer { state.sleeper = nil }
      return state.sleeper
    }
    stopped?.cancel()
  }

  private func sleep(until first: C.Instant, _ generation: Int) async {
    var wake = first
    while true {
      do {
        try await clock.sleep(until: wake, tolerance: nil)
      } catch {
        return  // Replaced by a sleeper for an earlier deadline, or its transfer finished.
      }
      let now = clock.now
      let (due, next, isClosing) = state.withLock {
        state -> ([TransferCompletion], C.Instant?, Bool) in
        guard state.generation == generation else { return ([], nil, false) }
        let dueIDs = state.entries.filter { $0.value.deadline <= now }.map(\.key)
        let due = dueIDs.compactMap { state.entries.removeValue(forKey: $0)?.completion }
        let next = state.entries.values.map(\.deadline).min()
        state.wake = next
        guard next == nil else { return (due, next, false) }
        state.isClosed = true
        state.sleeper = nil
        return (due, nil, true)
      }
      if isClosing { closed(self) }
      for completion in due { completion.finish(.failure(.timeout)) }
      guard let next else { return }
      wake = next
    }
  }
}

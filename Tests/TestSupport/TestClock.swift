import Synchronization

/// A clock that only moves when a test advances it, so waits, debouncing, timeouts and backoff
/// are tested without real sleeping.
///
/// ```swift
/// let clock = TestClock()
/// let task = Task { try await clock.sleep(for: .seconds(2)) }
/// await clock.waitForSleepers(1)
/// await clock.advance(by: .seconds(2))  // the sleep ends now
/// ```
///
/// For network code, where some waits must end at once and others must not, give `holdFrom`:
/// sleeps shorter than it are recorded and end immediately, moving the clock forward (backoff
/// delays); longer ones hold until the test advances the clock (deadlines, latency).
///
/// ```swift
/// let clock = TestClock(holdFrom: .seconds(10))
/// // ... code under test retries after 0.5 s and 1 s, then waits on a 10 s deadline ...
/// clock.recordedSleeps  // [.milliseconds(500), .seconds(1), .seconds(10)]
/// ```
public final class TestClock: Clock, Sendable {
  /// A point on the test clock's time line.
  public struct Instant: InstantProtocol {
    /// The time since the clock was created.
    public var offset: Duration

    /// Creates an instant.
    public init(offset: Duration) { self.offset = offset }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    /// The time from this instant to `other`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    /// Earlier instants come first.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var id: Int
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var nextID = 0
    var sleepers: [Sleeper] = []
    var cancelled: Set<Int> = []
    var recorded: [Duration] = []
    var waiters: [(id: Int, count: Int, continuation: CheckedContinuation<Bool, Never>)] = []
  }

  /// Sleeps at least this long hold until the test advances the clock; shorter ones end at once.
  ///
  /// `nil`: every sleep holds.
  public let holdFrom: Duration?
  private let state = Mutex(State())

  /// Creates a clock at offset zero.
  public init(holdFrom: Duration? = nil) { self.holdFrom = holdFrom }

  /// The current instant.
  public var now: Instant { state.withLock { $0.now } }
  /// The test clock does not round.
  public var minimumResolution: Duration { .zero }
  /// How many tasks are sleeping on the clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }
  /// Every sleep requested so far, in order, as durations from the instant it was requested.
  public var recordedSleeps: [Duration] { state.withLock { $0.recorded } }

  /// Suspends until a test advances the clock to `deadline`, or the task is cancelled (or
  /// returns at once for a sleep shorter than ``holdFrom``).
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let (id, immediate) = state.withLock { state -> (Int, Bool) in
      let duration = state.now.duration(to: deadline)
      state.recorded.append(duration)
      state.nextID += 1
      guard let holdFrom = self.holdFrom, duration < holdFrom else { return (state.nextID, false) }
      state.now = max(state.now, deadline)
      return (state.nextID, true)
    }
    if immediate { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let (resume, ready) = state.withLock {
          state -> (Result<Void, any Error>?, [CheckedContinuation<Bool, Never>]) in
          if state.cancelled.remove(id) != nil { return (.failure(CancellationError()), []) }
          if deadline <= state.now { return (.success(()), []) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          let count = state.sleepers.count
          let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
          state.waiters.removeAll { $0.count <= count }
          return (nil, ready)
        }
        for waiter in ready { waiter.resume(returning: true) }
        if let resume { continuation.resume(with: resume) }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
          return state.sleepers.remove(at: index)
        }
        state.cancelled.insert(id)
        return nil
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Returns `true` once at least `count` tasks are sleeping on the clock, so a following
  /// ``advance(by:)`` is measured from the moment they went to sleep (a task that has not reached
  /// its sleep yet would otherwise start counting after the advance).
  ///
  /// Returns `false` if that has not happened after `giveUpAfter` of real time, so a broken test
  /// fails instead of hanging; a passing test never waits for that.
  @discardableResult
  public func waitForSleepers(
    _ count: Int = 1, giveUpAfter: Duration = .seconds(60)
  ) async
    -> Bool
  {
    await withTaskGroup(of: Bool.self) { group in
      group.addTask { await self.sleepersReached(count) }
      group.addTask {
        try? await Task.sleep(for: giveUpAfter)
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
  }

  private func sleepersReached(_ count: Int) async -> Bool {
    let id = state.withLock { state -> Int in
      state.nextID += 1
      return state.nextID
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let done = state.withLock { state -> Bool? in
          if state.cancelled.remove(id) != nil { return false }
          guard state.sleepers.count < count else { return true }
          state.waiters.append((id, count, continuation))
          return nil
        }
        if let done { continuation.resume(returning: done) }
      }
    } onCancel: {
      let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
        if let index = state.waiters.firstIndex(where: { $0.id == id }) {
          return state.waiters.remove(at: index).continuation
        }
        state.cancelled.insert(id)
        return nil
      }
      waiter?.resume(returning: false)
    }
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline is reached, in
  /// deadline order, and letting woken tasks run before returning.
  public func advance(by duration: Duration = .zero) async {
    let end = now.advanced(by: duration)
    while true {
      await Self.yieldMany()
      let due = state.withLock { state -> [Sleeper] in
        guard let next = state.sleepers.map(\.deadline).min(), next <= end else {
          state.now = max(state.now, end)
          return []
        }
        state.now = max(state.now, next)
        let due = state.sleepers.filter { $0.deadline <= next }
        state.sleepers.removeAll { $0.deadline <= next }
        return due
      }
      if due.isEmpty { break }
      for sleeper in due { sleeper.continuation.resume() }
    }
    await Self.yieldMany()
  }

  /// Advances until no task is sleeping on the clock.
  public func run() async {
    while true {
      await Self.yieldMany()
      guard let next = state.withLock({ $0.sleepers.map(\.deadline).min() }) else { return }
      await advance(by: now.duration(to: next))
    }
  }

  private static func yieldMany() async {
    for _ in 0..<50 { await Task.yield() }
  }
}

import Synchronization

/// A clock that only moves when a test advances it, so waits, debouncing, timeouts and backoff
/// are tested without real sleeping.
///
/// ```swift
/// let clock = TestClock()
/// let task = Task { try await clock.sleep(for: .seconds(2)) }
/// await clock.advance(by: .seconds(2))  // the sleep ends now
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
  }

  private let state = Mutex(State())

  /// Creates a clock at offset zero.
  public init() {}

  /// The current instant.
  public var now: Instant { state.withLock { $0.now } }
  /// The test clock does not round.
  public var minimumResolution: Duration { .zero }
  /// How many tasks are sleeping on the clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until a test advances the clock to `deadline`, or the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state -> Int in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let resume: Result<Void, any Error>? = state.withLock { state in
          if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return nil
        }
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

  /// Returns once at least `count` tasks are sleeping on the clock, so a following
  /// ``advance(by:)`` is measured from the moment they went to sleep (a task that has not
  /// reached its sleep yet would otherwise start counting after the advance). Gives up, with
  /// `false`, after `maxYields` yields.
  @discardableResult
  public func waitForSleepers(_ count: Int = 1, maxYields: Int = 100_000) async -> Bool {
    for _ in 0..<maxYields {
      if sleeperCount >= count { return true }
      await Task.yield()
    }
    return sleeperCount >= count
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

import Synchronization

/// A test clock for network code, where some waits must end at once and others must not.
///
/// Sleeps shorter than ``holdFrom`` are recorded and end immediately, moving the clock forward
/// (backoff delays); longer ones hold until a test calls ``advance(by:)`` (request deadlines,
/// latency). With `holdFrom: .zero` every sleep holds, like a manual clock.
///
/// ```swift
/// let clock = HoldingClock(holdFrom: .seconds(10))
/// // ... code under test retries after 0.5 s and 1 s, then waits on a 10 s deadline ...
/// clock.recordedSleeps            // [.milliseconds(500), .seconds(1), .seconds(10)]
/// await clock.waitForSleepers(1)  // the deadline is pending
/// clock.advance(by: .seconds(10)) // ... and now it passes
/// ```
public final class HoldingClock: Clock, Sendable {
  /// A point on the clock's time line.
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
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  /// Sleeps at least this long hold until the test advances the clock.
  public let holdFrom: Duration
  private let state = Mutex(State())

  /// Creates a clock at offset zero.
  public init(holdFrom: Duration = .zero) { self.holdFrom = holdFrom }

  /// The current instant.
  public var now: Instant { state.withLock { $0.now } }
  /// The clock does not round.
  public var minimumResolution: Duration { .zero }
  /// Every sleep requested so far, in order, as durations from the instant it was requested.
  public var recordedSleeps: [Duration] { state.withLock { $0.recorded } }
  /// How many sleeps are holding.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Ends at once for short sleeps; holds longer ones until ``advance(by:)`` or cancellation.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let immediate = state.withLock { state -> Bool in
      let duration = state.now.duration(to: deadline)
      state.recorded.append(duration)
      guard duration < holdFrom else { return false }
      state.now = max(state.now, deadline)
      return true
    }
    if immediate { return }
    let id = state.withLock { state -> Int in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let (resume, waiters) = state.withLock {
          state -> (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
          if state.cancelled.remove(id) != nil { return (.failure(CancellationError()), []) }
          if deadline <= state.now { return (.success(()), []) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          let count = state.sleepers.count
          let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
          state.waiters.removeAll { $0.count <= count }
          return (nil, ready)
        }
        for waiter in waiters { waiter.resume() }
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

  /// Returns once at least `count` sleeps are holding.
  public func waitForSleepers(_ count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let done = state.withLock { state -> Bool in
        guard state.sleepers.count < count else { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if done { continuation.resume() }
    }
  }

  /// Moves time forward by `duration` and ends every holding sleep whose deadline is reached.
  public func advance(by duration: Duration) {
    let due = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }
      state.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }
}

import Synchronization

/// One load started ahead of the screen that needs it (the Rooms prefetch, the hotel
/// revalidated while an order is submitted), whose answer that screen takes later.
///
/// While a load is in flight, or succeeded no longer than `maxAge` ago (any time ago when
/// `maxAge` is `nil`), ``start(_:)`` does not start another and ``take()`` answers with it;
/// an older answer, or a failure, is dropped and loaded again. ``wait()`` waits for a load in flight (for
/// quiescence).
final class Prefetch<Value: Sendable>: Sendable {
  typealias Answer = Result<Loaded<Value>, APIError>

  private struct Entry {
    var id: Int
    var task: Task<Answer, Never>
    /// The time since the load finished; `nil` while it is in flight.
    var age: (@Sendable () -> Duration)?
  }

  private struct State {
    var entry: Entry?
    var nextID = 0
  }

  private let clock: any Clock<Duration>
  private let maxAge: Duration?
  private let state = Mutex(State())

  /// A prefetch whose answers are used up to `maxAge` after they arrive (`nil`: always), aged
  /// on `clock`.
  init(clock: any Clock<Duration>, maxAge: Duration?) {
    self.clock = clock
    self.maxAge = maxAge
  }

  /// Starts `load` in the background unless a load is in flight or its answer is still fresh.
  func start(_ load: @escaping @Sendable () async throws(APIError) -> Loaded<Value>) {
    state.withLock { state in
      if let entry = state.entry, isFresh(entry) { return }
      let id = state.nextID
      state.nextID += 1
      let clock = clock
      // The task records when it finished; the lock held here keeps that after this entry.
      let task = Task { [self] in
        let answer: Answer
        do throws(APIError) {
          answer = .success(try await load())
        } catch {
          answer = .failure(error)
        }
        let age = Self.stopwatch(clock)
        self.state.withLock { state in
          guard state.entry?.id == id else { return }
          // A failure is never used: drop it, so that the next start loads again.
          if case .failure = answer { state.entry = nil } else { state.entry?.age = age }
        }
        return answer
      }
      state.entry = Entry(id: id, task: task, age: nil)
    }
  }

  /// The answer of the load in flight or of a fresh one, if it succeeded; it is used up
  /// either way (`nil`: load it now).
  func take() async -> Loaded<Value>? {
    let entry = state.withLock { state in
      defer { state.entry = nil }
      return state.entry
    }
    guard let entry, isFresh(entry), case .success(let loaded) = await entry.task.value else {
      return nil
    }
    return loaded
  }

  /// Returns once the load in flight, if any, has finished.
  func wait() async {
    if let task = state.withLock({ $0.entry?.task }) { _ = await task.value }
  }

  // MARK: - Private

  private func isFresh(_ entry: Entry) -> Bool {
    guard let maxAge, let age = entry.age else { return true }
    return age() <= maxAge
  }

  private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }
}

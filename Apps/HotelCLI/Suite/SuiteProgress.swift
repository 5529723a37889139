import Synchronization

/// What a running suite has done so far, readable from any thread: the signal thread reads it
/// on SIGINT or SIGTERM to write the JUnit report of the journeys that ended (CI keeps the
/// report of a run it cancelled or timed out, and sees which journey was still running).
final class SuiteProgress: Sendable {
  private struct State {
    var results: [JourneyResult?]
    var started: [ContinuousClock.Instant?]
  }

  private let names: [String]
  private let state: Mutex<State>

  /// A suite of `journeys`, in the order they were found; `skipped` holds the results of those
  /// `--tags` left out, by index.
  init(journeys: [Journey], skipped: [Int: JourneyResult]) {
    names = journeys.map(\.name)
    state = Mutex(
      State(
        results: journeys.indices.map { skipped[$0] },
        started: Array(repeating: nil, count: journeys.count)))
  }

  /// Notes that the journey at `index` started at `instant`.
  func started(_ index: Int, at instant: ContinuousClock.Instant) {
    state.withLock { $0.started[index] = instant }
  }

  /// Notes how the journey at `index` ended.
  func ended(_ index: Int, with result: JourneyResult) {
    state.withLock { $0.results[index] = result }
  }

  /// How many journeys ended (those `--tags` left out not counted).
  var endedCount: Int {
    state.withLock { state in
      state.results.filter { $0 != nil && $0?.outcome != .skipped }.count
    }
  }

  /// The journeys started and not ended as of `now`, in the order they were found, with how
  /// long each has run.
  func running(at now: ContinuousClock.Instant) -> [(name: String, duration: Duration)] {
    state.withLock { state in
      names.indices.compactMap { index in
        guard state.results[index] == nil, let start = state.started[index] else { return nil }
        return (names[index], now - start)
      }
    }
  }

  /// Every journey's result as of `now`: one still running is an error that says the suite was
  /// stopped while it ran (`stopped`), one not started is skipped (`notRun`).
  func results(
    at now: ContinuousClock.Instant, stopped: String, notRun: String
  ) -> [JourneyResult] {
    state.withLock { state in
      names.indices.map { index in
        if let result = state.results[index] { return result }
        if let start = state.started[index] {
          return JourneyResult(
            name: names[index], outcome: .broken(stopped), exitCode: .failure,
            duration: now - start)
        }
        return JourneyResult(
          name: names[index], outcome: .skipped, exitCode: .success, duration: .zero,
          skipReason: notRun)
      }
    }
  }
}

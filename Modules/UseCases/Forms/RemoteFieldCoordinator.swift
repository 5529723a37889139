import Domain

/// Runs the server calculations of a form (SPEC section 6): a request starts
/// ``defaultDebounce`` after the last edit of its field's inputs (measured on the injected
/// clock), and per field the last edit wins: an answer to an older request, or to one
/// cancelled since, is reported as ``RemoteCalculationOutcome/superseded`` and never applied.
///
/// Stale requests are left to finish rather than cancelled in flight (cancelling a URLSession
/// request can deadlock on Linux, see LINUX-NOTES); generation counters drop their answers.
/// Different fields never wait for or supersede each other.
///
/// ```swift
/// let coordinator = RemoteFieldCoordinator(
///   calculator: calculator, clock: dependencies.clock, language: .en)
/// switch await coordinator.calculate(request) {
/// case .value(let value): _ = state.setRemoteValue(value, at: request.path)
/// case .failure(let error): show(error, on: request.path)
/// case .superseded: break  // a later edit's answer will come
/// }
/// ```
public actor RemoteFieldCoordinator {
  /// How long after the last edit of an input a request starts: 300 ms.
  public static let defaultDebounce: Duration = .milliseconds(300)

  private let calculator: RemoteCalculator
  private let clock: any Clock<Duration>
  private let language: Language
  private let debounce: Duration
  private var generations: [FieldPath: Int] = [:]
  private var sent: [FieldPath: Int] = [:]

  /// Creates a coordinator that asks `calculator`, waiting `debounce` on `clock`.
  public init(
    calculator: RemoteCalculator, clock: any Clock<Duration>, language: Language,
    debounce: Duration = RemoteFieldCoordinator.defaultDebounce
  ) {
    self.calculator = calculator
    self.clock = clock
    self.language = language
    self.debounce = debounce
  }

  /// Asks for `request`'s value after the debounce (none when `debounced` is `false`, as for a
  /// retry the user asked for).
  ///
  /// The answer is reported only if no later call for the same field, and no ``cancel(_:)``, came
  /// meanwhile; otherwise the outcome is ``RemoteCalculationOutcome/superseded`` (and a call
  /// overtaken during its debounce sends nothing).
  public func calculate(
    _ request: RemoteCalculationRequest, debounced: Bool = true
  ) async -> RemoteCalculationOutcome {
    let generation = (generations[request.path] ?? 0) + 1
    generations[request.path] = generation
    if debounced, debounce > .zero {
      do {
        try await clock.sleep(for: debounce)
      } catch {
        return .superseded
      }
      guard generations[request.path] == generation else { return .superseded }
    }
    sent[request.path, default: 0] += 1
    let result: Result<FormValue, RemoteCalculationError>
    do throws(RemoteCalculationError) {
      result = .success(try await calculator.calculate(request, language))
    } catch {
      result = .failure(error)
    }
    guard generations[request.path] == generation else { return .superseded }
    switch result {
    case .success(let value): return .value(value)
    case .failure(let error): return .failure(error)
    }
  }

  /// Drops whatever is pending or in flight for `path` (its inputs were cleared or the field
  /// was hidden): the calls waiting for it end as ``RemoteCalculationOutcome/superseded``.
  public func cancel(_ path: FieldPath) {
    generations[path, default: 0] += 1
  }

  /// How many requests for `path` were actually sent (after their debounce).
  public func sentCount(for path: FieldPath) -> Int { sent[path] ?? 0 }
}

/// Runs remote calculations so that, per field, the last request wins: when edits race, an
/// answer to an older request is reported as ``RemoteCalculationOutcome/superseded`` and never
/// applied. Stale requests are left to finish (not cancelled mid-flight: cancelling URLSession
/// requests is unreliable on Linux); their results are dropped by generation counters.
///
/// ```swift
/// let outcome = await coordinator.calculate(request)
/// if case .value(let value) = outcome { changed = state.setRemoteValue(value, at: request.path) }
/// ```
public actor RemoteFieldCoordinator {
  private let calculator: RemoteCalculator
  private var generations: [FieldPath: Int] = [:]

  /// Creates a coordinator over `calculator`.
  public init(calculator: RemoteCalculator) {
    self.calculator = calculator
  }

  /// Asks for `request`'s value; it is reported only if no later request for the same field
  /// started meanwhile.
  public func calculate(_ request: RemoteCalculationRequest) async -> RemoteCalculationOutcome {
    let generation = (generations[request.path] ?? 0) + 1
    generations[request.path] = generation
    let result: Result<FormValue, any Error>
    do {
      result = .success(try await calculator.calculate(request.url, request.inputs))
    } catch {
      result = .failure(error)
    }
    guard generations[request.path] == generation else { return .superseded }
    switch result {
    case .success(let value): return .value(value)
    case .failure(let error): return .failure("\(error)")
    }
  }

  /// The number of requests started so far for `path`.
  public func requestCount(for path: FieldPath) -> Int { generations[path] ?? 0 }
}

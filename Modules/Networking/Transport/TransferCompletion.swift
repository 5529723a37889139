import Synchronization
import UseCases

/// The single outcome of one transfer: whichever of the response, the deadline or the caller's
/// cancellation comes first wins; later ones are dropped.
///
/// It is also what a guard outside this module sees of a transfer of an ``HTTPTransport``
/// (`NetworkingRepair`): ``resuming`` is the transfer whose task is being resumed, on the
/// resuming task, while FoundationNetworking makes its libcurl handle; a guard may
/// ``refuse(_:)`` it and stop the transfer once ``isFinished``. Nothing in this
/// module reads ``resuming``.
package final class TransferCompletion: Sendable {
  typealias Outcome = Result<HTTPResponseData, APIError>

  /// The transfer whose task ``HTTPTransport`` is resuming on this task, if any.
  @TaskLocal package static var resuming: TransferCompletion?

  private struct State {
    var continuation: CheckedContinuation<Outcome, Never>?
    var early: Outcome?
    var finished = false
    /// What stops the deadline's timer for this transfer.
    var stopDeadline: (@Sendable () -> Void)?
  }

  private let state = Mutex(State())

  /// Makes a pending outcome.
  package init() {}

  /// Whether the outcome is known: whatever the transfer still delivers is dropped.
  package var isFinished: Bool { state.withLock { $0.finished } }

  /// Installs the continuation that receives the outcome (at once if it is already known);
  /// returns whether the outcome is still pending, that is, whether to start the transfer.
  @discardableResult
  func install(_ continuation: CheckedContinuation<Outcome, Never>) -> Bool {
    let early = state.withLock { state -> Outcome? in
      if let early = state.early { return early }
      state.continuation = continuation
      return nil
    }
    guard let early else { return true }
    continuation.resume(returning: early)
    return false
  }

  /// Keeps what stops the deadline's timer, to call it when the outcome is known first (at
  /// once when it is known already).
  func setDeadline(_ stop: @escaping @Sendable () -> Void) {
    let alreadyFinished = state.withLock { state -> Bool in
      if state.finished { return true }
      state.stopDeadline = stop
      return false
    }
    if alreadyFinished { stop() }
  }

  /// Ends the transfer with `error` unless another outcome came first.
  package func refuse(_ error: APIError) {
    finish(.failure(error))
  }

  /// Delivers `outcome` unless another one came first.
  func finish(_ outcome: Outcome) {
    let (continuation, stopDeadline) = state.withLock {
      state -> (CheckedContinuation<Outcome, Never>?, (@Sendable () -> Void)?) in
      guard !state.finished else { return (nil, nil) }
      state.finished = true
      defer {
        state.continuation = nil
        state.stopDeadline = nil
      }
      if state.continuation == nil { state.early = outcome }
      return (state.continuation, state.stopDeadline)
    }
    stopDeadline?()
    continuation?.resume(returning: outcome)
  }
}

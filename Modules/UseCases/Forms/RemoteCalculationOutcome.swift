import Domain

/// How a server calculation ended, as ``RemoteFieldCoordinator`` reports it.
public enum RemoteCalculationOutcome: Hashable, Sendable {
  /// The latest request for the field answered with this value: apply it.
  case value(FormValue)
  /// The latest request for the field failed.
  case failure(RemoteCalculationError)
  /// A later edit (or a cancellation) overtook this request: drop the answer.
  case superseded
}

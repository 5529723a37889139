/// How a remote calculation ended, as ``RemoteFieldCoordinator`` reports it.
public enum RemoteCalculationOutcome: Hashable, Sendable {
  /// The latest request for the field answered with this value: apply it.
  case value(FormValue)
  /// The latest request for the field failed; the message says why.
  case failure(String)
  /// A later request for the same field was made meanwhile: drop this answer.
  case superseded
}

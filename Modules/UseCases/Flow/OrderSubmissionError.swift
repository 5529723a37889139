import Domain

/// Why submitting an order did not end with a saved order.
public enum OrderSubmissionError: Error, Hashable, Sendable {
  /// The server did not accept the order: it refused it, or its answer was lost
  /// (``APIError/leavesOutcomeUnknown``: ask again with the same ``PendingOrder``).
  case api(APIError)
  /// The server accepted `order`, but it could not be saved on this device.
  case notSaved(Order, StoreError)
}

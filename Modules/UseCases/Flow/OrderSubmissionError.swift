import Domain

/// Why submitting an order did not end with a saved order.
public enum OrderSubmissionError: Error, Hashable, Sendable {
  /// The server did not accept the order (or its answer was lost). Retry with the same
  /// idempotency key: the server never creates a second order for it.
  case api(APIError)
  /// The server accepted `order`, but it could not be saved on this device.
  case notSaved(Order, StoreError)
}

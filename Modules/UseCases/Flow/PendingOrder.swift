import Domain

/// An order submitted whose outcome is not known yet: its idempotency key and the exact request
/// sent with it.
///
/// Asking again sends both unchanged, so the server answers for the order it may already hold; kept
/// in the draft until the server accepts or refuses it (SPEC section 4).
///
/// ```swift
/// let pending = service.pendingOrder(for: request)   // a new key
/// let order = try await service.submitOrder(pending) // again after a timeout: the same
/// ```
public struct PendingOrder: Hashable, Sendable, Codable {
  /// The `Idempotency-Key` the order goes out with.
  public var idempotencyKey: String
  /// The order, as sent.
  public var request: OrderRequest

  /// Creates a pending order.
  public init(idempotencyKey: String, request: OrderRequest) {
    self.idempotencyKey = idempotencyKey
    self.request = request
  }
}

import Foundation

/// What is sent to `POST /orders`: a complete, valid booking.
public struct OrderRequest: Hashable, Sendable, Codable {
  /// The offer being booked.
  public var offer: BookingOffer
  /// Who pays.
  public var buyer: Buyer
  /// Who travels, within the offer's tourist limits.
  public var tourists: [Tourist]

  /// Creates a request.
  public init(offer: BookingOffer, buyer: Buyer, tourists: [Tourist]) {
    self.offer = offer
    self.buyer = buyer
    self.tourists = tourists
  }

  /// The price for these tourists.
  public var price: PriceBreakdown { offer.prices.breakdown(tourists: tourists.count) }
}

/// The server's answer to an accepted order.
public struct OrderConfirmation: Hashable, Sendable, Codable {
  /// The order number the server assigned.
  public var orderNumber: Int

  /// Creates a confirmation.
  public init(orderNumber: Int) { self.orderNumber = orderNumber }
}

/// An accepted order, as saved on disk and listed by `hotel orders`.
public struct Order: Hashable, Sendable, Codable, Identifiable {
  /// The server's order number.
  public var number: Int
  /// The idempotency key the order was submitted with (one per attempt series).
  public var idempotencyKey: String
  /// When the order was accepted.
  public var placedAt: Date
  /// What was booked.
  public var request: OrderRequest

  /// The order number identifies the order.
  public var id: Int { number }

  /// Creates an order.
  public init(number: Int, idempotencyKey: String, placedAt: Date, request: OrderRequest) {
    self.number = number
    self.idempotencyKey = idempotencyKey
    self.placedAt = placedAt
    self.request = request
  }
}

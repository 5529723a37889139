import Foundation

/// What is sent to `POST /orders`: a complete, valid booking.
public struct OrderRequest: Hashable, Sendable, Codable {
  /// The offer being booked.
  public var offer: BookingOffer
  /// Who pays.
  public var buyer: Buyer
  /// Who travels, within the offer's tourist limits.
  public var tourists: [Tourist]
  /// Every field the form showed, by path (`extras.promoCode`, `price.total`), as displayed: what
  /// was typed into an input, the plain value of a computed field (`"271910"`).
  ///
  /// The server reads the fields it knows (a promo code, the transfer) and computes the order's
  /// total itself. Empty for orders saved before forms carried extras.
  public var form: [String: String]

  /// Creates a request.
  public init(
    offer: BookingOffer, buyer: Buyer, tourists: [Tourist], form: [String: String] = [:]
  ) {
    self.offer = offer
    self.buyer = buyer
    self.tourists = tourists
    self.form = form
  }

  /// The offer's price for these tourists (without a form's extras; the total to pay is the
  /// server's, ``Order/total``).
  public var price: PriceBreakdown { offer.prices.breakdown(tourists: tourists.count) }

  private enum CodingKeys: String, CodingKey {
    case offer, buyer, tourists, form
  }

  /// Decodes a request; `form` may be missing (orders saved before it existed).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    offer = try container.decode(BookingOffer.self, forKey: .offer)
    buyer = try container.decode(Buyer.self, forKey: .buyer)
    tourists = try container.decode([Tourist].self, forKey: .tourists)
    form = try container.decodeIfPresent([String: String].self, forKey: .form) ?? [:]
  }
}

/// The server's answer to an accepted order.
public struct OrderConfirmation: Hashable, Sendable, Codable {
  /// The order number the server assigned.
  public var orderNumber: Int
  /// The total to pay as the server computed it, when it says (the fixture does).
  public var total: Money?

  /// Creates a confirmation.
  public init(orderNumber: Int, total: Money? = nil) {
    self.orderNumber = orderNumber
    self.total = total
  }
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
  /// The total the server computed for the order, when it said (`nil` for older orders).
  public var serverTotal: Money?

  /// The order number identifies the order.
  public var id: Int { number }

  /// The total to pay: the server's when it gave one; else the total the form showed
  /// (`price.total`), else the offer's price for the tourists.
  public var total: Money {
    serverTotal ?? shownTotal ?? request.price.total
  }

  /// The total the Booking screen showed when Pay was tapped (the form's `price.total`), when
  /// the order carries it.
  public var shownTotal: Money? {
    request.form["price.total"].flatMap { Int($0) }.map {
      Money($0, currency: request.price.total.currency)
    }
  }

  /// The total shown when Pay was tapped, when the server's total is another (a server that priced
  /// the order otherwise, or in another currency): what a screen names beside the server's total so
  /// the difference is never hidden.
  ///
  /// `nil` when they agree or either is not known.
  public var shownTotalUnlikeServers: Money? {
    guard let serverTotal, let shownTotal, shownTotal != serverTotal else { return nil }
    return shownTotal
  }

  /// Creates an order.
  public init(
    number: Int, idempotencyKey: String, placedAt: Date, request: OrderRequest,
    serverTotal: Money? = nil
  ) {
    self.number = number
    self.idempotencyKey = idempotencyKey
    self.placedAt = placedAt
    self.request = request
    self.serverTotal = serverTotal
  }
}

import Domain
import Foundation
import Presentation

/// What `hotel orders` prints: every saved order, oldest first, with personal data masked (SPEC
/// section 8): phone and passport numbers as `•••• 3456`, e-mail as `i•••@example.com`, names as a
/// first name and an initial.
///
/// The text's words follow `--lang` (``OrderListingStrings``); the JSON's keys do not.
enum OrderListing {
  /// The lines of the orders for people, with the words in `language`; with `color`, each
  /// order's heading is bold and its total green (`--color`, as the screens are coloured).
  static func lines(
    _ orders: [Order], dataDirectory: String, language: Language, color: Bool = false
  ) -> [StyledLine] {
    let strings = OrderListingStrings(language: language)
    guard !orders.isEmpty else { return [StyledLine(strings.noOrders(in: dataDirectory))] }
    let style = Style(isEnabled: color)
    return orders.enumerated().flatMap { index, order in
      (index == 0 ? [] : [StyledLine()]) + entry(order, strings: strings, style: style)
    }
  }

  /// The orders as a JSON array (keys sorted, masked like the text).
  static func json(_ orders: [Order]) -> String {
    guard !orders.isEmpty else { return "[]" }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
    guard let data = try? encoder.encode(orders.map(MaskedOrder.init)) else { return "[]" }
    return JSONText.terminalSafe(String(decoding: data, as: UTF8.self))
  }

  private static func entry(
    _ order: Order, strings: OrderListingStrings, style: Style
  ) -> [StyledLine] {
    let formats = Localizer(language: strings.language)
    let request = order.request
    let offer = request.offer
    let dates = "\(offer.tourDates.start.dottedString) – \(offer.tourDates.stop.dottedString)"
    let nights = formats.nights(offer.numberOfNights)
    let tourists = formats.tourists(request.tourists.count)
    var total = StyledLine("  \(dates), \(nights) · \(tourists) · ")
    total.add(money(order.total), style.green)
    // A server's total unlike the one shown on Pay is listed with it, as Paid shows it.
    let shownTotal = order.shownTotalUnlikeServers.map {
      StyledLine("  \(formats.totalShownWhenPaid): \(money($0))")
    }
    return [
      StyledLine(
        strings.heading(number: order.number, placedAt: timestamp(order.placedAt)), style.bold),
      StyledLine("  \(offer.hotelName) · \(offer.room)"),
      total,
    ] + (shownTotal.map { [$0] } ?? []) + [
      StyledLine(
        "  "
          + strings.buyer(
            phone: request.buyer.phone.masked, email: maskedEmail(request.buyer.email))),
      StyledLine(
        "  "
          + strings.tourists(request.tourists.map { (shortName($0), $0.passportNumber.masked) })),
    ]
  }

  /// `2026-11-22 18:55 UTC`.
  static func timestamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    func two(_ value: Int?) -> String {
      let text = String(value ?? 0)
      return text.count < 2 ? "0" + text : text
    }
    return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) "
      + "\(two(parts.hour)):\(two(parts.minute)) UTC"
  }

  /// `300 850 ₽`, as every screen shows money (Presentation's `Localizer`).
  static func money(_ money: Money) -> String {
    Localizer(language: .en).money(money)
  }

  /// `i•••@example.com` (Domain's mask).
  static func maskedEmail(_ email: EmailAddress) -> String {
    email.masked
  }

  /// `Ivan P.` (Domain's ``Tourist/shortName``).
  static func shortName(_ tourist: Tourist) -> String {
    tourist.shortName
  }

  private struct MaskedOrder: Encodable {
    var number: Int
    var placedAt: String
    var hotel: String
    var room: String
    var tourStart: String
    var tourStop: String
    var nights: Int
    var tourists: [String]
    var passports: [String]
    var phone: String
    var email: String
    var total: Int
    var currency: String
    /// The total shown when Pay was tapped, only when the server's total is another.
    var shownTotal: Int?
    /// Its currency, with it.
    var shownCurrency: String?

    init(_ order: Order) {
      let request = order.request
      number = order.number
      placedAt = ISO8601DateFormatter().string(from: order.placedAt)
      hotel = request.offer.hotelName
      room = request.offer.room
      tourStart = request.offer.tourDates.start.isoString
      tourStop = request.offer.tourDates.stop.isoString
      nights = request.offer.numberOfNights
      tourists = request.tourists.map(OrderListing.shortName)
      passports = request.tourists.map(\.passportNumber.masked)
      phone = request.buyer.phone.masked
      email = OrderListing.maskedEmail(request.buyer.email)
      total = order.total.amount
      currency = order.total.currency
      shownTotal = order.shownTotalUnlikeServers?.amount
      shownCurrency = order.shownTotalUnlikeServers?.currency
    }
  }
}

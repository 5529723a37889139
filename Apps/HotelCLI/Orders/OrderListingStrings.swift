import Domain

/// The words of `hotel orders` in English or Russian (`--lang`) that only the listing uses.
///
/// The values between them are formatted by their owners: money, nights and tourist counts by
/// Presentation's `Localizer`, the masked personal data by Domain.
struct OrderListingStrings: Sendable {
  /// The language of the words.
  var language: Language

  private var ru: Bool { language == .ru }

  /// "No saved orders in DIR." for an empty data directory.
  func noOrders(in directory: String) -> String {
    ru ? "Нет сохранённых заказов в \(directory)." : "No saved orders in \(directory)."
  }

  /// An order's first line: "Order №101 · placed 2026-11-18 11:06 UTC".
  func heading(number: Int, placedAt timestamp: String) -> String {
    ru ? "Заказ №\(number) · оформлен \(timestamp)" : "Order №\(number) · placed \(timestamp)"
  }

  /// "Buyer: phone •••• 4567, e-mail i•••@example.com".
  func buyer(phone: String, email: String) -> String {
    ru
      ? "Покупатель: телефон \(phone), эл. почта \(email)"
      : "Buyer: phone \(phone), e-mail \(email)"
  }

  /// "Tourists: Ivan P.
  ///
  /// (passport •••• 5678), ..." from each tourist's name and masked passport.
  func tourists(_ entries: [(name: String, passport: String)]) -> String {
    let passport = ru ? "паспорт" : "passport"
    let list = entries.map { "\($0.name) (\(passport) \($0.passport))" }.joined(separator: ", ")
    return (ru ? "Туристы: " : "Tourists: ") + list
  }
}

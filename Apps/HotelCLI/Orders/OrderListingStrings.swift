import Domain

/// The words of `hotel orders` in English or Russian (`--lang`). The values between them (order
/// number, timestamp, dates, money and the masked personal data) are formatted by
/// ``OrderListing`` the same way in both languages.
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

  /// "7 nights", "1 night" / "7 ночей", "1 ночь", "3 ночи".
  func nights(_ count: Int) -> String {
    ru
      ? Self.russian(count, one: "ночь", few: "ночи", many: "ночей")
      : "\(count) " + (count == 1 ? "night" : "nights")
  }

  /// "2 tourists", "1 tourist" / "2 туриста", "1 турист", "5 туристов".
  func touristCount(_ count: Int) -> String {
    ru
      ? Self.russian(count, one: "турист", few: "туриста", many: "туристов")
      : "\(count) " + (count == 1 ? "tourist" : "tourists")
  }

  /// "Buyer: phone •••• 4567, e-mail i•••@example.com".
  func buyer(phone: String, email: String) -> String {
    ru
      ? "Покупатель: телефон \(phone), эл. почта \(email)"
      : "Buyer: phone \(phone), e-mail \(email)"
  }

  /// "Tourists: Ivan P. (passport •••• 5678), ..." from each tourist's name and masked passport.
  func tourists(_ entries: [(name: String, passport: String)]) -> String {
    let passport = ru ? "паспорт" : "passport"
    let list = entries.map { "\($0.name) (\(passport) \($0.passport))" }.joined(separator: ", ")
    return (ru ? "Туристы: " : "Tourists: ") + list
  }

  /// `count` and the Russian word form that agrees with it: 1, 21 `one`; 2-4, 22-24 `few`;
  /// 0, 5-20, 25-30 `many` (11-14 always `many`).
  static func russian(_ count: Int, one: String, few: String, many: String) -> String {
    let lastTwo = abs(count) % 100
    let word =
      switch (lastTwo, lastTwo % 10) {
      case (11...14, _): many
      case (_, 1): one
      case (_, 2...4): few
      default: many
      }
    return "\(count) \(word)"
  }
}

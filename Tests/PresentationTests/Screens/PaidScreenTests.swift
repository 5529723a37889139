import Domain
import Presentation
import TestSupport
import Testing
import UseCases

/// The Paid screen shows the server's total (SPEC section 6); when the server's total is not
/// the one the Booking screen showed when Pay was tapped, it says so.
@MainActor @Suite struct PaidScreenTests {
  /// The rows of the Paid screen's summary after paying room 2 for one tourist, the server
  /// answering with `serverTotal`.
  private static func paidRows(
    serverTotal: Money?, language: Language = .en
  ) async throws -> (pay: String?, rows: [InfoRow]) {
    let flow = FlowHarness(language: language)
    flow.server.setConfirmedTotal(serverTotal)
    try await flow.openBooking()
    try await flow.fillValidForm()
    let pay = flow.snapshot.button("booking.pay")?.title
    try await flow.tap("booking.pay")
    try #require(flow.snapshot.screen == .paid)
    let rows = flow.snapshot.blocks.compactMap { block -> [InfoRow]? in
      if case .rows(let rows) = block { rows } else { nil }
    }
    return (pay, rows.first ?? [])
  }

  /// A server that prices the order at 0 ₽ (or in another currency) after the user paid
  /// "300 850 ₽": Paid shows the server's total and, beside it, the total shown when paying.
  @Test(arguments: [
    (Language.en, Money(0), "Total paid", "0 ₽", "Total shown when you paid", "300 850 ₽"),
    (
      Language.ru, Money(300_850, currency: "USD"), "Оплачено", "300 850 USD",
      "Сумма, показанная при оплате", "300 850 ₽"
    ),
  ])
  func aServerTotalOtherThanTheOneShownSaysBoth(
    language: Language, serverTotal: Money, totalLabel: String, total: String,
    shownLabel: String, shown: String
  ) async throws {
    let paid = try await Self.paidRows(serverTotal: serverTotal, language: language)
    #expect(paid.pay?.hasSuffix(shown) == true, "\(String(describing: paid.pay))")
    #expect(paid.rows.count == 5, "\(paid.rows)")
    #expect(
      paid.rows.dropFirst().prefix(2) == [
        InfoRow(label: totalLabel, value: total), InfoRow(label: shownLabel, value: shown),
      ])
  }

  /// The server's total equal to the one shown, or no total from the server: one total row.
  @Test(arguments: [Money(300_850), nil])
  func aServerTotalThatAgreesOrNoneShowsOneTotal(serverTotal: Money?) async throws {
    let paid = try await Self.paidRows(serverTotal: serverTotal)
    #expect(
      paid.rows.map(\.label) == [
        "Order number", "Total paid", "Phone", "First tourist: passport",
      ])
    #expect(paid.rows[1].value == "300 850 ₽")
  }
}

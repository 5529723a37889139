import Domain
import Presentation
import TestSupport
import Testing
import UseCases

/// The Booking screen with a form designer's own schema: a total that reads an optional field
/// the designer did not guard (`extras.bags * 2000` while no bags are given) cannot be
/// calculated, so Pay refuses rather than placing an order for an amount the screen never
/// showed.
@MainActor @Suite struct BookingCustomFormTests {
  static func schema(language: Language) -> FormSchema {
    let schema = FormSchema.withUnguardedBags(language: language)
    #expect(schema.sections.last?.fields.last?.id == "total")
    return schema
  }

  @Test(arguments: [
    (
      Language.en,
      "The total to pay cannot be calculated (extras.bags has no value), so the order cannot be placed"
    ),
    (
      Language.ru,
      "Итог к оплате нельзя рассчитать (нет значения extras.bags), поэтому заказ не может быть оформлен"
    ),
  ])
  func payRefusesWhileTheTotalCannotBeCalculated(language: Language, message: String) async throws {
    let flow = FlowHarness(language: language)
    flow.server.setFormSchema(Self.schema(language: language))
    try await flow.openBooking()
    #expect(flow.snapshot.notice == nil)
    try await flow.fillValidForm()
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.toast == message)
    #expect(flow.snapshot.screen == .booking)
    #expect(flow.server.acceptedOrders.isEmpty)
    try await flow.coordinator.send(.type("booking.extras.bags", "1"))
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.screen == .paid)
    let order = try #require(flow.server.acceptedOrders.first)
    #expect(order.request.form["price.total"] == "302850")
  }

  /// While the total cannot be calculated, neither Pay nor the collapsed price details show the
  /// offer's price (nobody would be charged it): they say the total is not known, and why.
  @Test(arguments: [
    (
      Language.en, "Pay (total not known)", "not known (extras.bags has no value)",
      "Total to pay: not known (extras.bags has no value)", "Pay 302 850 ₽",
      "Total to pay: 302 850 ₽"
    ),
    (
      Language.ru, "Оплатить (сумма неизвестна)", "неизвестен (нет значения extras.bags)",
      "К оплате: неизвестен (нет значения extras.bags)", "Оплатить 302 850 ₽",
      "К оплате: 302 850 ₽"
    ),
  ])
  func payAndTheTotalSayTheTotalIsNotKnown(
    language: Language, pay: String, total: String, summary: String, paidPay: String,
    paidSummary: String
  ) async throws {
    let flow = FlowHarness(language: language)
    flow.server.setFormSchema(Self.schema(language: language))
    try await flow.openBooking()
    #expect(flow.snapshot.button("booking.pay")?.title == pay)
    #expect(flow.section("booking.price")?.isExpanded == false)
    #expect(flow.section("booking.price")?.summary == summary)
    #expect(flow.value("booking.price.total") == total)
    #expect(flow.booking?.total == nil)
    try await flow.coordinator.send(.type("booking.extras.bags", "1"))
    #expect(flow.snapshot.button("booking.pay")?.title == paidPay)
    #expect(flow.section("booking.price")?.summary == paidSummary)
    #expect(flow.value("booking.price.total") == "302 850 ₽")
    #expect(flow.booking?.total == Money(302_850))
  }

  /// The total reads a price line (`price.bags`: 2 000 ₽ a bag beyond two) that compares a bag
  /// count shown only while travelling with luggage: the reason names the input a person acts
  /// on, hidden or empty, never the price line between. (Arithmetic alone would count the
  /// hidden count as zero; a comparison misses it.)
  @Test(arguments: [
    (
      Language.en, "not known (extras.bags is hidden)", "not known (extras.bags has no value)",
      "The total to pay cannot be calculated (extras.bags is hidden), so the order cannot be placed"
    ),
    (
      Language.ru, "неизвестен (поле extras.bags скрыто)", "неизвестен (нет значения extras.bags)",
      "Итог к оплате нельзя рассчитать (поле extras.bags скрыто), поэтому заказ не может быть оформлен"
    ),
  ])
  func theReasonNamesTheInputAtTheRootNotThePriceLine(
    language: Language, hidden: String, empty: String, toast: String
  ) async throws {
    var schema = FormSchema.booking(language: language)
    schema.sections.insert(
      FormSection(
        id: "extras", title: "Extras",
        fields: [
          FormField(id: "luggage", label: "Luggage", inputType: .bool),
          FormField(
            id: "bags", label: "Bags", inputType: .numeric, visibleIf: "extras.luggage == true"),
        ]),
      at: 2)
    let price = schema.sections.count - 1
    let total = schema.sections[price].fields.count - 1
    schema.sections[price].fields.insert(
      FormField(
        id: "bags", label: "Bags", inputType: .none,
        compute: "if(extras.bags > 2, (extras.bags - 2) * 2000, 0)"),
      at: total)
    schema.sections[price].fields[total + 1].compute =
      "tour + fuelCharge + serviceCharge + price.bags"
    let flow = FlowHarness(language: language)
    flow.server.setFormSchema(schema)
    try await flow.openBooking()
    #expect(flow.value("booking.price.total") == hidden)
    try await flow.fillValidForm()
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.toast == toast)
    try await flow.tap("booking.extras.luggage")
    #expect(flow.value("booking.price.total") == empty)
    #expect(flow.error("booking.price.bags") == nil, "waiting for a value is no fault")
    try await flow.coordinator.send(.type("booking.extras.bags", "3"))
    #expect(flow.value("booking.price.total") == "302 850 ₽")
  }

  /// A total the form calculates but no amount can hold (beyond `Money`'s range) is not
  /// known where it stands too, as in its summary and on Pay: the footer showed a blank total.
  @Test(arguments: [
    (
      Language.en, "not known (the amount is too large)",
      "Total to pay: not known (the amount is too large)"
    ),
    (
      Language.ru, "неизвестен (сумма слишком велика)",
      "К оплате: неизвестен (сумма слишком велика)"
    ),
  ])
  func aTotalBeyondAnyAmountSaysSoWhereItStands(
    language: Language, total: String, summary: String
  ) async throws {
    let flow = FlowHarness(language: language)
    var schema = FormSchema.booking(language: language)
    let price = try #require(schema.sections.indices.last)
    let last = try #require(schema.sections[price].fields.indices.last)
    #expect(schema.sections[price].fields[last].id == "total")
    schema.sections[price].fields[last].compute = "offer.tour_price * 100000000000"
    schema.sections[price].fields[last].dependsOn = []
    flow.server.setFormSchema(schema)
    try await flow.openBooking()
    #expect(flow.value("booking.price.total") == total)
    #expect(flow.error("booking.price.total") == nil, "said once, where the amount stands")
    #expect(flow.section("booking.price")?.summary == summary)
    #expect(
      flow.snapshot.button("booking.pay")?.title
        == Localizer(language: language).payButtonTotalNotKnown)
  }

  // A draft typed under an older form, where `extras.bags` was a text; the server's form now
  // makes it a switch. The text is no switch state, so it is dropped (else the switch showed
  // "No" while the order carried the old text); a true or false is kept.
  @Test func aDraftTextForAFieldNowASwitchIsDropped() async throws {
    var schema = Self.schema(language: .en)
    schema.sections[2].fields = [
      FormField(id: "bags", label: "Bags", inputType: .bool),
      FormField(id: "meals", label: "Meals", inputType: .bool),
    ]
    let flow = FlowHarness(
      draft: BookingDraft(
        stack: [.hotel, .rooms, .booking(roomID: 2)],
        fields: ["extras.bags": "two big ones", "extras.meals": "true"], touristCount: 1))
    flow.server.setFormSchema(schema)
    await flow.start()
    #expect(flow.snapshot.screen == .booking)
    #expect(flow.booking?.state.data.form?.text("extras.bags") == "")
    #expect(flow.booking?.state.data.form?.value("extras.meals") == .bool(true))
  }

  // A switch hidden by its `visible_if` keeps its state: restored from a draft while hidden, it
  // is not taken for a text that is no switch state, and it shows on again with its switch.
  @Test func aHiddenSwitchKeepsItsStateThroughADraft() async throws {
    var schema = Self.schema(language: .en)
    schema.sections[2].fields = [
      FormField(id: "bags", label: "Bags", inputType: .bool),
      FormField(id: "meals", label: "Meals", inputType: .bool, visibleIf: "bags == true"),
    ]
    let flow = FlowHarness(
      draft: BookingDraft(
        stack: [.hotel, .rooms, .booking(roomID: 2)], fields: ["extras.meals": "true"],
        touristCount: 1))
    flow.server.setFormSchema(schema)
    await flow.start()
    let form = try #require(flow.booking?.state.data.form)
    #expect(!form.isVisible("extras.meals") && form.value("extras.meals") == .empty)
    #expect(form.text("extras.meals") == "true")
    #expect(flow.booking?[isOn: "extras.meals"] == true)
    try await flow.tap("booking.extras.bags")
    #expect(flow.snapshot.field("booking.extras.meals")?.isOn == true)
    #expect(flow.booking?.state.data.form?.value("extras.meals") == .bool(true))
  }

  /// A server form whose total is computed by `compute` alone.
  static func schema(total compute: String, language: Language = .en) throws -> FormSchema {
    var schema = FormSchema.booking(language: language)
    let price = try #require(schema.sections.indices.last)
    let last = try #require(schema.sections[price].fields.indices.last)
    #expect(schema.sections[price].fields[last].id == "total")
    schema.sections[price].fields[last].compute = compute
    schema.sections[price].fields[last].dependsOn = []
    return schema
  }

  /// A total that is not positive is never offered for payment: Pay says why and places
  /// nothing.
  @Test(arguments: [
    (
      Language.en, "Pay (total not payable)",
      "The total to pay must be more than 0 ₽ (it is -289 400 ₽), so the order cannot be placed"
    ),
    (
      Language.ru, "Оплатить (сумма недопустима)",
      "Сумма к оплате должна быть больше 0 ₽ (сейчас -289 400 ₽), поэтому заказ не может быть оформлен"
    ),
  ])
  func aTotalThatIsNotPositiveCannotBePaid(
    language: Language, pay: String, message: String
  ) async throws {
    let flow = FlowHarness(language: language)
    flow.server.setFormSchema(try Self.schema(total: "0 - offer.tour_price", language: language))
    try await flow.openBooking()
    #expect(flow.snapshot.button("booking.pay")?.title == pay)
    try await flow.fillValidForm()
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.toast == message)
    #expect(flow.snapshot.screen == .booking)
    #expect(flow.server.idempotencyKeys.isEmpty, "nothing was sent")
    #expect(try await flow.orders.all().isEmpty)
  }

  /// A computed half rouble is rounded by one rule (half away from zero): the screen, Pay, the
  /// order and Paid show the same total when the server's answer has none.
  @Test func aFractionOfARoubleIsRoundedTheSameOnTheScreenInTheOrderAndOnPaid() async throws {
    let flow = FlowHarness()
    flow.server.setFormSchema(try Self.schema(total: "offer.tour_price + 0.5"))
    try await flow.openBooking()
    #expect(flow.value("booking.price.total") == "289 401 ₽")
    #expect(flow.snapshot.button("booking.pay")?.title == "Pay 289 401 ₽")
    try await flow.fillValidForm()
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.screen == .paid)
    #expect(flow.server.acceptedOrders.first?.request.form["price.total"] == "289401")
    let order = try #require(try await flow.orders.all().first)
    #expect(order.total == Money(289_401))
    let paid = try #require(flow.coordinator.current?.paid)
    #expect(paid.summary.contains { $0.value == "289 401 ₽" })
  }
}

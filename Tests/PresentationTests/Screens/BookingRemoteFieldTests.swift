import Domain
import Presentation
import TestSupport
import Testing
import UseCases

/// The Booking screen with the fixture's form: server calculations (debounce, last edit wins,
/// progress, the server's message, retry), the transfer switch, Pay while a price line is being
/// calculated, and a refused server form.
///
/// The test clock drives the debounce; the controlled calculator holds each request in flight until
/// the test answers it.
@MainActor @Suite struct BookingRemoteFieldTests {
  let calculator = ControlledCalculator()
  let flow: FlowHarness

  init() {
    flow = FlowHarness(calculator: calculator.calculator)
    flow.server.setFormSchema(.withExtras())
  }

  static let promo = "booking.extras.promoCode"
  static let discount = "booking.price.discount"
  static let total = "booking.price.total"

  /// Types `code` without waiting for quiescence (the calculation would wait on the clock).
  func typeCode(_ code: String) async throws {
    try await flow.coordinator.send(.type(Self.promo, code))
  }

  /// Lets the 300 ms debounce pass and waits for request number `count` to arrive.
  func passDebounce(requests count: Int) async {
    await flow.advance(by: .milliseconds(300))
    #expect(await calculator.waitForRequests(count), "request \(count) never arrived")
  }

  @Test func aValidCodeTakesTenPercentOffOnceTheServerAnswers() async throws {
    try await flow.openBooking()
    #expect(flow.value(Self.total) == "300 850 ₽")
    #expect(flow.snapshot.field(Self.discount) == nil, "no code, no discount line")
    try await typeCode("SUMMER10")
    #expect(flow.snapshot.field(Self.discount)?.isInProgress == true)
    #expect(flow.snapshot.field(Self.total)?.isInProgress == true, "the total is updating")
    #expect(flow.section("booking.price")?.summary == "Total to pay: 300 850 ₽ (updating…)")
    #expect(await flow.clock.waitForSleepers(1))
    await flow.clock.advance(by: .milliseconds(299))
    #expect(calculator.requests.isEmpty, "no request before 300 ms")
    await passDebounce(requests: 1)
    #expect(
      calculator.requests.first?.inputs
        == ["extras.promoCode": .text("SUMMER10"), "price.tour": .number(289_400)])
    calculator.answer("SUMMER10", with: .success(.number(-28_940)))
    await flow.coordinator.settle()
    #expect(flow.value(Self.discount) == "-28 940 ₽")
    #expect(flow.value(Self.total) == "271 910 ₽")
    #expect(flow.snapshot.field(Self.total)?.isInProgress == false)
    #expect(flow.snapshot.field(Self.discount)?.isInProgress == false)
  }

  @Test func aCodeClearedWhileItsCalculationIsInFlightShowsTheLastEditsTotal() async throws {
    try await flow.openBooking()
    try await typeCode("SUMMER10")
    await passDebounce(requests: 1)
    try await flow.coordinator.send(.type("booking.buyer.email", "ivan@example.com"))
    #expect(
      flow.value("booking.buyer.email") == "ivan@example.com",
      "the rest of the form is editable while the calculation is in flight")
    try await typeCode("")
    #expect(flow.snapshot.field(Self.discount) == nil)
    #expect(flow.snapshot.field(Self.total)?.isInProgress == false)
    #expect(flow.value(Self.total) == "300 850 ₽")
    calculator.answer("SUMMER10", with: .success(.number(-28_940)))
    await flow.coordinator.settle()
    #expect(flow.value(Self.total) == "300 850 ₽", "the stale answer is dropped")
    #expect(flow.snapshot.field(Self.discount) == nil)
  }

  @Test func anOlderAnswerArrivingLastIsDropped() async throws {
    try await flow.openBooking()
    try await typeCode("WINTER")
    await passDebounce(requests: 1)
    try await typeCode("SUMMER10")
    await passDebounce(requests: 2)
    calculator.answer("SUMMER10", with: .success(.number(-28_940)))
    calculator.answer("WINTER", with: .failure(.refused("This promo code is not valid")))
    await flow.coordinator.settle()
    #expect(flow.value(Self.total) == "271 910 ₽")
    #expect(flow.error(Self.discount) == nil)
  }

  @Test func aRefusedCodeShowsTheServersMessageAndPayRefuses() async throws {
    try await flow.openBooking()
    try await flow.fillValidForm()
    try await typeCode("WINTER")
    await passDebounce(requests: 1)
    calculator.answer("WINTER", with: .failure(.refused("This promo code is not valid")))
    await flow.coordinator.settle()
    #expect(
      flow.error(Self.promo) == "This promo code is not valid",
      "a refusal naming no field is shown on the one input the person typed")
    #expect(flow.error(Self.discount) == nil)
    #expect(flow.snapshot.field(Self.promo)?.isValid == false)
    #expect(flow.snapshot.button(Self.discount + ".retry") == nil, "a refusal needs a new code")
    #expect(flow.value(Self.total) == "300 850 ₽")
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.toast == "Please correct the highlighted fields")
    #expect(flow.snapshot.focus == Self.promo)
    #expect(flow.server.acceptedOrders.isEmpty)
  }

  @Test func aRefusalNamingItsFieldStandsOnThatInputUntilTheCodeChanges() async throws {
    try await flow.openBooking()
    try await flow.fillValidForm()
    try await typeCode("BOGUS1")
    try await flow.coordinator.send(.type("booking.buyer.email", "ivan@example.com"))
    #expect(flow.snapshot.field(Self.promo)?.isValid == true, "checked by its own rules")
    await passDebounce(requests: 1)
    calculator.answer(
      "BOGUS1", with: .failure(.refused("This promo code is not valid", field: "extras.promoCode")))
    await flow.coordinator.settle()
    #expect(flow.error(Self.promo) == "This promo code is not valid")
    #expect(flow.snapshot.field(Self.promo)?.isValid == false, "no check mark while refused")
    #expect(flow.error(Self.discount) == nil, "not under the discount line")
    #expect(flow.section("booking.extras")?.hasErrors == true)
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.toast == "Please correct the highlighted fields")
    #expect(flow.snapshot.focus == Self.promo)
    #expect(flow.server.acceptedOrders.isEmpty)
    try await typeCode("SUMMER10")
    #expect(flow.error(Self.promo) == nil, "a new code takes the refusal away")
  }

  @Test func aRefusalNamingAFieldTheFormDoesNotShowStandsOnTheInputTyped() async throws {
    try await flow.openBooking()
    try await typeCode("BOGUS1")
    await passDebounce(requests: 1)
    calculator.answer(
      "BOGUS1", with: .failure(.refused("Not valid", field: "extras.nowhere")))
    await flow.coordinator.settle()
    #expect(flow.error(Self.promo) == "Not valid")
    #expect(flow.error(Self.discount) == nil)
  }

  @Test func aNetworkFailureShowsOnTheFieldWithARetry() async throws {
    try await flow.openBooking()
    try await typeCode("SUMMER10")
    await passDebounce(requests: 1)
    calculator.answer("SUMMER10", with: .failure(.failed(.noConnection)))
    await flow.coordinator.settle()
    #expect(flow.error(Self.discount) == "No connection to the server")
    #expect(flow.value(Self.total) == "300 850 ₽")
    #expect(flow.value("booking.buyer.phone") == "", "the rest of the form is untouched")
    try await flow.type("booking.buyer.phone", "9161234567")
    #expect(flow.value("booking.buyer.phone") == "+7 (916) 123-45-67", "and still editable")
    try await flow.coordinator.send(.tap(Self.discount + ".retry"))
    #expect(await calculator.waitForRequests(2), "a retry goes out at once, no debounce")
    calculator.answer("SUMMER10", with: .success(.number(-28_940)))
    await flow.coordinator.settle()
    #expect(flow.error(Self.discount) == nil)
    #expect(flow.value(Self.total) == "271 910 ₽")
  }

  /// A request refused before it was sent (its `action_url` breaks the loopback rule, or is an
  /// IPv6 address Linux cannot reach) meets the same refusal again: the field says why and
  /// offers no Retry.
  @Test(arguments: [APIError.insecureURL("http://calc.example.com/promo"), .ipv6Literal("[::1]")])
  func aRequestRefusedBeforeItWasSentOffersNoRetry(error: APIError) async throws {
    try await flow.openBooking()
    try await typeCode("SUMMER10")
    await passDebounce(requests: 1)
    calculator.answer("SUMMER10", with: .failure(.failed(error)))
    await flow.coordinator.settle()
    #expect(flow.error(Self.discount)?.isEmpty == false, "the field says why")
    #expect(flow.snapshot.button(Self.discount + ".retry") == nil, "a retry meets it again")
    #expect(!error.canSucceedOnRetry)
    #expect(APIError.noConnection.canSucceedOnRetry && APIError.timeout.canSucceedOnRetry)
  }

  @Test func payWhileAPriceLineIsCalculatedIsRefusedThenTheOrderCarriesEveryField() async throws {
    try await flow.openBooking()
    try await flow.fillValidForm()
    try await typeCode("SUMMER10")
    try await flow.coordinator.send(.tap("booking.pay"))
    #expect(flow.snapshot.toast == "The price is being updated; tap Pay once it shows")
    #expect(flow.booking?.state.ui.isSubmitting == false)
    await passDebounce(requests: 1)
    calculator.answer("SUMMER10", with: .success(.number(-28_940)))
    await flow.coordinator.settle()
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.screen == .paid)
    let order = try #require(flow.server.acceptedOrders.first)
    #expect(order.request.form["extras.promoCode"] == "SUMMER10")
    #expect(order.request.form["price.discount"] == "-28940")
    #expect(order.request.form["price.total"] == "271910")
    #expect(order.request.form["buyer.phone"] == "+7 (916) 123-45-67")
    #expect(order.request.form["extras.flightNumber"] == nil, "hidden fields are not sent")
    #expect(
      flow.snapshot.blocks.contains(
        .rows([
          InfoRow(label: "Order number", value: "104893"),
          InfoRow(label: "Total paid", value: "271 910 ₽"),
          InfoRow(label: "Phone", value: "•••• 4567"),
          InfoRow(label: "First tourist: passport", value: "•••• 3456"),
        ])), "without a total from the server, the total the form showed")
  }

  @Test func aSwitchBindsAsIsOnAndARetryCarriesItsTypedAction() async throws {
    try await flow.openBooking()
    let booking = try #require(flow.booking)
    let transfer: FieldPath = "extras.transfer"
    #expect(booking.fieldModel(transfer)?.keyboard == .toggle)
    #expect(booking[isOn: transfer] == false)
    #expect(booking.fieldModel(transfer)?.isOn == false)
    booking[isOn: transfer] = true
    #expect(booking[isOn: transfer])
    #expect(booking.fieldModel(transfer)?.isOn == true, "the model draws the switch on")
    #expect(booking.text(of: transfer) == "Yes")
    #expect(booking.fieldModel("extras.flightNumber") != nil, "shown while the switch is on")
    booking[isOn: transfer] = true
    #expect(booking[isOn: transfer], "setting the same value changes nothing")
    booking[isOn: transfer] = false
    #expect(booking.text(of: transfer) == "No")
    #expect(booking.fieldModel(transfer)?.isOn == false)
    #expect(booking.fieldModel("buyer.email")?.isOn == false, "a text field is never on")

    try await typeCode("SUMMER10")
    await passDebounce(requests: 1)
    calculator.answer("SUMMER10", with: .failure(.failed(.noConnection)))
    await flow.coordinator.settle()
    let retry = try #require(booking.fieldModel("price.discount")?.retry)
    #expect(retry.action == .retryCalculation("price.discount"))
    #expect(retry.id == "booking.price.discount.retry")
    booking.perform(retry.action)
    #expect(await calculator.waitForRequests(2), "the retry goes out at once")
    calculator.answer("SUMMER10", with: .success(.number(-28_940)))
    await flow.coordinator.settle()
    #expect(flow.value(Self.total) == "271 910 ₽")
  }

  @Test func theTransferShowsARequiredFlightNumberAndItsPriceLine() async throws {
    try await flow.openBooking()
    #expect(flow.value("booking.extras.transfer") == "No")
    #expect(flow.snapshot.field("booking.extras.transfer")?.keyboard == .toggle)
    #expect(flow.snapshot.field("booking.extras.flightNumber") == nil)
    try await flow.tap("booking.extras.transfer")
    #expect(flow.value("booking.extras.transfer") == "Yes")
    #expect(flow.snapshot.field("booking.extras.flightNumber") != nil)
    #expect(flow.value("booking.price.transfer") == "3 500 ₽")
    #expect(flow.value(Self.total) == "304 350 ₽")
    try await flow.fillValidForm()
    try await flow.tap("booking.pay")
    #expect(flow.error("booking.extras.flightNumber") == "Fill in this field")
    try await flow.tap("booking.extras.transfer")
    #expect(flow.snapshot.field("booking.extras.flightNumber") == nil)
    #expect(flow.value(Self.total) == "300 850 ₽")
  }

  @Test(arguments: [
    (Language.en, "Fields depend on each other in a cycle: price.a -> price.b -> price.a"),
    (Language.ru, "поля зависят друг от друга по кругу: price.a -> price.b -> price.a"),
  ])
  func aSchemaTheAppRefusesIsNamedInANotice(language: Language, problem: String) async throws {
    let flow = FlowHarness(language: language)
    var schema = FormSchema.booking(language: language)
    schema.sections[2].fields += [
      FormField(id: "a", label: "A", inputType: .none, compute: "b + 1"),
      FormField(id: "b", label: "B", inputType: .none, compute: "a + 1"),
    ]
    flow.server.setFormSchema(schema)
    try await flow.openBooking()
    let notice = try #require(flow.snapshot.notice)
    #expect(notice.contains(problem), "\(notice)")
    #expect(flow.snapshot.field("booking.price.a") == nil, "the built-in form is shown")
    #expect(flow.value("booking.price.total") == "300 850 ₽")
  }

  @Test func aSchemaThatDoesNotDecodeIsNamedInANotice() async throws {
    let flow = FlowHarness()
    flow.server.fail(
      .bookingForm,
      with: .invalidFormSchema(.unknownRule(field: "buyer.phone", name: "iban")))
    try await flow.openBooking()
    #expect(
      flow.snapshot.notice
        == "The server's booking form was refused (Unknown validation rule 'iban' in field"
        + " buyer.phone); showing the built-in form")
    #expect(flow.snapshot.field("booking.buyer.phone") != nil)
  }
}

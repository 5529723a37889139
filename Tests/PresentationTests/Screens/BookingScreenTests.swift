import Domain
import Presentation
import TestSupport
import Testing
import UseCases

@MainActor @Suite struct BookingScreenTests {
  let flow = FlowHarness()

  // MARK: - Expectations

  static let touristFields = [
    "firstName", "lastName", "birthDate", "citizenship", "passportNumber", "passportExpiry",
  ]

  /// Every field of an untouched form with `tourists` tourists, in screen order.
  static func emptyRows(tourists: Int = 1, total: String = "300 850 ₽") -> [FieldRow] {
    var rows = [FieldRow("booking.buyer.phone"), FieldRow("booking.buyer.email")]
    for index in 1...tourists {
      rows += touristFields.map { FieldRow("booking.tourist.\(index).\($0)") }
    }
    let tour = ["289 400 ₽", "578 800 ₽", "868 200 ₽", "1 157 600 ₽"][tourists - 1]
    let fuel = ["9 300 ₽", "18 600 ₽", "27 900 ₽", "37 200 ₽"][tourists - 1]
    return rows + [
      FieldRow("booking.price.tour", tour), FieldRow("booking.price.fuelCharge", fuel),
      FieldRow("booking.price.serviceCharge", "2 150 ₽"), FieldRow("booking.price.total", total),
    ]
  }

  static func field(
    _ id: String, _ label: String, placeholder: String = "", value: String = "",
    keyboard: FieldKeyboard = .text, enabled: Bool = true, personal: Bool = false
  ) -> Block {
    .field(
      FieldModel(
        path: FieldPath(String(id.dropFirst("booking.".count))), label: label,
        placeholder: placeholder, value: value, isEnabled: enabled,
        keyboard: keyboard, isPersonal: personal))
  }

  static let initialSnapshot = ScreenSnapshot(
    screen: .booking, title: "Booking",
    blocks: [
      .rating("★ 5 Excellent"),
      .heading("The best five-star hotel in Hurghada, Egypt"),
      .text("Madinat Makadi, Safaga Road, Makadi Bay, Egypt"),
      .section(
        SectionModel(
          handle: .bookingDetails, title: "Booking details",
          content: [
            .rows([
              InfoRow(label: "Departure", value: "Moscow"),
              InfoRow(label: "Arrival country", value: "Egypt, Hurghada"),
              InfoRow(label: "Dates", value: "19.09.2027 – 27.09.2027"),
              InfoRow(label: "Nights", value: "7 nights"),
              InfoRow(label: "Hotel", value: "The best five-star hotel in Hurghada, Egypt"),
              InfoRow(label: "Room", value: "Deluxe room with sea view"),
              InfoRow(label: "Nutrition", value: "All inclusive"),
            ])
          ])),
      .section(
        SectionModel(
          handle: .form(SectionInstance(sectionID: "buyer")), title: "Buyer",
          content: [
            field(
              "booking.buyer.phone", "Phone number", placeholder: "+7 (___) ___-__-__",
              keyboard: .phone, personal: true),
            field(
              "booking.buyer.email", "Email", placeholder: "name@example.com", keyboard: .email),
          ])),
      .section(
        SectionModel(
          handle: .form(SectionInstance(sectionID: "tourist", index: 1)), title: "First tourist",
          isCollapsible: true,
          content: [
            field("booking.tourist.1.firstName", "First name"),
            field("booking.tourist.1.lastName", "Last name"),
            field(
              "booking.tourist.1.birthDate", "Date of birth", placeholder: "DD.MM.YYYY",
              keyboard: .date),
            field("booking.tourist.1.citizenship", "Citizenship"),
            field("booking.tourist.1.passportNumber", "Passport number", personal: true),
            field(
              "booking.tourist.1.passportExpiry", "Passport expiry date",
              placeholder: "DD.MM.YYYY", keyboard: .date),
          ])),
      .button(ButtonModel(action: .addTourist, title: "Add tourist")),
      .section(
        SectionModel(
          handle: .form(SectionInstance(sectionID: "price")), title: "Price", isCollapsible: true,
          isExpanded: false,
          summary: "Total to pay: 300 850 ₽",
          content: [
            field("booking.price.tour", "Tour", value: "289 400 ₽", enabled: false),
            field("booking.price.fuelCharge", "Fuel charge", value: "9 300 ₽", enabled: false),
            field(
              "booking.price.serviceCharge", "Service charge", value: "2 150 ₽", enabled: false),
            field("booking.price.total", "Total to pay", value: "300 850 ₽", enabled: false),
          ])),
      .button(ButtonModel(action: .pay, title: "Pay 300 850 ₽")),
    ])

  // MARK: - Content

  @Test func showsTheOfferTheFormAndPay() async throws {
    try await flow.openBooking()
    #expect(flow.snapshot == Self.initialSnapshot)
    #expect(flow.server.networkCalls(to: .booking).map(\.roomID) == [2])
    #expect(flow.server.calls(to: .bookingForm).count >= 1, "the server's schema is asked for")
  }

  @Test func usesTheServersSchemaWhenItHasOne() async throws {
    var schema = FormSchema.booking(language: .en)
    schema.sections[0].fields[1].label = "E-mail for the receipt"
    flow.server.setFormSchema(schema)
    try await flow.openBooking()
    #expect(flow.snapshot.field("booking.buyer.email")?.label == "E-mail for the receipt")
  }

  @Test func aBrokenServerSchemaFallsBackToTheBuiltInOne() async throws {
    var schema = FormSchema.booking(language: .en)
    schema.sections[2].fields[3].compute = "tour + nowhere"
    flow.server.setFormSchema(schema)
    try await flow.openBooking()
    var expected = Self.initialSnapshot
    expected.notice =
      "The server's booking form was refused (price.total.compute, position 8: unknown field"
      + " or constant 'nowhere'); showing the built-in form"
    #expect(flow.snapshot == expected)
  }

  /// A server form that could be filled in but never paid (a field the order needs is
  /// missing, cannot be typed, or is not checked by the order's rule) is refused when it
  /// loads, naming the field; the built-in form is shown.
  @Test(arguments: [
    ("no phone", Language.en, "the form has no field buyer.phone, which an order needs"),
    (
      "phone without its rule", Language.en,
      "the field buyer.phone is needed for an order but is not checked by the rule 'phone'"
    ),
    (
      "passport number unsupported", Language.en,
      "the field tourist.passportNumber is needed for an order but cannot be typed in"
    ),
    ("tourist not repeatable", Language.ru, "в форме нет поля tourist, нужного для заказа"),
  ])
  func aServerFormThatCannotPlaceAnOrderIsRefused(
    change: String, language: Language, problem: String
  ) async throws {
    let flow = FlowHarness(language: language)
    var schema = FormSchema.booking(language: language)
    schema.sections[0].fields[1].label = "Server's e-mail"
    switch change {
    case "no phone": schema.sections[0].fields.removeFirst()
    case "phone without its rule": schema.sections[0].fields[0].rules = [.required]
    case "passport number unsupported": schema.sections[1].fields[4].inputType = .unsupported
    default: schema.sections[1].repeatable = nil
    }
    flow.server.setFormSchema(schema)
    try await flow.openBooking()
    let notice = try #require(flow.snapshot.notice)
    #expect(notice.contains("(\(problem))"), "\(notice)")
    #expect(flow.snapshot.field("booking.buyer.email")?.label != "Server's e-mail")
    try await flow.fillValidForm()
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.screen == .paid, "the built-in form places the order")
  }

  @Test(arguments: [
    (Language.en, "Not available in this version of the app"),
    (Language.ru, "Недоступно в этой версии приложения"),
  ])
  func aFieldOfAnUnknownKindIsReadOnlyAndSaysSo(language: Language, shown: String) async throws {
    let flow = FlowHarness(language: language)
    var schema = FormSchema.booking(language: language)
    schema.sections[0].fields.append(
      FormField(id: "seat", label: "Seat", inputType: .unsupported, rules: [.required]))
    flow.server.setFormSchema(schema)
    try await flow.openBooking()
    #expect(flow.snapshot.notice == nil)
    let seat = try #require(flow.snapshot.field("booking.buyer.seat"))
    #expect(seat.value == shown)
    #expect(seat.error == nil)
    try await flow.fillValidForm()
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.screen == .paid, "a field nobody can fill in does not block Pay")
  }

  /// A price line of a server's form whose expression cannot give an amount says why, rather
  /// than staying blank or showing a raw number.
  @Test(arguments: [
    ("1 / 0", Language.en, "This amount cannot be calculated: a division by zero"),
    (
      "offer.tour_price * 1000000000000000", Language.en,
      "This amount cannot be calculated: the amount is too large"
    ),
    ("1 / 0", Language.ru, "Эту сумму нельзя рассчитать: деление на ноль"),
  ])
  func aPriceLineThatCannotBeCalculatedSaysWhy(
    compute: String, language: Language, message: String
  ) async throws {
    let flow = FlowHarness(language: language)
    var schema = FormSchema.booking(language: language)
    schema.sections[2].fields[0].compute = compute
    flow.server.setFormSchema(schema)
    try await flow.openBooking()
    try await flow.tap("booking.price")
    let tour = try #require(flow.snapshot.field("booking.price.tour"))
    #expect(tour.value == "")
    #expect(tour.error == message)
    #expect(flow.snapshot.field("booking.price.fuelCharge")?.error == nil)
  }

  @Test func aFailedOfferLoadShowsRetry() async throws {
    flow.server.fail(.booking, with: .httpStatus(503), times: 1)
    try await flow.openBooking()
    #expect(
      flow.snapshot
        == ScreenSnapshot(
          screen: .booking, title: "Booking",
          blocks: [
            .text("The server answered with error 503"),
            .button(ButtonModel(action: .retry(.booking), title: "Retry")),
          ],
          failure: "The server answered with error 503", loadError: .httpStatus(503)))
    try await flow.tap("booking.retry")
    #expect(flow.snapshot == Self.initialSnapshot)
  }

  @Test func aSlowOfferShowsLoading() async throws {
    flow.server.setLatency(.seconds(3), for: .booking)
    await flow.start()
    try await flow.tap("hotel.chooseRoom")
    try await flow.coordinator.send(.tap("rooms.room.2.choose"))
    #expect(
      flow.snapshot
        == ScreenSnapshot(screen: .booking, title: "Booking", blocks: [], isLoading: true))
    await flow.advance(by: .seconds(3))
    await flow.coordinator.settle()
    #expect(flow.snapshot == Self.initialSnapshot)
  }

  // MARK: - Masks

  @Test(arguments: [
    ("booking.buyer.phone", "89161234567", "+7 (916) 123-45-67"),
    ("booking.buyer.phone", "916123", "+7 (916) 123"),
    ("booking.buyer.phone", "+44 20 7946 0958", "+44 2079460958"),
    ("booking.buyer.phone", "0044 20 7946 0958", "+44 2079460958"),
    ("booking.tourist.1.birthDate", "15031985", "15.03.1985"),
    ("booking.tourist.1.passportExpiry", "1.9.2030", "01.09.2030"),
    ("booking.tourist.1.firstName", "Анна-Мария", "Анна-Мария"),
  ])
  func fieldsAreMaskedAsTyped(id: String, typed: String, shown: String) async throws {
    try await flow.openBooking()
    try await flow.type(id, typed)
    #expect(flow.value(id) == shown)
    #expect(flow.snapshot.focus == id)
  }

  // MARK: - Validation timing

  @Test func leavingANonEmptyFieldChecksIt() async throws {
    try await flow.openBooking()
    try await flow.type("booking.buyer.email", "ivan.example.com")
    #expect(flow.error("booking.buyer.email") == nil, "not while typing")
    try await flow.send(.next)
    var expected = Self.emptyRows()
    expected[1] = FieldRow(
      "booking.buyer.email", "ivan.example.com", "The email address needs an @")
    #expect(flow.fieldRows == expected)
    #expect(flow.snapshot.focus == "booking.tourist.1.firstName")
    #expect(flow.snapshot.toast == nil)
  }

  @Test func leavingAnEmptyFieldShowsNothing() async throws {
    try await flow.openBooking()
    try await flow.tap("booking.buyer.phone")
    try await flow.send(.next)
    try await flow.tap("booking.tourist.1.firstName")
    #expect(flow.fieldRows == Self.emptyRows())
    #expect(flow.snapshot.focus == "booking.tourist.1.firstName")
  }

  @Test func aValidFieldShowsThatItIsValidOnLeaving() async throws {
    try await flow.openBooking()
    try await flow.type("booking.buyer.phone", "9161234567")
    try await flow.send(.next)
    var expected = Self.emptyRows()
    expected[0] = FieldRow("booking.buyer.phone", "+7 (916) 123-45-67", valid: true)
    #expect(flow.fieldRows == expected)
  }

  @Test func aFieldInErrorIsRecheckedOnEveryChange() async throws {
    try await flow.openBooking()
    try await flow.type("booking.tourist.1.passportExpiry", "01.09.2027")
    try await flow.send(.next)
    #expect(
      flow.error("booking.tourist.1.passportExpiry")
        == "Passport expires before the trip ends on 27 September 2027")
    try await flow.type("booking.tourist.1.passportExpiry", "01.09.202")
    #expect(
      flow.error("booking.tourist.1.passportExpiry") == "Enter the date as DD.MM.YYYY",
      "still wrong, with the new reason, while typing")
    try await flow.type("booking.tourist.1.passportExpiry", "01.09.2028")
    #expect(flow.snapshot.field("booking.tourist.1.passportExpiry")?.error == nil)
    #expect(flow.snapshot.field("booking.tourist.1.passportExpiry")?.isValid == true)
    #expect(flow.snapshot.focus == "booking.tourist.1.passportExpiry")
  }

  @Test func aValidFieldEditedIntoAProblemWaitsUntilLeft() async throws {
    try await flow.openBooking()
    try await flow.type("booking.buyer.email", "ivan@example.com")
    try await flow.send(.next)
    try await flow.type("booking.buyer.email", "ivan@")
    #expect(flow.snapshot.field("booking.buyer.email")?.error == nil)
    #expect(flow.snapshot.field("booking.buyer.email")?.isValid == false)
    try await flow.tap("booking.buyer.phone")
    #expect(
      flow.error("booking.buyer.email") == "Enter a domain such as example.com after the @")
  }

  @Test func payWithProblemsMarksEveryFieldExpandsSectionsAndFocusesTheFirst() async throws {
    try await flow.openBooking()
    try await flow.type("booking.buyer.phone", "9161234567")
    try await flow.tap("booking.tourist.1")
    #expect(flow.section("booking.tourist.1")?.isExpanded == false)
    try await flow.tap("booking.pay")
    var expected = Self.emptyRows()
    expected[0] = FieldRow("booking.buyer.phone", "+7 (916) 123-45-67", valid: true)
    expected[1].error = "Fill in this field"
    for index in 2..<8 { expected[index].error = "Fill in this field" }
    #expect(flow.fieldRows == expected)
    #expect(flow.snapshot.focus == "booking.buyer.email")
    #expect(flow.snapshot.toast == "Please correct the highlighted fields")
    #expect(flow.section("booking.tourist.1")?.isExpanded == true)
    #expect(flow.section("booking.tourist.1")?.hasErrors == true)
    #expect(flow.section("booking.price")?.isExpanded == false, "no errors there")
    #expect(flow.snapshot.screen == .booking)
    #expect(flow.server.idempotencyKeys.isEmpty)
    try await flow.type("booking.buyer.email", "ivan@example.com")
    #expect(flow.snapshot.toast == nil, "the toast goes with the next intent")
    #expect(flow.snapshot.field("booking.buyer.email")?.isValid == true)
  }

  @Test func nextMovesFocusInScreenOrderAndTheLastEndsEditing() async throws {
    try await flow.openBooking()
    var focus: [String?] = []
    try await flow.send(.next)
    for _ in 0..<8 {
      focus.append(flow.snapshot.focus)
      try await flow.send(.next)
    }
    focus.append(flow.snapshot.focus)
    #expect(
      focus == [
        "booking.buyer.phone", "booking.buyer.email", "booking.tourist.1.firstName",
        "booking.tourist.1.lastName", "booking.tourist.1.birthDate",
        "booking.tourist.1.citizenship", "booking.tourist.1.passportNumber",
        "booking.tourist.1.passportExpiry", nil,
      ])
  }

  @Test func focusingAFieldOfACollapsedSectionExpandsIt() async throws {
    try await flow.openBooking()
    try await flow.tap("booking.tourist.1")
    try await flow.type("booking.tourist.1.lastName", "Petrov")
    #expect(flow.section("booking.tourist.1")?.isExpanded == true)
  }

  /// The focused field's section folded (a script's `tap` of its title), then typed into: the
  /// section opens again.
  @Test func typingIntoTheFocusedFieldOfAFoldedSectionExpandsIt() async throws {
    try await flow.openBooking()
    try await flow.type("booking.tourist.1.lastName", "Petrov")
    try await flow.tap("booking.tourist.1")
    #expect(flow.section("booking.tourist.1")?.isExpanded == false)
    try await flow.type("booking.tourist.1.lastName", "Petrova")
    #expect(flow.section("booking.tourist.1")?.isExpanded == true)
  }

  @Test func computedFieldsCannotBeTyped() async throws {
    try await flow.openBooking()
    await #expect(throws: ActionError.readOnly("booking.price.total")) {
      try await flow.type("booking.price.total", "1")
    }
    await #expect(throws: ActionError.notAField("booking.pay")) {
      try await flow.type("booking.pay", "1")
    }
  }

  // MARK: - Tourists

  @Test func touristsCanBeAddedUpToTheOffersMaximum() async throws {
    try await flow.openBooking()
    for _ in 0..<3 { try await flow.tap("booking.addTourist") }
    #expect(
      flow.snapshot.blocks.compactMap {
        if case .section(let section) = $0 { return section.title } else { return nil }
      } == [
        "Booking details", "Buyer", "First tourist", "Second tourist", "Third tourist",
        "Fourth tourist", "Price",
      ])
    #expect(flow.snapshot.button("booking.addTourist")?.isEnabled == false)
    await #expect(throws: ActionError.disabled("booking.addTourist")) {
      try await flow.tap("booking.addTourist")
    }
    #expect(flow.fieldRows == Self.emptyRows(tourists: 4, total: "1 196 950 ₽"))
    #expect(flow.snapshot.button("booking.pay")?.title == "Pay 1 196 950 ₽")
    #expect(flow.snapshot.button("booking.tourist.1.remove") == nil)
    #expect(
      (2...4).allSatisfy { flow.snapshot.button("booking.tourist.\($0).remove")?.isEnabled == true }
    )
  }

  @Test func addingATouristFocusesItsFirstField() async throws {
    try await flow.openBooking()
    try await flow.type("booking.buyer.email", "nobody")
    try await flow.tap("booking.addTourist")
    #expect(flow.snapshot.focus == "booking.tourist.2.firstName")
    #expect(flow.snapshot.field("booking.tourist.2.firstName")?.isFocused == true)
    #expect(flow.snapshot.field("booking.buyer.email")?.error != nil, "the field left is checked")
    try await flow.type("booking.tourist.2.firstName", "Anna")
    try await flow.send(.next)
    #expect(flow.snapshot.focus == "booking.tourist.2.lastName")
    try await flow.tap("booking.addTourist")
    #expect(flow.snapshot.focus == "booking.tourist.3.firstName")
  }

  @Test func removingATouristRenumbersTheOnesAfterIt() async throws {
    try await flow.openBooking()
    try await flow.tap("booking.addTourist")
    try await flow.tap("booking.addTourist")
    try await flow.type("booking.tourist.2.firstName", "Second")
    try await flow.type("booking.tourist.3.firstName", "Th1rd")
    try await flow.send(.next)
    try await flow.tap("booking.tourist.3")
    try await flow.tap("booking.tourist.2.remove")
    var expected = Self.emptyRows(tourists: 2, total: "599 550 ₽")
    expected[8] = FieldRow(
      "booking.tourist.2.firstName", "Th1rd",
      "Use letters, spaces, hyphens and apostrophes, not “1”")
    #expect(flow.fieldRows == expected)
    #expect(flow.snapshot.focus == "booking.tourist.2.lastName")
    #expect(flow.section("booking.tourist.2")?.isExpanded == false, "collapsed moved with it")
    #expect(flow.snapshot.button("booking.pay")?.title == "Pay 599 550 ₽")
    await #expect(throws: ActionError.insideCollapsedSection("booking.tourist.2.remove")) {
      try await flow.tap("booking.tourist.2.remove")
    }
    try await flow.tap("booking.tourist.2")
    try await flow.tap("booking.tourist.2.remove")
    #expect(flow.fieldRows == Self.emptyRows())
    #expect(flow.snapshot.focus == nil)
    #expect(flow.snapshot.button("booking.tourist.2.remove") == nil)
  }

  @Test func theOffersTouristLimitsBoundAddingAndRemoving() async throws {
    flow.server.setTouristLimits(2...3)
    try await flow.openBooking()
    #expect(flow.section("booking.tourist.2")?.title == "Second tourist", "starts at the minimum")
    #expect(flow.snapshot.button("booking.tourist.2.remove")?.isEnabled == false)
    await #expect(throws: ActionError.disabled("booking.tourist.2.remove")) {
      try await flow.tap("booking.tourist.2.remove")
    }
    try await flow.tap("booking.addTourist")
    #expect(flow.snapshot.button("booking.addTourist")?.isEnabled == false)
    #expect(flow.snapshot.button("booking.tourist.3.remove")?.isEnabled == true)
    #expect(flow.snapshot.button("booking.pay")?.title == "Pay 898 250 ₽")
    try await flow.tap("booking.tourist.3.remove")
    #expect(flow.fieldRows == Self.emptyRows(tourists: 2, total: "599 550 ₽"))
    #expect(flow.snapshot.button("booking.addTourist")?.isEnabled == true)
  }

  // MARK: - Price details

  @Test func priceDetailsToggleAndShowTheTotalWhenCollapsed() async throws {
    try await flow.openBooking()
    #expect(flow.section("booking.price")?.summary == "Total to pay: 300 850 ₽")
    try await flow.tap("booking.price")
    #expect(flow.section("booking.price")?.isExpanded == true)
    try await flow.tap("booking.price")
    #expect(flow.section("booking.price")?.isExpanded == false)
  }

  @Test func priceDetailsExpandByThemselvesOnceTheFormIsComplete() async throws {
    try await flow.openBooking()
    try await flow.type("booking.buyer.phone", Samples.buyerInput.phone)
    try await flow.type("booking.buyer.email", Samples.buyerInput.email)
    for (field, text) in Samples.touristInput.dropLast() {
      try await flow.type("booking.tourist.1.\(field)", text)
    }
    #expect(flow.section("booking.price")?.isExpanded == false)
    try await flow.type("booking.tourist.1.passportExpiry", "01.01.2030")
    #expect(flow.section("booking.price")?.isExpanded == true)
    try await flow.tap("booking.price")
    try await flow.type("booking.tourist.1.passportExpiry", "01.01.2031")
    #expect(flow.section("booking.price")?.isExpanded == false, "only when it becomes complete")
  }

  // MARK: - Pay

  @Test func payWithValidDataShowsProgressThenPaid() async throws {
    flow.server.setLatency(.seconds(1), for: .submitOrder)
    try await flow.openBooking()
    try await flow.fillValidForm()
    try await flow.coordinator.send(.tap("booking.pay"))
    #expect(flow.snapshot.isLoading)
    #expect(
      flow.snapshot.button("booking.pay")
        == ButtonModel(action: .pay, title: "Paying…", isInProgress: true))
    await flow.advance(by: .seconds(1))
    await flow.coordinator.settle()
    #expect(
      flow.snapshot
        == ScreenSnapshot(
          screen: .paid, title: "Order paid",
          blocks: [
            .heading("Your order is accepted"),
            .text(
              "Confirmation of order No. 104893 may take some time (from 1 hour to a day). "
                + "As soon as the tour operator answers, you will get an e-mail."),
            .rows([
              InfoRow(label: "Order number", value: "104893"),
              InfoRow(label: "Total paid", value: "300 850 ₽"),
              InfoRow(label: "Phone", value: "•••• 4567"),
              InfoRow(label: "First tourist: passport", value: "•••• 3456"),
            ]),
            .button(ButtonModel(action: .done, title: "Done")),
          ]))
    let order = try #require(try await flow.orders.all().first)
    #expect(order.number == 104_893)
    #expect(order.request.tourists.count == 1)
    #expect(order.request.price.total == Money(300_850))
    #expect(order.idempotencyKey == flow.server.idempotencyKeys.first)
  }

  @Test func aDoubleTapOnPayPlacesOneOrder() async throws {
    flow.server.setLatency(.seconds(1), for: .submitOrder)
    try await flow.openBooking()
    try await flow.fillValidForm()
    try await flow.coordinator.send(.tap("booking.pay"))
    try await flow.coordinator.send(.tap("booking.pay"))
    await flow.advance(by: .seconds(1))
    await flow.coordinator.settle()
    #expect(flow.snapshot.screen == .paid)
    #expect(flow.server.idempotencyKeys.count == 1)
    #expect(flow.server.acceptedOrders.count == 1)
    #expect(try await flow.orders.all().count == 1)
  }

  @Test func aFailedSubmissionShowsTheErrorAndTheRetryUsesTheSameKey() async throws {
    flow.server.fail(.submitOrder, with: .noConnection, times: 1)
    try await flow.openBooking()
    try await flow.fillValidForm()
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.screen == .booking)
    #expect(
      flow.snapshot.toast
        == "Your payment is not confirmed yet: No connection to the server. Tap Pay to check again")
    #expect(!flow.snapshot.isLoading)
    let key = try #require(flow.server.idempotencyKeys.first)
    #expect(try await flow.savedDraft()?.pendingOrder?.idempotencyKey == key, "kept for a crash")
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.screen == .paid)
    #expect(flow.server.idempotencyKeys == [key, key])
    #expect(flow.server.acceptedOrders.count == 1)
  }

  @Test func aLostAnswerRetriedCreatesNoSecondOrder() async throws {
    flow.server.loseOrderResponses(times: 1)
    try await flow.openBooking()
    try await flow.fillValidForm()
    try await flow.tap("booking.pay")
    #expect(
      flow.snapshot.toast
        == "Your payment is not confirmed yet: The server took too long to answer. Tap Pay to check again"
    )
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.screen == .paid)
    #expect(flow.server.acceptedOrders.count == 1)
    #expect(Set(flow.server.idempotencyKeys).count == 1)
    #expect(try await flow.orders.all().map(\.number) == [104_893])
  }

  /// An order whose answer was lost holds the form: nothing in it changes (each edit refused
  /// with the reason), the status says the payment is being checked, and Pay asks about the
  /// same order again.
  @Test(arguments: [
    (
      Language.en, "Checking your payment…",
      "Your payment is being checked: the booking cannot be changed until the server answers"
    ),
    (
      Language.ru, "Проверяем ваш платёж…",
      "Платёж проверяется: бронирование нельзя изменить, пока сервер не ответит"
    ),
  ])
  func aLostAnswerHoldsTheFormUntilTheServerAnswers(
    language: Language, notice: String, refusal: String
  ) async throws {
    let flow = FlowHarness(language: language)
    flow.server.loseOrderResponses(times: 1)
    try await flow.openBooking()
    try await flow.fillValidForm()
    try await flow.tap("booking.pay")
    let booking = try #require(flow.booking)
    #expect(booking.isPaymentPending)
    #expect(booking.status.notices == [.checkingPayment])
    #expect(flow.snapshot.notice == notice)
    #expect(booking.fields.allSatisfy { !$0.isEnabled }, "every field read-only")
    await #expect(throws: ActionError.paymentPending("booking.buyer.email")) {
      try await flow.coordinator.send(.type("booking.buyer.email", "anna@example.com"))
    }
    #expect(flow.snapshot.toast == refusal)
    booking.fieldChanged("buyer.email", to: "anna@example.com")
    #expect(flow.value("booking.buyer.email") == Samples.buyerInput.email)
    booking.perform(.addTourist)
    #expect(booking.input.touristCount == 1)
    #expect(flow.snapshot.toast == refusal)
    await #expect(throws: ActionError.paymentPending("back")) {
      try await flow.coordinator.send(.back)
    }

    try await flow.tap("booking.pay")
    #expect(flow.snapshot.screen == .paid)
    #expect(Set(flow.server.idempotencyKeys).count == 1)
    let held = try #require(flow.server.acceptedOrders.first)
    #expect(try await flow.orders.all().map(\.request) == [held.request])
    #expect(try await flow.savedDraft() == nil)
  }

  @Test func aRefusedOrderFreesTheFormAndTheNextPayIsANewOrder() async throws {
    flow.server.fail(.submitOrder, with: .refused(status: 409, message: "Sold out"), times: 1)
    try await flow.openBooking()
    try await flow.fillValidForm()
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.toast == "Payment failed: Sold out. Tap Pay to try again")
    #expect(flow.booking?.isPaymentPending == false)
    #expect(flow.snapshot.notice == nil)
    #expect(try await flow.savedDraft()?.pendingOrder == nil)
    try await flow.type("booking.buyer.email", "anna@example.com")
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.screen == .paid)
    #expect(Set(flow.server.idempotencyKeys).count == 2)
    #expect(flow.server.acceptedOrders.map(\.request.buyer.email.rawValue) == ["anna@example.com"])
  }

  @Test func anOrderNotSavedLocallyStillReachesPaidWithAWarning() async throws {
    let broken = StoreError.io(
      operation: "fsync", path: "/data", cause: .other(code: 5, description: "Input/output error"))
    let server = InMemoryBookingAPI()
    let coordinator = AppCoordinator(
      api: server.api, orders: .throwing(broken), drafts: .inMemory(), dependencies: .test())
    await coordinator.start()
    await coordinator.settle()
    for action in [UserAction.tap("hotel.chooseRoom"), .tap("rooms.room.2.choose")] {
      try await coordinator.send(action)
      await coordinator.settle()
    }
    try await coordinator.send(.type("booking.buyer.phone", Samples.buyerInput.phone))
    try await coordinator.send(.type("booking.buyer.email", Samples.buyerInput.email))
    for (field, text) in Samples.touristInput {
      try await coordinator.send(.type("booking.tourist.1.\(field)", text))
    }
    try await coordinator.send(.tap("booking.pay"))
    await coordinator.settle()
    #expect(coordinator.snapshot.screen == .paid)
    #expect(
      coordinator.snapshot.toast == "The order is accepted but could not be saved on this device")
  }

  @Test func backIsRefusedWhileSubmitting() async throws {
    flow.server.setLatency(.seconds(1), for: .submitOrder)
    try await flow.openBooking()
    try await flow.fillValidForm()
    try await flow.coordinator.send(.tap("booking.pay"))
    await #expect(throws: ActionError.paymentPending("back")) {
      try await flow.coordinator.send(.back)
    }
    await flow.advance(by: .seconds(1))
    await flow.coordinator.settle()
    #expect(flow.snapshot.screen == .paid)
    await #expect(throws: ActionError.cannotGoBack(.paid)) { try await flow.send(.back) }
  }

  // MARK: - Navigation

  @Test func goingBackAndChoosingARoomAgainKeepsWhatWasTyped() async throws {
    try await flow.openBooking()
    try await flow.type("booking.buyer.email", "ivan@example.com")
    try await flow.tap("booking.addTourist")
    try await flow.type("booking.tourist.2.firstName", "Anna")
    try await flow.send(.back)
    #expect(flow.snapshot.screen == .rooms)
    try await flow.tap("rooms.room.2.choose")
    #expect(flow.value("booking.buyer.email") == "ivan@example.com")
    #expect(flow.value("booking.tourist.2.firstName") == "Anna")
    try await flow.send(.back)
    try await flow.tap("rooms.room.1.choose")
    #expect(flow.value("booking.tourist.2.firstName") == "Anna", "another room keeps it too")
    #expect(flow.snapshot.button("booking.pay")?.title == "Pay 393 950 ₽")
  }

  // MARK: - Russian

  @Test func russianTextsAndMessages() async throws {
    let flow = FlowHarness(language: .ru)
    try await flow.openBooking()
    #expect(flow.snapshot.title == "Бронирование")
    #expect(flow.section("booking.tourist.1")?.title == "Первый турист")
    #expect(flow.snapshot.button("booking.pay")?.title == "Оплатить 300 850 ₽")
    try await flow.type("booking.tourist.1.passportExpiry", "01.09.2027")
    try await flow.send(.next)
    #expect(
      flow.error("booking.tourist.1.passportExpiry")
        == "Паспорт истекает до окончания поездки 27 сентября 2027 г.")
    try await flow.tap("booking.pay")
    #expect(flow.snapshot.toast == "Исправьте выделенные поля")
    #expect(flow.error("booking.buyer.phone") == "Заполните это поле")
  }
}

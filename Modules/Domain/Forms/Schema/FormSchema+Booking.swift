extension FormSchema {
  /// The names of the constants the booking form reads (see ``bookingConstants(for:)``).
  public enum BookingConstant {
    /// The tour's price for one tourist.
    public static let tourPrice = "offer.tour_price"
    /// The fuel charge for one tourist.
    public static let fuelCharge = "offer.fuel_charge"
    /// The service charge for the booking.
    public static let serviceCharge = "offer.service_charge"
    /// The fewest tourists.
    public static let minTourists = "offer.min_tourists"
    /// The most tourists.
    public static let maxTourists = "offer.max_tourists"
  }

  /// The built-in booking form (SPEC sections 3, 4 and 6), labelled in `language`: the buyer's
  /// phone and email; the tourists, a repeatable section whose bounds come from the offer
  /// (`offer.min_tourists`...`offer.max_tourists`, 1...4 when absent); and the price lines and
  /// total as computed fields (numbers; formatting as money is the presentation's job).
  ///
  /// ```swift
  /// let engine = try FormEngine(
  ///   schema: .booking(language: .en), constants: FormSchema.bookingConstants(for: offer))
  /// engine.makeState().text("price.total")  // "300850" for one tourist in room 2
  /// ```
  public static func booking(language: Language) -> FormSchema {
    let text = BookingLabels(language: language)
    let required = FieldRule.required
    return FormSchema(
      version: supportedVersion,
      sections: [
        FormSection(
          id: "buyer", title: text.buyer,
          fields: [
            FormField(
              id: "phone", label: text.phone, inputType: .phone,
              placeholder: "+7 (___) ___-__-__", rules: [required, .phone]),
            FormField(
              id: "email", label: text.email, inputType: .email,
              placeholder: "name@example.com", rules: [required, .email]),
          ]),
        FormSection(
          id: "tourist", title: text.tourist,
          repeatable: RepeatBounds(
            min: 1, max: 4, minConstant: BookingConstant.minTourists,
            maxConstant: BookingConstant.maxTourists),
          collapsible: true,
          fields: [
            FormField(
              id: "firstName", label: text.firstName, inputType: .string,
              rules: [required, .personName]),
            FormField(
              id: "lastName", label: text.lastName, inputType: .string,
              rules: [required, .personName]),
            FormField(
              id: "birthDate", label: text.birthDate, inputType: .date,
              placeholder: text.datePlaceholder, rules: [required, .birthDate]),
            FormField(
              id: "citizenship", label: text.citizenship, inputType: .string,
              rules: [required, .citizenship]),
            FormField(
              id: "passportNumber", label: text.passportNumber, inputType: .string,
              rules: [required, .passportNumber]),
            FormField(
              id: "passportExpiry", label: text.passportExpiry, inputType: .date,
              placeholder: text.datePlaceholder, rules: [required, .passportExpiry]),
          ]),
        FormSection(
          id: "price", title: text.price, collapsible: true,
          fields: [
            FormField(
              id: "tour", label: text.tour, inputType: .none,
              compute: "\(BookingConstant.tourPrice) * count(tourist)"),
            FormField(
              id: "fuelCharge", label: text.fuelCharge, inputType: .none,
              compute: "\(BookingConstant.fuelCharge) * count(tourist)"),
            FormField(
              id: "serviceCharge", label: text.serviceCharge, inputType: .none,
              compute: BookingConstant.serviceCharge),
            FormField(
              id: "total", label: text.total, inputType: .none,
              dependsOn: ["tour", "fuelCharge", "serviceCharge"],
              compute: "tour + fuelCharge + serviceCharge"),
          ]),
      ])
  }

  /// The constants the booking form reads, from `offer`: its prices (whole roubles) and its
  /// tourist limits.
  public static func bookingConstants(for offer: BookingOffer) -> [String: FormValue] {
    [
      BookingConstant.tourPrice: .number(Double(offer.prices.tourPrice.amount)),
      BookingConstant.fuelCharge: .number(Double(offer.prices.fuelCharge.amount)),
      BookingConstant.serviceCharge: .number(Double(offer.prices.serviceCharge.amount)),
      BookingConstant.minTourists: .number(Double(offer.touristLimits.lowerBound)),
      BookingConstant.maxTourists: .number(Double(offer.touristLimits.upperBound)),
    ]
  }
}

private struct BookingLabels {
  var buyer, phone, email, tourist, firstName, lastName, birthDate, citizenship: String
  var passportNumber, passportExpiry, datePlaceholder, price, tour, fuelCharge: String
  var serviceCharge, total: String

  init(language: Language) {
    switch language {
    case .en:
      (buyer, phone, email) = ("Buyer", "Phone number", "Email")
      (tourist, firstName, lastName) = ("Tourist", "First name", "Last name")
      (birthDate, citizenship) = ("Date of birth", "Citizenship")
      (passportNumber, passportExpiry) = ("Passport number", "Passport expiry date")
      datePlaceholder = "DD.MM.YYYY"
      (price, tour, fuelCharge) = ("Price", "Tour", "Fuel charge")
      (serviceCharge, total) = ("Service charge", "Total to pay")
    case .ru:
      (buyer, phone, email) = ("Информация о покупателе", "Номер телефона", "Почта")
      (tourist, firstName, lastName) = ("Турист", "Имя", "Фамилия")
      (birthDate, citizenship) = ("Дата рождения", "Гражданство")
      (passportNumber, passportExpiry) = ("Номер загранпаспорта", "Срок действия загранпаспорта")
      datePlaceholder = "ДД.ММ.ГГГГ"
      (price, tour, fuelCharge) = ("Стоимость", "Тур", "Топливный сбор")
      (serviceCharge, total) = ("Сервисный сбор", "К оплате")
    }
  }
}

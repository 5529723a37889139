import Domain

extension FormSchema {
  /// The fixture's form as tests know it (an independent copy of SPEC section 6): the built-in
  /// form plus `extras` (a promo code whose discount the server computes at
  /// `/booking/discount`, an airport transfer at 3 500 ₽ per tourist that shows a required
  /// flight number) and the price lines `discount` and `transfer` in the total.
  public static func withExtras(language: Language = .en) -> FormSchema {
    var schema = FormSchema.booking(language: language)
    let price = schema.sections.firstIndex { $0.id == "price" } ?? schema.sections.count
    schema.sections.insert(
      FormSection(
        id: "extras", title: "Extras",
        fields: [
          FormField(id: "promoCode", label: "Promo code", inputType: .string),
          FormField(id: "transfer", label: "Airport transfer", inputType: .bool),
          FormField(
            id: "flightNumber", label: "Flight number", inputType: .string,
            rules: [.required, .minLength(3)], visibleIf: "transfer == true"),
        ]), at: price)
    var section = schema.sections[price + 1]
    section.fields.removeAll { $0.id == "total" }
    section.fields += [
      FormField(
        id: "discount", label: "Discount", inputType: .none,
        dependsOn: ["extras.promoCode", "tour"], actionURL: "/booking/discount",
        visibleIf: "extras.promoCode != ''"),
      FormField(
        id: "transfer", label: "Airport transfer", inputType: .none,
        compute: "if(extras.transfer == true, 3500 * count(tourist), 0)",
        visibleIf: "extras.transfer == true"),
      FormField(
        id: "total", label: "Total to pay", inputType: .none,
        compute:
          "tour + fuelCharge + serviceCharge + if(transfer == '', 0, transfer)"
          + " + if(discount == '', 0, discount)"),
    ]
    schema.sections[price + 1] = section
    return schema
  }

  /// The built-in form plus a numeric `extras.bags` that the total reads without a guard, so the
  /// total cannot be calculated while it is empty (2 000 ₽ a bag).
  public static func withUnguardedBags(language: Language = .en) -> FormSchema {
    var schema = FormSchema.booking(language: language)
    schema.sections.insert(
      FormSection(
        id: "extras", title: "Extras",
        fields: [FormField(id: "bags", label: "Bags", inputType: .numeric)]),
      at: 2)
    let price = schema.sections.count - 1
    let total = schema.sections[price].fields.count - 1
    schema.sections[price].fields[total].compute =
      "tour + fuelCharge + serviceCharge + extras.bags * 2000"
    return schema
  }
}

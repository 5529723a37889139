import Domain
import Foundation

extension FixtureContent {
  /// The body of `GET /booking/form` in `language`: ``bookingFormSchema(_:)`` in the schema's own
  /// JSON (snake_case keys), with sorted keys so its `ETag` is stable.
  ///
  /// `nil` (a `404`, so clients use their built-in schema) only if it cannot be encoded.
  static func bookingForm(_ language: Language) -> [UInt8]? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try? Array(encoder.encode(bookingFormSchema(language)))
  }

  /// The fixture's form (SPEC section 6): the built-in form plus a section `extras`.
  ///
  /// The section stands between the tourists and the price and exercises the form engine:
  /// - `extras.promoCode`: a promo code; `price.discount` is computed by the server from it
  ///   (`action_url` ``FixtureExtras/discountPath``) and shown only while a code is typed;
  /// - `extras.transfer`: an airport transfer (bool, off by default), 3 500 ₽ per tourist, the
  ///   locally computed price line `price.transfer`; when on it shows `extras.flightNumber`, a
  ///   required flight number (`visible_if`);
  /// - `extras.wishes`: wishes for the hotel, a text of several lines (`long_string`), optional;
  /// - `price.total` including the transfer and the discount.
  static func bookingFormSchema(_ language: Language) -> FormSchema {
    let text = ExtrasLabels(language: language)
    var schema = FormSchema.booking(language: language)
    let extras = FormSection(
      id: "extras", title: text.extras,
      fields: [
        FormField(
          id: "promoCode", label: text.promoCode, inputType: .string,
          rules: [.maxLength(FixtureExtras.maxPromoCodeLength)]),
        FormField(id: "transfer", label: text.transfer, inputType: .bool),
        FormField(
          id: "flightNumber", label: text.flightNumber, inputType: .string,
          placeholder: "SU 1234", rules: [.required, .minLength(3), .maxLength(10)],
          visibleIf: "transfer == true"),
        FormField(
          id: "wishes", label: text.wishes, inputType: .longString,
          rules: [.maxLength(FixtureExtras.maxWishesLength)]),
      ])
    if let price = schema.sections.firstIndex(where: { $0.id == "price" }) {
      schema.sections.insert(extras, at: price)
      var section = schema.sections[price + 1]
      let total = section.fields.firstIndex { $0.id == "total" } ?? section.fields.count
      section.fields.insert(
        contentsOf: [
          FormField(
            id: "discount", label: text.discount, inputType: .none,
            dependsOn: ["extras.promoCode", "tour"], actionURL: FixtureExtras.discountPath,
            visibleIf: "extras.promoCode != \"\""),
          FormField(
            id: "transfer", label: text.transferLine, inputType: .none,
            compute:
              "if(extras.transfer == true, \(FixtureExtras.transferPerTourist) * count(tourist), 0)",
            visibleIf: "extras.transfer == true"),
        ], at: total)
      if let index = section.fields.firstIndex(where: { $0.id == "total" }) {
        section.fields[index].dependsOn = [
          "tour", "fuelCharge", "serviceCharge", "transfer", "discount",
        ]
        section.fields[index].compute =
          "tour + fuelCharge + serviceCharge + if(transfer == \"\", 0, transfer)"
          + " + if(discount == \"\", 0, discount)"
      }
      schema.sections[price + 1] = section
    }
    return schema
  }
}

private struct ExtrasLabels {
  var extras, promoCode, transfer, flightNumber, discount, transferLine, wishes: String

  init(language: Language) {
    switch language {
    case .en:
      (extras, promoCode, transfer) = ("Extras", "Promo code", "Airport transfer")
      (flightNumber, discount, transferLine) = ("Flight number", "Discount", "Airport transfer")
      wishes = "Wishes for the hotel"
    case .ru:
      (extras, promoCode, transfer) = ("Дополнительно", "Промокод", "Трансфер из аэропорта")
      (flightNumber, discount, transferLine) = ("Номер рейса", "Скидка", "Трансфер")
      wishes = "Пожелания к отелю"
    }
  }
}

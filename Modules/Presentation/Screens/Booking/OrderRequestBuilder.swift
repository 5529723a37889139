import Domain
import Foundation

/// Why a valid form could not be turned into an order (a server schema without a field an
/// order needs).
struct OrderRequestError: Error, Hashable {
  /// The path of the missing or unusable field.
  var path: String
}

/// Why a server schema cannot place an order, whatever is typed into it: a field the order needs is
/// missing, is not typed in, or lacks the rule the order checks it by (the person could fill in the
/// whole form and never pay).
///
/// The schema is refused when it loads.
enum OrderFieldProblem: Hashable, Sendable {
  /// No field (or no repeatable section) at this path.
  case missing(String)
  /// The field is computed, read-only or a switch, so nobody can type it.
  case notTyped(String)
  /// The field does not carry this rule (its name in the schema's JSON), so the form could
  /// accept text the order refuses.
  case missingRule(String, rule: String)
}

/// Turns the booking form's text into an ``OrderRequest`` (the paths of the built-in schema:
/// `buyer.phone`, `buyer.email`, `tourist.K.firstName` ...).
enum OrderRequestBuilder {
  /// The request for `form` and `offer`.
  /// - Throws: the path of the first field that is missing or does not validate.
  static func request(
    from form: FormState, offer: BookingOffer
  ) throws(OrderRequestError)
    -> OrderRequest
  {
    let buyer = Buyer(
      phone: try value(FieldPath(section: "buyer", field: "phone"), in: form, PhoneNumber.init),
      email: try value(FieldPath(section: "buyer", field: "email"), in: form, EmailAddress.init))
    let count = form.repeatCount("tourist")
    guard count > 0 else { throw OrderRequestError(path: "tourist") }
    var tourists: [Tourist] = []
    for index in 1...count {
      let path = { (field: String) in FieldPath(section: "tourist", index: index, field: field) }
      guard form.field(path("citizenship")) != nil else {
        throw OrderRequestError(path: path("citizenship").rawValue)
      }
      tourists.append(
        Tourist(
          firstName: try value(path("firstName"), in: form, PersonName.init),
          lastName: try value(path("lastName"), in: form, PersonName.init),
          birthDate: try value(path("birthDate"), in: form, CalendarDate.init(parsing:)),
          citizenship: form.text(path("citizenship")).trimmingCharacters(in: .whitespaces),
          passportNumber: try value(path("passportNumber"), in: form, PassportNumber.init),
          passportExpiry: try value(
            path("passportExpiry"), in: form, CalendarDate.init(parsing:))))
    }
    return OrderRequest(offer: offer, buyer: buyer, tourists: tourists, form: fields(of: form))
  }

  /// The fields an order is made of, by section, with the rule each must carry (and its name
  /// in the schema's JSON).
  static let orderFields: [(section: String, field: String, rule: FieldRule, name: String)] = [
    ("buyer", "phone", .phone, "phone"), ("buyer", "email", .email, "email"),
    ("tourist", "firstName", .personName, "person_name"),
    ("tourist", "lastName", .personName, "person_name"),
    ("tourist", "birthDate", .birthDate, "birth_date"),
    ("tourist", "citizenship", .required, "required"),
    ("tourist", "passportNumber", .passportNumber, "passport_number"),
    ("tourist", "passportExpiry", .passportExpiry, "passport_expiry"),
  ]

  /// The first reason `schema` can never place an order (``OrderFieldProblem``), or `nil`.
  static func orderFieldProblem(in schema: FormSchema) -> OrderFieldProblem? {
    guard schema.sections.first(where: { $0.id == "tourist" })?.repeatable != nil else {
      return .missing("tourist")
    }
    for (sectionID, fieldID, rule, name) in orderFields {
      let path = "\(sectionID).\(fieldID)"
      guard
        let field = schema.sections.first(where: { $0.id == sectionID })?.fields.first(where: {
          $0.id == fieldID
        })
      else { return .missing(path) }
      guard field.isInput, field.inputType != .bool else { return .notTyped(path) }
      let carries =
        rule == .required
        ? field.rules.contains(.required) || field.rules.contains(.citizenship)
        : field.rules.contains(rule)
      guard carries else { return .missingRule(path, rule: name) }
    }
    return nil
  }

  /// Every visible field by path, as shown (SPEC section 6: the order carries every field):
  /// the text of an input, the plain value of a computed field, the whole amount a price line
  /// shows (`"289401"` for `289400.5`).
  static func fields(of form: FormState) -> [String: String] {
    var result: [String: String] = [:]
    for path in form.fieldPaths where form.isVisible(path) {
      var text = form.text(path)
      if let field = form.field(path), BookingComponents.isMoney(field, in: path.sectionID),
        let number = form.value(path).number, let money = Money(rounding: number)
      {
        text = String(money.amount)
      }
      if !text.isEmpty { result[path.rawValue] = text }
    }
    return result
  }

  private static func value<Value>(
    _ path: FieldPath, in form: FormState, _ make: (String) throws(ValidationError) -> Value
  ) throws(OrderRequestError) -> Value {
    guard form.field(path) != nil else { throw OrderRequestError(path: path.rawValue) }
    do {
      return try make(form.text(path))
    } catch {
      throw OrderRequestError(path: path.rawValue)
    }
  }
}

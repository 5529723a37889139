/// A validation rule a form field can carry: the rules of SPEC section 4 by name, and generic ones.
///
/// The form engine (``FormSchema``) lists rules per field; ``validate(_:in:)`` checks text as typed.
public enum FieldRule: Hashable, Sendable, Codable {
  /// Must not be empty or white space only.
  case required
  /// At least this many characters (grapheme clusters).
  case minLength(Int)
  /// At most this many characters (grapheme clusters).
  case maxLength(Int)
  /// Must match this regular expression in full (the subset `Docs/FormSchema.md` lists);
  /// `message`, the schema's own words for the format, replaces the generic "wrong format".
  case pattern(String, message: String? = nil)
  /// A number within the bounds, inclusive (either may be open); `,` is read as a decimal point.
  case range(min: Double?, max: Double?)
  /// The phone rule: a ``PhoneNumber``.
  case phone
  /// The e-mail rule: an ``EmailAddress``.
  case email
  /// The first and last name rule: a ``PersonName``.
  case personName
  /// The birth date rule: a real date in either format, before today, at most 120 years ago
  /// (exactly 120 years ago passes).
  case birthDate
  /// The citizenship rule (required).
  case citizenship
  /// The passport number rule: a ``PassportNumber``.
  case passportNumber
  /// The passport expiry rule: a real date in either format, strictly after the tour's last day.
  case passportExpiry
}

/// What rules need to know beyond the text: today, and the tour's last day.
public struct ValidationContext: Hashable, Sendable {
  /// Today's date (injected).
  public var today: CalendarDate
  /// The tour's last day, for passport expiry; `nil` when there is no offer.
  public var tripEnd: CalendarDate?

  /// Creates a context.
  public init(today: CalendarDate, tripEnd: CalendarDate? = nil) {
    self.today = today
    self.tripEnd = tripEnd
  }

  /// Creates the context for booking `offer` (its last day is the trip end).
  public init(today: CalendarDate, offer: BookingOffer?) {
    self.init(today: today, tripEnd: offer?.tourDates.stop)
  }
}

extension FieldRule {
  /// The first problem with `text` under this rule, or `nil` when it passes.
  ///
  /// Every rule looks at the text without surrounding white space, so white space only counts
  /// as empty. Empty text passes the generic rules (``minLength(_:)``, ``maxLength(_:)``,
  /// ``pattern(_:)``, ``range(min:max:)``): whether an empty field is an error is the
  /// ``required`` rule's business. The named rules of SPEC section 4 (``phone``, ``email``,
  /// ``personName``, ``birthDate``, ``citizenship``, ``passportNumber``, ``passportExpiry``)
  /// are for fields the booking needs, so they report ``ValidationError/required`` when empty.
  ///
  /// ```swift
  /// let context = ValidationContext(today: today, tripEnd: tourDates.stop)
  /// FieldRule.passportExpiry.validate("26.09.2027", in: context)
  /// // .passportExpiresBeforeTripEnd(tripEnd: 2027-09-27)
  /// FieldRule.passportExpiry.validate("27.09.2027", in: context)
  /// // .passportExpiresOnTripEnd(tripEnd: 2027-09-27)
  /// FieldRule.maxLength(3).validate("", in: context)  // nil
  /// ```
  public func validate(_ text: String, in context: ValidationContext) -> ValidationError? {
    let trimmed = text.trimmingWhitespace()
    switch self {
    case .required, .citizenship:
      return trimmed.isEmpty ? .required : nil
    case .minLength(let minimum):
      return !trimmed.isEmpty && trimmed.count < minimum ? .tooShort(min: minimum) : nil
    case .maxLength(let maximum):
      return trimmed.count > maximum ? .tooLong(max: maximum) : nil
    case .pattern(let pattern, let message):
      // A form engine compiles its patterns once; here the rule stands alone. A broken
      // pattern refuses every non-empty text.
      guard let compiled = CompiledPattern(pattern) else {
        return trimmed.isEmpty ? nil : ValidationError.patternMismatch(message: message)
      }
      return compiled.check(trimmed).map { _ in ValidationError.patternMismatch(message: message) }
    case .range(let minimum, let maximum):
      return trimmed.isEmpty ? nil : Self.checkRange(trimmed, min: minimum, max: maximum)
    case .phone:
      return Self.failure { () throws(ValidationError) in _ = try PhoneNumber(trimmed) }
    case .email:
      return Self.failure { () throws(ValidationError) in _ = try EmailAddress(trimmed) }
    case .personName:
      return Self.failure { () throws(ValidationError) in _ = try PersonName(trimmed) }
    case .passportNumber:
      return Self.failure { () throws(ValidationError) in _ = try PassportNumber(trimmed) }
    case .birthDate:
      return Self.failure { () throws(ValidationError) in
        try Self.checkBirthDate(trimmed, today: context.today)
      }
    case .passportExpiry:
      return Self.failure { () throws(ValidationError) in
        try Self.checkPassportExpiry(trimmed, tripEnd: context.tripEnd)
      }
    }
  }

  /// The days this rule accepts, first to last: what a date picker offers for a field with it;
  /// `nil` when the rule does not limit dates.
  ///
  /// Every day in the range passes ``validate(_:in:)`` (written `dd.MM.yyyy`), every day outside it
  /// fails; `nil` for ``passportExpiry`` while `context` has no trip end (any day passes then).
  /// Where no day can pass (a birth date when today is 1 January of the year 1, a passport expiry
  /// after a trip ending on 31 December 9999) the answer is `nil` too: ``validate(_:in:)`` tells
  /// the cases apart.
  ///
  /// ```swift
  /// let context = ValidationContext(today: today, tripEnd: tourDates.stop)  // 27.09.2027
  /// FieldRule.passportExpiry.acceptedDates(in: context)  // 2027-09-28...9999-12-31
  /// FieldRule.birthDate.acceptedDates(in: context)
  /// // 120 years before today...the day before today
  /// ```
  public func acceptedDates(in context: ValidationContext) -> ClosedRange<CalendarDate>? {
    switch self {
    case .birthDate:
      guard context.today > .earliest else { return nil }
      let first = context.today.adding(years: -Self.maximumAge)
      let last = context.today.previousDay
      return first <= last ? first...last : nil
    case .passportExpiry:
      guard let tripEnd = context.tripEnd, tripEnd < .latest else { return nil }
      return tripEnd.nextDay...CalendarDate.latest
    default:
      return nil
    }
  }

  /// Whether `pattern` is a regular expression ``pattern(_:)`` can use; a form schema with one
  /// that is not should be refused when it loads (``validate(_:in:)`` reports every text as
  /// ``ValidationError/patternMismatch`` under a broken pattern).
  public static func isValidPattern(_ pattern: String) -> Bool {
    CompiledPattern(pattern) != nil
  }

  /// The oldest a tourist can be, in years (SPEC section 4).
  public static let maximumAge = 120

  // MARK: - Private

  private static func failure(_ check: () throws(ValidationError) -> Void) -> ValidationError? {
    do {
      try check()
      return nil
    } catch {
      return error
    }
  }

  private static func checkRange(
    _ text: String, min minimum: Double?, max maximum: Double?
  )
    -> ValidationError?
  {
    let normalised = String(text.filter { !$0.isWhitespace }.map { $0 == "," ? "." : $0 })
    guard normalised.allSatisfy({ $0.isASCII }), let value = Double(normalised), value.isFinite
    else { return .notANumber }
    if let minimum, value < minimum { return .outOfRange(min: minimum, max: maximum) }
    if let maximum, value > maximum { return .outOfRange(min: minimum, max: maximum) }
    return nil
  }

  private static func checkBirthDate(_ text: String, today: CalendarDate) throws(ValidationError) {
    guard !text.isEmpty else { throw .required }
    let date = try CalendarDate(parsing: text)
    guard date < today else { throw .birthDateNotInPast }
    guard date >= today.adding(years: -maximumAge) else {
      throw .birthDateTooOld(years: maximumAge)
    }
  }

  private static func checkPassportExpiry(
    _ text: String, tripEnd: CalendarDate?
  )
    throws(ValidationError)
  {
    guard !text.isEmpty else { throw .required }
    let date = try CalendarDate(parsing: text)
    guard let tripEnd else { return }
    if date == tripEnd { throw .passportExpiresOnTripEnd(tripEnd: tripEnd) }
    if date < tripEnd { throw .passportExpiresBeforeTripEnd(tripEnd: tripEnd) }
  }
}

/// Why a value was rejected: one case per rule of SPEC section 4, each with its own message key.
///
/// Domain names the problem; Presentation turns ``key`` and the associated values into a
/// localised sentence ("Passport expires before the trip ends on 27 September 2027").
public enum ValidationError: Error, Hashable, Sendable {
  // MARK: - Generic

  /// The field is required and empty (or white space only).
  case required
  /// Shorter than the minimum length (in characters).
  case tooShort(min: Int)
  /// Longer than the maximum length (in characters).
  case tooLong(max: Int)
  /// Does not match the field's pattern.
  case patternMismatch
  /// Does not match the field's pattern, whose rule carries the schema's own message for it
  /// (`{"pattern": ..., "message": ...}`), shown as written: a schema is written in the
  /// screen's language, as its labels are.
  case patternMismatchMessage(String)
  /// Not a number.
  case notANumber
  /// A number outside `min...max`.
  case outOfRange(min: Double?, max: Double?)

  // MARK: - Phone

  /// A Russian number with fewer than 10 digits so far.
  case phoneIncomplete
  /// Characters other than digits, spaces, a leading `+`, `(`, `)`, `-`, `.` and `/`.
  case phoneInvalidCharacter(Character)
  /// An international number (written with `+`, `00` or `810`) without a whole country code.
  case phoneInternationalLength
  /// Digits past a complete number (`count` of them).
  case phoneDigitsTooMany(count: Int)
  /// An international number whose country code (its first digits, `999`) is no E.164 code.
  case phoneCountryCodeUnknown(String)
  /// A number of country code `countryCode` whose national number has none of `lengths`.
  case phoneNationalLength(countryCode: String, lengths: [Int])
  /// A number of country code `countryCode` whose national number starts with a digit that
  /// code's numbers never start with (`+1 1…`, `+7 (0…`).
  case phoneNationalStart(countryCode: String, digit: Character)

  // MARK: - Email

  /// No `@`.
  case emailMissingAt
  /// More than one `@`.
  case emailMultipleAt
  /// Nothing before the `@`.
  case emailLocalPartEmpty
  /// More than 64 characters before the `@`.
  case emailLocalPartTooLong
  /// A character not allowed in the part before the `@`.
  case emailLocalPartInvalidCharacter(Character)
  /// A leading, trailing or double dot before the `@`.
  case emailLocalPartDots
  /// Nothing after the `@`, or a domain of a single label (`localhost`).
  case emailDomainInvalid
  /// A character other than letters, digits, hyphens and dots after the `@`.
  case emailDomainInvalidCharacter(Character)
  /// A leading, trailing or double dot after the `@`.
  case emailDomainDots
  /// A part of the domain that starts or ends with a hyphen.
  case emailDomainHyphen
  /// A part of the domain longer than 63 characters.
  case emailDomainLabelTooLong
  /// A domain under a special-use name that cannot receive mail (`test`, `onion`).
  case emailDomainSpecialUse(String)
  /// The last label of the domain is neither 2 or more letters nor an IDNA A-label.
  case emailTopLevelDomainInvalid
  /// More than 254 characters.
  case emailTooLong
  /// Contains white space.
  case emailContainsSpace

  // MARK: - Names

  /// A character other than letters, spaces, hyphens and apostrophes.
  case nameInvalidCharacter(Character)
  /// Only spaces, hyphens and apostrophes, without a single letter.
  case nameWithoutLetter

  // MARK: - Dates

  /// Neither `dd.MM.yyyy` nor `yyyy-MM-dd`.
  case dateFormat
  /// Well-formed but no such day (31.02, 29.02 of a common year).
  case dateNotReal
  /// A birth date that is today or later.
  case birthDateNotInPast
  /// A birth date more than `years` years ago.
  case birthDateTooOld(years: Int)
  /// A passport that expires before the tour's last day.
  case passportExpiresBeforeTripEnd(tripEnd: CalendarDate)
  /// A passport that expires on the tour's last day itself (it must be valid after the trip).
  case passportExpiresOnTripEnd(tripEnd: CalendarDate)

  // MARK: - Passport

  /// Fewer than `min` or more than `max` letters and digits.
  case passportLength(min: Int, max: Int)
  /// A character other than letters, digits and spaces.
  case passportInvalidCharacter(Character)

  // MARK: - Tourists

  /// Fewer tourists than the offer allows.
  case tooFewTourists(min: Int)
  /// More tourists than the offer allows.
  case tooManyTourists(max: Int)

  /// A stable key naming the rule, for localisation and for scripts (`validation.email.missingAt`).
  public var key: String {
    switch self {
    case .required: "validation.required"
    case .tooShort: "validation.tooShort"
    case .tooLong: "validation.tooLong"
    case .patternMismatch, .patternMismatchMessage: "validation.pattern"
    case .notANumber: "validation.notANumber"
    case .outOfRange: "validation.outOfRange"
    case .phoneIncomplete: "validation.phone.incomplete"
    case .phoneInvalidCharacter: "validation.phone.invalidCharacter"
    case .phoneInternationalLength: "validation.phone.internationalLength"
    case .phoneDigitsTooMany: "validation.phone.digitsTooMany"
    case .phoneCountryCodeUnknown: "validation.phone.countryCodeUnknown"
    case .phoneNationalLength: "validation.phone.nationalLength"
    case .phoneNationalStart: "validation.phone.nationalStart"
    case .emailMissingAt: "validation.email.missingAt"
    case .emailMultipleAt: "validation.email.multipleAt"
    case .emailLocalPartEmpty: "validation.email.localPartEmpty"
    case .emailLocalPartTooLong: "validation.email.localPartTooLong"
    case .emailLocalPartInvalidCharacter: "validation.email.localPartInvalidCharacter"
    case .emailLocalPartDots: "validation.email.localPartDots"
    case .emailDomainInvalid: "validation.email.domainInvalid"
    case .emailDomainInvalidCharacter: "validation.email.domainInvalidCharacter"
    case .emailDomainDots: "validation.email.domainDots"
    case .emailDomainHyphen: "validation.email.domainHyphen"
    case .emailDomainLabelTooLong: "validation.email.domainLabelTooLong"
    case .emailDomainSpecialUse: "validation.email.domainSpecialUse"
    case .emailTopLevelDomainInvalid: "validation.email.topLevelDomainInvalid"
    case .emailTooLong: "validation.email.tooLong"
    case .emailContainsSpace: "validation.email.containsSpace"
    case .nameInvalidCharacter: "validation.name.invalidCharacter"
    case .nameWithoutLetter: "validation.name.withoutLetter"
    case .dateFormat: "validation.date.format"
    case .dateNotReal: "validation.date.notReal"
    case .birthDateNotInPast: "validation.birthDate.notInPast"
    case .birthDateTooOld: "validation.birthDate.tooOld"
    case .passportExpiresBeforeTripEnd: "validation.passportExpiry.beforeTripEnd"
    case .passportExpiresOnTripEnd: "validation.passportExpiry.onTripEnd"
    case .passportLength: "validation.passport.length"
    case .passportInvalidCharacter: "validation.passport.invalidCharacter"
    case .tooFewTourists: "validation.tourists.tooFew"
    case .tooManyTourists: "validation.tourists.tooMany"
    }
  }

  /// A pattern mismatch: with the schema's `message` when it gives one (not blank), else the
  /// generic ``patternMismatch``.
  static func patternMismatch(message: String?) -> ValidationError {
    guard let message, !message.trimmingWhitespace().isEmpty else { return .patternMismatch }
    return .patternMismatchMessage(message)
  }
}

import Domain
import Testing

@Suite struct ValidationErrorTests {
  static let everyCase: [ValidationError] = [
    .required, .tooShort(min: 1), .tooLong(max: 1), .patternMismatch, .notANumber,
    .outOfRange(min: nil, max: nil), .phoneIncomplete, .phoneInvalidCharacter("x"),
    .phoneInternationalLength, .phoneDigitsTooMany(count: 2),
    .phoneCountryCodeUnknown("999"), .phoneNationalLength(countryCode: "44", lengths: [7, 9, 10]),
    .phoneNationalStart(countryCode: "1", digit: "1"), .emailMissingAt, .emailMultipleAt,
    .emailLocalPartEmpty, .emailLocalPartTooLong, .emailLocalPartInvalidCharacter("x"),
    .emailLocalPartDots, .emailDomainInvalid, .emailDomainInvalidCharacter("_"), .emailDomainDots,
    .emailDomainHyphen, .emailDomainLabelTooLong, .emailDomainSpecialUse("test"),
    .emailTopLevelDomainInvalid, .emailTooLong,
    .emailContainsSpace, .nameInvalidCharacter("x"), .nameWithoutLetter, .dateFormat,
    .dateNotReal, .birthDateNotInPast, .birthDateTooOld(years: 1),
    .passportExpiresBeforeTripEnd(tripEnd: .on(2027, 9, 27)),
    .passportExpiresOnTripEnd(tripEnd: .on(2027, 9, 27)),
    .passportLength(min: 1, max: 2), .passportInvalidCharacter("x"), .tooFewTourists(min: 1),
    .tooManyTourists(max: 1),
  ]

  @Test func everyRuleHasItsOwnKey() {
    let keys = Self.everyCase.map(\.key)
    #expect(Set(keys).count == keys.count)
    #expect(keys.allSatisfy { $0.hasPrefix("validation.") })
  }

  @Test func keysAreStable() {
    #expect(ValidationError.emailMissingAt.key == "validation.email.missingAt")
    #expect(ValidationError.nameWithoutLetter.key == "validation.name.withoutLetter")
    #expect(ValidationError.dateNotReal.key == "validation.date.notReal")
  }
}

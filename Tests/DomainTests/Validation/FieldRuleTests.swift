import Domain
import Testing

@Suite struct FieldRuleTests {
  static let context = ValidationContext(
    today: .on(2025, 6, 15), tripEnd: .on(2027, 9, 27))

  static let genericCases: [(rule: FieldRule, text: String, error: ValidationError?)] = [
    (.required, "", .required),
    (.required, "   ", .required),
    (.required, "\t\n\u{00A0}", .required),
    (.required, "x", nil),
    (.required, " x ", nil),
    (.minLength(3), "", nil),
    (.minLength(3), "  ", nil),
    (.minLength(3), "ab", .tooShort(min: 3)),
    (.minLength(3), " ab ", .tooShort(min: 3)),
    (.minLength(3), "abc", nil),
    (.minLength(3), "жёж", nil),
    (.minLength(2), "e\u{0301}", .tooShort(min: 2)),
    (.maxLength(3), "", nil),
    (.maxLength(3), "abc", nil),
    (.maxLength(3), " abc ", nil),
    (.maxLength(3), "abcd", .tooLong(max: 3)),
    (.maxLength(3), "王小明", nil),
    (.maxLength(3), "王小明王", .tooLong(max: 3)),
    (.pattern("[0-9]{3}"), "", nil),
    (.pattern("[0-9]{3}"), "123", nil),
    (.pattern("[0-9]{3}"), "1234", .patternMismatch),
    (.pattern("[0-9]{3}"), "a123", .patternMismatch),
    (.pattern("[0-9]{3}"), "12", .patternMismatch),
    (.pattern("[A-Z]+"), "abc", .patternMismatch),
    (.pattern("([unclosed"), "anything", .patternMismatch),
    (.range(min: 1, max: 10), "", nil),
    (.range(min: 1, max: 10), "1", nil),
    (.range(min: 1, max: 10), "10", nil),
    (.range(min: 1, max: 10), "5,5", nil),
    (.range(min: 1, max: 10), "0.99", .outOfRange(min: 1, max: 10)),
    (.range(min: 1, max: 10), "10.01", .outOfRange(min: 1, max: 10)),
    (.range(min: 1, max: 10), "-3", .outOfRange(min: 1, max: 10)),
    (.range(min: nil, max: 10), "-1000000", nil),
    (.range(min: 0, max: nil), "1e9", nil),
    (.range(min: 1, max: 10), "five", .notANumber),
    (.range(min: 1, max: 10), "nan", .notANumber),
    (.range(min: nil, max: nil), "inf", .notANumber),
    (.range(min: 1, max: 10), "٥", .notANumber),
    (.range(min: 1, max: 10), "1.2.3", .notANumber),
  ]

  @Test(arguments: genericCases)
  func genericRules(rule: FieldRule, text: String, error: ValidationError?) {
    #expect(rule.validate(text, in: Self.context) == error)
  }

  static let namedRules: [FieldRule] = [
    .phone, .email, .personName, .birthDate, .citizenship, .passportNumber, .passportExpiry,
  ]

  @Test(arguments: namedRules, ["", "   ", "\t"])
  func namedRulesRequireAValue(rule: FieldRule, text: String) {
    #expect(rule.validate(text, in: Self.context) == .required)
  }

  static let namedCases: [(rule: FieldRule, text: String, error: ValidationError?)] = [
    (.phone, "+7 (916) 123-45-67", nil),
    (.phone, "+7 (916) 123-45", .phoneIncomplete),
    (.phone, "+44 20 7946 0958", nil),
    (.phone, "+44 20", .phoneNationalLength(countryCode: "44", lengths: [9, 10])),
    (.phone, "+4", .phoneInternationalLength),
    (.email, "anna@mail.ru", nil),
    (.email, "anna@mail", .emailDomainInvalid),
    (.personName, "Анна", nil),
    (.personName, "Анна1", .nameInvalidCharacter("1")),
    (.citizenship, "Russian Federation", nil),
    (.citizenship, "Россия", nil),
    (.passportNumber, "45 06 123456", nil),
    (.passportNumber, "45 06", .passportLength(min: 5, max: 20)),
  ]

  @Test(arguments: namedCases)
  func namedRulesUseTheValueTypes(rule: FieldRule, text: String, error: ValidationError?) {
    #expect(rule.validate(text, in: Self.context) == error)
  }

  @Test func brokenPatternsAreDetectable() {
    #expect(FieldRule.isValidPattern("[0-9]{3}"))
    #expect(!FieldRule.isValidPattern("([unclosed"))
  }
}

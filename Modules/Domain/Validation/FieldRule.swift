/// A validation rule a form field can carry: the rules of SPEC section 4 by name, and generic ones.
///
/// The form engine (``FormSchema``) lists rules per field; ``validate(_:in:)`` checks text as typed.
public enum FieldRule: Hashable, Sendable, Codable {
  /// Must not be empty or white space only.
  case required
  /// At least this many characters.
  case minLength(Int)
  /// At most this many characters.
  case maxLength(Int)
  /// Must match this regular expression in full.
  case pattern(String)
  /// A number within the bounds (either may be open).
  case range(min: Double?, max: Double?)
  /// The phone rule.
  case phone
  /// The e-mail rule.
  case email
  /// The first and last name rule.
  case personName
  /// The birth date rule (before today, at most 120 years ago).
  case birthDate
  /// The citizenship rule (required).
  case citizenship
  /// The passport number rule.
  case passportNumber
  /// The passport expiry rule (after the tour's last day).
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
}

extension FieldRule {
  /// The first problem with `text` under this rule, or `nil` when it passes.
  ///
  /// Empty text passes every rule but ``required`` (and the rules that imply it): whether an
  /// empty field is an error is the `required` rule's business.
  public func validate(_ text: String, in context: ValidationContext) -> ValidationError? {
    // TODO(issue 2): every rule of SPEC section 4, exhaustively tested.
    switch self {
    case .required, .citizenship:
      return text.trimmingWhitespace().isEmpty ? .required : nil
    default:
      return nil
    }
  }
}

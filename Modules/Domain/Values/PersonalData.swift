/// The one home of the masking rule of SPEC section 8: phone and passport numbers are shown as
/// `•••• 3456` everywhere outside the form being filled (logs, messages, `hotel orders`, Paid).
///
/// A mask shows at most the last 4 letters or digits, and never more than half of them, so a
/// short number keeps most of itself hidden: a 5-character passport shows its last 2
/// (`•••• 45`), a 7-character one its last 3; 8 and more show 4.
///
/// ```swift
/// PersonalData.masked("4509 123456")   // "•••• 3456"
/// PersonalData.masked("AB123")         // "•••• 23"
/// ```
public enum PersonalData {
  /// The most trailing characters a mask shows.
  public static let maximumShown = 4

  /// `text` masked: its letters and digits reduced to their last few after `•••• `.
  public static func masked(_ text: String) -> String {
    let kept = text.filter { $0.isLetter || $0.isNumber }
    return "•••• " + kept.suffix(min(maximumShown, kept.count / 2))
  }

  /// Whether a field with `rules` holds personal data (a phone or a passport number), so its
  /// value is masked outside the form, whatever the field is called.
  public static func isPersonal(_ rules: [FieldRule]) -> Bool {
    rules.contains(.phone) || rules.contains(.passportNumber)
  }
}

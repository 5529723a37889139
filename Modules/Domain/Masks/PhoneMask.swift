/// The phone field's input mask: formats a phone number while it is being typed.
///
/// Russian numbers become `+7 (916) 123-45-67` as far as they are typed; a leading `7` or `8`
/// is read as the country or trunk prefix (as Russian users type), any other first digit starts
/// the 10-digit national number. Exactly 10 digits without `+` are the national number
/// whatever they start with (`8001234567` is `+7 (800) 123-45-67`, as ``PhoneNumber`` reads
/// them). Digits of other scripts (`٩`, `９`) count as their ASCII digits. Text starting with `+` and a digit other than 7 is an
/// international number and is kept as `+` and its digits (15 at most). Characters other than
/// digits are dropped, digits beyond a complete number are ignored, and no separator is added
/// after the last digit, so deleting from the end always removes a digit. Formatting formatted
/// text changes nothing.
///
/// ```swift
/// PhoneMask.format("9161")                // "+7 (916) 1"
/// PhoneMask.format("89161234567")         // "+7 (916) 123-45-67"
/// PhoneMask.format("+7 (916) 123-45-6")   // "+7 (916) 123-45-6"
/// PhoneMask.format("+44 20 7946 0958")    // "+442079460958"
/// PhoneMask.format("8001234567")          // "+7 (800) 123-45-67"
/// ```
public enum PhoneMask {
  /// The most digits an international number (E.164) has.
  public static let maximumInternationalDigits = 15

  /// The text to show for `text` as typed.
  public static func format(_ text: String) -> String {
    let trimmed = text.trimmingWhitespace().withASCIIDigits()
    let hasPlus = trimmed.first == "+"
    guard let number = number(in: trimmed) else { return hasPlus ? "+" : "" }
    if number.isInternational {
      return "+" + number.digits.prefix(maximumInternationalDigits)
    }
    return russian(Array(number.digits.prefix(10)))
  }

  /// The digits of `text` that ``format(_:)`` leaves out because the number is complete
  /// without them (from the 11th digit of a Russian number, the 16th of an international one),
  /// or `""` when every digit fits: a pasted number that is too long is not cut silently.
  ///
  /// ```swift
  /// PhoneMask.droppedDigits("916123456789")  // "89"
  /// PhoneMask.droppedDigits("9161234567")    // ""
  /// ```
  public static func droppedDigits(_ text: String) -> String {
    guard let number = number(in: text.trimmingWhitespace().withASCIIDigits()) else { return "" }
    return String(number.digits.dropFirst(number.isInternational ? maximumInternationalDigits : 10))
  }

  // MARK: - Private

  /// The number's digits after its country or trunk prefix (a Russian number's national
  /// digits; an international number's digits), or `nil` when there are none.
  private static func number(
    in trimmed: String
  ) -> (isInternational: Bool, digits: Substring)? {
    let hasPlus = trimmed.first == "+"
    let digits = trimmed.filter(\.isASCIIDigit)
    guard let first = digits.first else { return nil }
    if hasPlus, first != "7" { return (true, digits[...]) }
    // Ten digits without `+` are a whole national number (`800 123-45-67`); fewer or more
    // starting with 7 or 8 carry the country or trunk prefix (`8 916...` as it is typed).
    let hasPrefix = hasPlus || ((first == "7" || first == "8") && digits.count != 10)
    let national = hasPrefix ? digits.dropFirst() : digits[...]
    return (false, national)
  }

  /// `+7 (XXX) XXX-XX-XX`, cut after the last digit given.
  private static func russian(_ digits: [Character]) -> String {
    let groups: [(prefix: String, range: Range<Int>)] = [
      (" (", 0..<3), (") ", 3..<6), ("-", 6..<8), ("-", 8..<10),
    ]
    var result = "+7"
    for group in groups where digits.count > group.range.lowerBound {
      let end = min(group.range.upperBound, digits.count)
      result += group.prefix + String(digits[group.range.lowerBound..<end])
    }
    return result
  }
}

/// The phone field's input mask: formats a phone number while it is being typed.
///
/// Russian numbers become `+7 (916) 123-45-67` as far as they are typed; a number written with
/// `+` (other than `+7`), `00` or `810` is international and becomes `+` and its digits with the
/// country code apart (`+44 2079460958`). Without `+`, exactly 10 digits are the national number
/// whatever they start with (`8001234567`); a leading `7` or `8` of 11 or more digits is the
/// country or trunk prefix, and of fewer (a number being typed) when the next digit can start a
/// Russian code (`8 916…`, but `812…` is St Petersburg's code), as ``PhoneNumber`` reads them; `0`, `8` and `81` stay as typed until the next digit tells a prefix from a number.
/// Digits of other scripts (`٩`, `９`) count as their ASCII digits, other characters are
/// dropped. Every digit is kept (digits past a complete number are the phone rule's error, not
/// lost), and no separator is added after the last digit, so deleting from the end always
/// removes a digit. Formatting formatted text changes nothing.
///
/// ```swift
/// PhoneMask.format("9161")                // "+7 (916) 1"
/// PhoneMask.format("89161234567")         // "+7 (916) 123-45-67"
/// PhoneMask.format("0044 20 7946 0958")   // "+44 2079460958"
/// PhoneMask.format("8001234567")          // "+7 (800) 123-45-67"
/// ```
public enum PhoneMask {
  /// The text to show for `text` as typed.
  public static func format(_ text: String) -> String {
    let trimmed = text.trimmingWhitespace().withASCIIDigits()
    let hasPlus = trimmed.first == "+"
    switch PhoneDigits(trimmed.filter(\.isASCIIDigit), hasPlus: hasPlus) {
    case .none: return hasPlus ? "+" : ""
    case .undecided(let digits): return String(digits)
    case .russian(let national): return russian(national)
    case .international(let digits): return international(digits)
    }
  }

  // MARK: - Private

  /// `+7 (XXX) XXX-XX-XX`, cut after the last digit given; digits past the tenth stay in the
  /// last group.
  private static func russian(_ national: Substring) -> String {
    let digits = Array(national)
    let groups: [(prefix: String, range: Range<Int>)] = [
      (" (", 0..<3), (") ", 3..<6), ("-", 6..<8), ("-", 8..<max(10, digits.count)),
    ]
    var result = "+7"
    for group in groups where digits.count > group.range.lowerBound {
      let end = min(group.range.upperBound, digits.count)
      result += group.prefix + String(digits[group.range.lowerBound..<end])
    }
    return result
  }

  private static func international(_ digits: Substring) -> String {
    guard let country = PhoneNumbering.country(of: digits), digits.count > country.code.count
    else { return "+" + digits }
    return "+" + country.code + " " + digits.dropFirst(country.code.count)
  }
}

/// How the digits of a phone number as written read: the one place the mask and the phone rule
/// tell a Russian number from an international one.
enum PhoneDigits {
  /// No digits.
  case none
  /// `0`, `8` or `81` without `+`: a prefix (`00`, `8 9…`, `810`) or a number, not known yet.
  case undecided(Substring)
  /// A `+7` number: its digits after the country or trunk prefix.
  case russian(Substring)
  /// An international number: its digits after `+`, `00` or `810`, country code first.
  case international(Substring)

  /// Reads `digits` (ASCII), written after a `+` when `hasPlus`.
  init(_ digits: String, hasPlus: Bool) {
    let all = digits[...]
    guard let first = all.first else {
      self = .none
      return
    }
    if hasPlus {
      self = first == "7" ? .russian(all.dropFirst()) : .international(all)
    } else if all.hasPrefix("00") {
      self = .international(all.dropFirst(2))
    } else if all.hasPrefix("810") {
      self = .international(all.dropFirst(3))
    } else if all == "0" || all == "8" || all == "81" {
      self = .undecided(all)
    } else if first == "7" || first == "8", all.count != 10,
      all.count > 10 || all.dropFirst().first.map(PhoneNumber.canStartRussianCode) ?? true
    {
      self = .russian(all.dropFirst())
    } else {
      self = .russian(all)
    }
  }
}

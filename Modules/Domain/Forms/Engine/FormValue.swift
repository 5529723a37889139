import Foundation

/// A field's value as the form engine sees it: typed input, or a computed result.
public enum FormValue: Hashable, Sendable {
  /// Nothing typed, or a computation that failed.
  case empty
  /// Text.
  case text(String)
  /// A number (prices are whole numbers; formatting as money is the presentation's job).
  case number(Double)
  /// Yes or no.
  case bool(Bool)

  /// The longest text an expression may give (SPEC section 6): a longer one is a
  /// ``FormEvaluationError/textTooLong(limit:)`` on its field.
  public static let maximumComputedTextLength = 10_000

  /// Whether `text` has more than `limit` characters, counted only when its bytes could be
  /// more (a character is at least one byte).
  static func isLonger(_ text: String, than limit: Int) -> Bool {
    text.utf8.count > limit && text.count > limit
  }

  /// The value as plain text: `""`, the text, `"300850"` or `"12.5"`, `"true"`/`"false"`.
  public var displayText: String {
    switch self {
    case .empty: return ""
    case .text(let text): return text
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number):
      if number.rounded() == number, abs(number) < 1e15 {
        return String(Int64(number))
      }
      return String(number)
    }
  }

  /// The number, when the value is one.
  public var number: Double? {
    if case .number(let number) = self { return number }
    return nil
  }

  /// The value of text typed into a field of `inputType`: a number for `numeric`, a flag for
  /// `bool` (`true`/`false`), else the text; `""` is ``empty``; unreadable input stays text.
  public init(typed text: String, as inputType: InputType) {
    if text.isEmpty {
      self = .empty
      return
    }
    switch inputType {
    case .numeric:
      if let number = Double(text), number.isFinite {
        self = .number(number)
        return
      }
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(
        of: ",", with: ".")
      if trimmed.isEmpty {
        self = .empty
      } else if let number = Double(trimmed), number.isFinite {
        self = .number(number)
      } else {
        self = .text(text)
      }
    case .bool:
      switch text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
      case "true": self = .bool(true)
      case "false": self = .bool(false)
      default: self = .text(text)
      }
    default:
      self = .text(text)
    }
  }
}

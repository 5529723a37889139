import Foundation

/// JSON text written directly, as ``JSONCoding/encoder()`` writes it, for the files written most
/// often: `JSONEncoder`'s first use in a process (its generic containers, the date format
/// style) costs more than the whole write.
enum JSONText {
  /// A JSON value to write with ``pretty(_:)``.
  indirect enum Value {
    case string(String)
    case int(Int)
    /// Members in any order: written with sorted keys.
    case object([(key: String, value: Value)])
    case array([Value])
  }

  /// `value` as ``JSONCoding/encoder()`` writes it: pretty printed with two spaces, keys sorted,
  /// `"key" : value`, no newline at the end.
  static func pretty(_ value: Value) -> String {
    var text = ""
    write(value, indent: "", to: &text)
    return text
  }

  private static func write(_ value: Value, indent: String, to text: inout String) {
    switch value {
    case .string(let string): text += quoted(string)
    case .int(let number): text += String(number)
    case .object(let members):
      let inner = indent + "  "
      text += "{\n"
      for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
        if index > 0 { text += ",\n" }
        text += inner + quoted(member.key) + " : "
        write(member.value, indent: inner, to: &text)
      }
      text += "\n" + indent + "}"
    case .array(let elements):
      let inner = indent + "  "
      text += "[\n"
      for (index, element) in elements.enumerated() {
        if index > 0 { text += ",\n" }
        text += inner
        write(element, indent: inner, to: &text)
      }
      text += "\n" + indent + "]"
    }
  }

  /// `text` as a JSON string literal, escaped as `JSONEncoder` escapes it (quotes, backslashes
  /// and control characters; slashes and non-ASCII text kept as they are).
  static func quoted(_ text: String) -> String {
    var result = "\""
    result.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case "\u{00}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// `date` in ISO 8601 with milliseconds, UTC (`2026-05-01T12:00:00.250Z`), as
  /// `Date.ISO8601FormatStyle(includingFractionalSeconds: true)` writes it; `nil` outside the
  /// years 1 to 9999.
  static func date(_ date: Date) -> String? {
    let seconds = date.timeIntervalSince1970
    guard seconds.isFinite, seconds > -62_135_596_800, seconds < 253_402_300_800 else {
      return nil
    }
    // The milliseconds cut, not rounded, as Foundation writes them (from the whole seconds and
    // the exact fraction: `seconds * 1000` would round up a fraction just below a millisecond).
    let whole = seconds.rounded(.down)
    let milliseconds = Int64(whole) * 1_000 + Int64(((seconds - whole) * 1_000).rounded(.down))
    let (days, dayMilliseconds) = floorDivision(milliseconds, 86_400_000)
    let (year, month, day) = civil(fromDays: days)
    let time = Int(dayMilliseconds)
    return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T"
      + padded(time / 3_600_000, 2) + ":" + padded(time / 60_000 % 60, 2) + ":"
      + padded(time / 1_000 % 60, 2) + "." + padded(time % 1_000, 3) + "Z"
  }

  private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let remainder = value % divisor
    return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
  }

  /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
  private static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (Int(year), Int(month), Int(day))
  }

  private static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    guard digits.count < width else { return digits }
    return String(repeating: "0", count: width - digits.count) + digits
  }
}

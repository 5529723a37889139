/// The date fields' input mask: formats a `dd.MM.yyyy` date while it is being typed.
///
/// Digits are grouped as day, month and year with dots between them, each dot added only once
/// a digit follows it (so deleting from the end always removes a digit). A separator typed after
/// a one-digit day or month (`.`, `/`, `-`, `,` or a space) completes it with a leading zero
/// (`"1.9.2027"` becomes `"01.09.2027"`). Other characters and digits beyond the year are
/// dropped. Text that starts like an ISO date (four digits and `-`) is left alone, since
/// `yyyy-MM-dd` is accepted too. Digits of other scripts (`١٥`, `１５`) count as their ASCII
/// digits. Formatting formatted text changes nothing.
///
/// ```swift
/// DateMask.format("19092027")    // "19.09.2027"
/// DateMask.format("1909")        // "19.09"
/// DateMask.format("2027-09-19")  // "2027-09-19"
/// ```
public enum DateMask {
  /// The text to show for `text` as typed.
  public static func format(_ typed: String) -> String { layout(typed).shown }

  /// The digits of `text` that ``format(_:)`` leaves out because the date is complete without
  /// them (after the fourth digit of the year), or `""`: a pasted date that is too long is not
  /// cut silently.
  ///
  /// ```swift
  /// DateMask.droppedDigits("15.03.19901")  // "1"
  /// DateMask.droppedDigits("15.03.1990")   // ""
  /// ```
  public static func droppedDigits(_ typed: String) -> String { layout(typed).dropped }

  // MARK: - Private

  private static func layout(_ typed: String) -> (shown: String, dropped: String) {
    let text = typed.withASCIIDigits()
    if looksLikeISO(text.trimmingWhitespace()) { return (text, "") }
    var groups: [String] = []
    var current = ""
    var dropped = ""
    for character in text {
      let limit = groups.count < 2 ? 2 : 4
      if character.isASCIIDigit {
        if current.count == limit {
          guard groups.count < 2 else {
            dropped.append(character)
            continue
          }
          groups.append(current)
          current = ""
        }
        current.append(character)
      } else if separators.contains(character), groups.count < 2, !current.isEmpty {
        groups.append(current.count == 1 ? "0" + current : current)
        current = ""
      }
    }
    if !current.isEmpty { groups.append(current) }
    return (groups.joined(separator: "."), dropped)
  }

  private static let separators: Set<Character> = [".", "/", "-", ",", " "]

  private static func looksLikeISO(_ text: String) -> Bool {
    let head = Array(text.prefix(5))
    return head.count == 5 && head[..<4].allSatisfy(\.isASCIIDigit) && head[4] == "-"
  }
}

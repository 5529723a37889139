/// A line being built from pieces, tracking its plain text (for widths) and its styled text.
struct StyledLine {
  /// The text without styles.
  private(set) var plain = ""
  /// The text with styles.
  private(set) var styled = ""

  /// The columns it takes.
  var width: Int { TextLayout.width(plain) }

  /// Appends `text`, styled by `style`.
  mutating func add(_ text: String, _ style: (String) -> String = { $0 }) {
    plain += text
    styled += style(text)
  }

  /// Appends spaces up to `columns`.
  mutating func pad(to columns: Int) {
    let missing = columns - width
    if missing > 0 { add(String(repeating: " ", count: missing)) }
  }

  /// A line with `left` and `right` at the ends of `columns` (right dropped when it does not fit).
  static func spread(
    _ left: StyledLine, _ right: StyledLine, columns: Int
  ) -> StyledLine {
    var line = left
    guard left.width + 1 + right.width <= columns else { return line }
    line.pad(to: columns - right.width)
    line.plain += right.plain
    line.styled += right.styled
    return line
  }
}

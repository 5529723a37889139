/// A line of line output: runs of text, each with the app's own style or none.
///
/// The text of a run is outside data until it is written: ``written`` neutralises every run
/// (``TerminalText/neutralized(_:keepingNewlines:)``; a newline in one becomes a space, so a
/// label cannot fake a second line) and adds only the escapes of the styles the runs carry.
/// That is the one place line output is made safe to print (SPEC section 8).
struct StyledLine: Equatable, Sendable {
  /// A piece of text and its style.
  struct Run: Equatable, Sendable {
    /// The text, as it came (neutralised when written).
    var text: String
    /// Its style, or `nil` for none.
    var style: Style.Code?
  }

  /// The runs, first to last.
  private(set) var runs: [Run] = []
  /// The text without styles, as it came (for widths).
  private(set) var plain = ""

  /// An empty line.
  init() {}

  /// A line of one run: `text` styled by `style`.
  init(_ text: String, _ style: Style.Code? = nil) {
    add(text, style)
  }

  /// The columns it takes when written (``TextLayout/width(_:)`` measures a character to be
  /// neutralised as what shows in its place).
  var width: Int { TextLayout.width(plain) }

  /// The line as the terminal gets it: every run neutralised, styled runs between their escape
  /// and a reset.
  var written: String {
    var result = ""
    for run in runs {
      let text = TerminalText.neutralized(run.text)
      guard let style = run.style, !text.isEmpty else {
        result += text
        continue
      }
      result += "\u{1B}[\(style.parameter)m" + text + "\u{1B}[0m"
    }
    return result
  }

  /// Appends `text`, styled by `style`.
  mutating func add(_ text: String, _ style: Style.Code? = nil) {
    guard !text.isEmpty else { return }
    plain += text
    runs.append(Run(text: text, style: style))
  }

  /// Appends the runs of `line`.
  mutating func add(_ line: StyledLine) {
    plain += line.plain
    runs += line.runs
  }

  /// Appends spaces up to `columns`.
  mutating func pad(to columns: Int) {
    let missing = columns - width
    if missing > 0 { add(String(repeating: " ", count: missing)) }
  }

  /// `lhs` followed by `rhs`.
  static func + (lhs: StyledLine, rhs: StyledLine) -> StyledLine {
    var line = lhs
    line.add(rhs)
    return line
  }

  /// A line with `left` and `right` at the ends of `columns` (right dropped when it does not fit).
  static func spread(
    _ left: StyledLine, _ right: StyledLine, columns: Int
  ) -> StyledLine {
    var line = left
    guard left.width + 1 + right.width <= columns else { return line }
    line.pad(to: columns - right.width)
    line.add(right)
    return line
  }
}

extension [StyledLine] {
  /// The lines as the terminal gets them (``StyledLine/written``), one per line.
  var written: String { map(\.written).joined(separator: "\n") }
}

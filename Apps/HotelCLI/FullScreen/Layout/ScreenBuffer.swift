/// The screen as last written, and the bytes that bring the terminal to a new frame: only the lines
/// that changed are written (each behind a cursor move, cleared to its end), then the cursor is
/// placed or hidden.
///
/// After ``invalidate()`` (a resize, a resume) the next frame clears the screen and writes every
/// line.
struct ScreenBuffer {
  /// Where the cursor goes after a frame (row and column from 0), or `nil` to hide it.
  struct Cursor: Hashable, Sendable {
    /// The row, from 0.
    var row: Int
    /// The column, from 0.
    var column: Int
  }

  /// The lines the terminal shows (compared as lines: only a changed one is rendered); `nil`
  /// for a row it may show anything on.
  private var lines: [Line?] = []
  private var cursor: Cursor?
  private var cursorShown: Bool?
  private var isValid = false
  /// Whether colour sequences are written.
  let color: Bool

  /// Whether a form's colours are written in 24-bit (`COLORTERM` says so), not as the nearest
  /// of 256.
  let trueColor: Bool

  /// A buffer for a terminal that shows colour when `color` (24-bit when `trueColor`).
  init(color: Bool, trueColor: Bool = false) {
    self.color = color
    self.trueColor = trueColor
  }

  /// Forgets what the terminal shows: the next frame is written whole.
  mutating func invalidate() {
    isValid = false
    cursorShown = nil
  }

  /// The bytes that turn the terminal's screen into `frame` (one ``Line`` per row, each no
  /// wider than the terminal) with the cursor at `cursor`; empty when nothing changed.
  mutating func update(_ frame: [Line], cursor newCursor: Cursor?) -> String {
    var output = ""
    if !isValid {
      output += "\u{1B}[0m\u{1B}[H\u{1B}[2J"
      lines = Array(repeating: Line(), count: frame.count)
      isValid = true
    }
    if lines.count != frame.count {
      // Rows the terminal may show anything on: written whatever they hold.
      lines += Array(repeating: nil, count: max(0, frame.count - lines.count))
      lines = Array(lines.prefix(frame.count))
    }
    for (row, line) in frame.enumerated() where lines[row] != line {
      let rendered = line.rendered(color: color, trueColor: trueColor)
      // A line drawn differently but to the same bytes (an empty span) is not written again.
      if rendered != lines[row]?.rendered(color: color, trueColor: trueColor) {
        output += "\u{1B}[\(row + 1);1H" + rendered + "\u{1B}[K"
      }
      lines[row] = line
    }
    let show = newCursor != nil
    if show != cursorShown || (show && (!output.isEmpty || newCursor != cursor)) {
      if let newCursor {
        output += "\u{1B}[\(newCursor.row + 1);\(newCursor.column + 1)H"
        if cursorShown != true { output += "\u{1B}[?25h" }
      } else {
        output += "\u{1B}[?25l"
      }
      cursorShown = show
    }
    cursor = newCursor
    return output
  }
}

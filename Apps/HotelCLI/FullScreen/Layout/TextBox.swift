/// A text of several lines laid out in a box of a given width: its line breaks kept, a line
/// wider than the box wrapped, at most ``maximumRows`` rows shown, scrolled so that the cursor
/// stays in view (a `long_string` field: the box grows to five lines, then scrolls).
struct TextBox: Equatable, Sendable {
  /// The most rows a box shows.
  static let maximumRows = 5

  /// The rows shown, top to bottom (at least one).
  private(set) var rows: [String]
  /// Where the cursor is among ``rows`` (row, column), when one was given.
  private(set) var cursor: (row: Int, column: Int)?
  /// Whether rows are hidden above the first shown, or below the last.
  private(set) var hidesAbove = false
  private(set) var hidesBelow = false

  /// Lays out `characters` in `width` columns, with the cursor before character `cursor` (or
  /// at the end when it is `characters.count`); `nil`: no cursor, the first rows shown.
  init(_ characters: [Character], cursor: Int?, width: Int) {
    let width = max(width, 1)
    var all: [String] = []
    var row = ""
    var rowWidth = 0
    var at: (row: Int, column: Int)?
    for (index, character) in characters.enumerated() {
      if character == "\n" {
        if index == cursor { at = (all.count, rowWidth) }
        all.append(row)
        (row, rowWidth) = ("", 0)
        continue
      }
      let characterWidth = TextLayout.width(of: character)
      if rowWidth > 0, rowWidth + characterWidth > width {
        all.append(row)
        (row, rowWidth) = ("", 0)
      }
      if index == cursor { at = (all.count, rowWidth) }
      row.append(character)
      rowWidth += characterWidth
    }
    if cursor == characters.count { at = (all.count, rowWidth) }
    all.append(row)
    var top = 0
    if all.count > Self.maximumRows {
      let last = all.count - Self.maximumRows
      top = at.map { min(max(0, $0.row - Self.maximumRows + 1), last) } ?? 0
    }
    let end = min(all.count, top + Self.maximumRows)
    rows = Array(all[top..<end])
    hidesAbove = top > 0
    hidesBelow = end < all.count
    self.cursor = at.map { ($0.row - top, $0.column) }
  }

  static func == (lhs: TextBox, rhs: TextBox) -> Bool {
    lhs.rows == rhs.rows && lhs.cursor?.row == rhs.cursor?.row
      && lhs.cursor?.column == rhs.cursor?.column && lhs.hidesAbove == rhs.hidesAbove
      && lhs.hidesBelow == rhs.hidesBelow
  }
}

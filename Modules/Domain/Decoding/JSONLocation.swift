/// A place in a JSON text as an editor shows it: a line and a column, both from 1.
///
/// A line ends at `\n`, `\r\n` or a lone `\r`. The column counts Unicode code points from the
/// line's start (a tab, and each letter of `ё` or `😀`, counts as one), which is the column
/// Emacs, Vim's `virtcol` with a tab stop of 1, and `grep -n` users expect; `offset` is the byte.
public struct JSONLocation: Hashable, Sendable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// The column in code points, from 1.
  public var column: Int
  /// The byte offset in the text, from 0.
  public var offset: Int

  /// Creates a location.
  public init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  /// `LINE:COLUMN`, as compilers print it after the file name.
  public var description: String { "\(line):\(column)" }
}

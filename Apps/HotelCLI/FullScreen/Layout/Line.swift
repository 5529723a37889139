/// One line of the screen: runs of text, each with a ``TextStyle``.
///
/// Every text put into a frame goes through ``add(_:_:)``, which neutralises it
/// (``TerminalText/neutralized(_:keepingNewlines:)``): the one place the full-screen app makes text
/// from the API, files and users safe for the terminal.
struct Line: Hashable, Sendable {
  /// A run of text in one style.
  struct Span: Hashable, Sendable {
    /// The text.
    var text: String
    /// Its style.
    var style: TextStyle
  }

  /// The runs, left to right.
  private(set) var spans: [Span] = []
  /// The columns the line takes.
  private(set) var width = 0

  /// An empty line.
  init() {}

  /// A line of `text` in `style`.
  init(_ text: String, _ style: TextStyle = .plain) {
    add(text, style)
  }

  /// Appends `text` in `style`, neutralised.
  mutating func add(_ text: String, _ style: TextStyle = .plain) {
    guard !text.isEmpty else { return }
    let text = TerminalText.neutralized(text)
    width += TextLayout.width(text)
    if let last = spans.last, last.style == style {
      spans[spans.count - 1].text += text
    } else {
      spans.append(Span(text: text, style: style))
    }
  }

  /// Appends `line`.
  mutating func add(_ line: Line) {
    for span in line.spans { add(span.text, span.style) }
  }

  /// Appends spaces up to `columns`.
  mutating func pad(to columns: Int, _ style: TextStyle = .plain) {
    if columns > width { add(String(repeating: " ", count: columns - width), style) }
  }

  /// Applies `change` to the style of every run (the focus highlight of a whole line).
  func restyled(_ change: (inout TextStyle) -> Void) -> Line {
    var line = Line()
    for span in spans {
      var style = span.style
      change(&style)
      line.add(span.text, style)
    }
    return line
  }

  /// The first `columns` columns (a wide character that would straddle the edge is left out).
  func prefix(columns: Int) -> Line {
    guard width > columns else { return self }
    var line = Line()
    for span in spans {
      let room = columns - line.width
      guard room > 0 else { break }
      if TextLayout.width(span.text) <= room {
        line.add(span.text, span.style)
        continue
      }
      var end = span.text.startIndex
      var used = 0
      for index in span.text.indices {
        let characterWidth = TextLayout.width(of: span.text[index])
        if used + characterWidth > room { break }
        used += characterWidth
        end = span.text.index(after: index)
      }
      line.add(String(span.text[..<end]), span.style)
      break
    }
    return line
  }

  /// The columns from `start` on (a wide character cut in two becomes a space).
  func dropping(columns start: Int) -> Line {
    var line = Line()
    var column = 0
    for span in spans {
      // Whole runs before `start` are skipped, whole runs after it kept, without looking at
      // their characters.
      let spanWidth = TextLayout.width(span.text)
      if column + spanWidth <= start {
        column += spanWidth
        continue
      }
      if column >= start {
        line.add(span.text, span.style)
        column += spanWidth
        continue
      }
      var text = ""
      for character in span.text {
        let characterWidth = TextLayout.width(of: character)
        defer { column += characterWidth }
        if column >= start {
          text.append(character)
        } else if column + characterWidth > start {
          text += String(repeating: " ", count: column + characterWidth - start)
        }
      }
      line.add(text, span.style)
    }
    return line
  }

  /// This line with `overlay` drawn over it from column `start` (a popup over the screen).
  func overlaid(_ overlay: Line, at start: Int) -> Line {
    var result = prefix(columns: start)
    result.pad(to: start)
    result.add(overlay)
    result.add(dropping(columns: start + overlay.width))
    return result
  }

  /// The text without styles.
  var plainText: String { spans.map(\.text).joined() }

  /// The line as terminal output: each run behind its SGR sequence, styles reset at the end.
  func rendered(color: Bool, trueColor: Bool = false) -> String {
    var output = ""
    var current = TextStyle.plain
    for span in spans {
      if span.style != current {
        output += span.style.sequence(color: color, trueColor: trueColor)
        current = span.style
      }
      output += span.text
    }
    if current != .plain { output += "\u{1B}[0m" }
    return output
  }
}

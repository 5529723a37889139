/// One line of text being edited as in a shell: a cursor, insertion, Backspace and Delete, ← / →,
/// Home / End (Ctrl-A / Ctrl-E), Ctrl-U (to the start), Ctrl-K (to the end), Ctrl-W (the word
/// before the cursor) and Ctrl-Delete (the word after it).
///
/// An editor that ``keepsLineBreaks`` (a text of several lines) takes Enter as a line break, and
/// keeps those of a paste.
struct LineEditor: Equatable, Sendable {
  /// The text, as characters.
  private(set) var characters: [Character]
  /// The cursor, 0...characters.count (before that character).
  private(set) var cursor: Int
  /// Whether Enter adds a line (a `long_string` field's box).
  let keepsLineBreaks: Bool

  /// An editor holding `text`, the cursor at its end.
  init(_ text: String = "", keepsLineBreaks: Bool = false) {
    characters = Array(text)
    cursor = characters.count
    self.keepsLineBreaks = keepsLineBreaks
  }

  /// The text.
  var text: String { String(characters) }

  /// The columns before the cursor.
  var cursorColumn: Int { TextLayout.width(String(characters[..<cursor])) }

  /// What a key did to the line.
  enum Outcome: Equatable, Sendable {
    /// The text changed.
    case edited
    /// Only the cursor moved.
    case moved
    /// The key is not an editing key.
    case ignored
  }

  /// Applies `key`.
  @discardableResult
  mutating func handle(_ key: Key) -> Outcome {
    switch key {
    case .text(let text): return insert(text)
    case .enter where keepsLineBreaks: return insert("\n")
    case .paste(let text) where keepsLineBreaks:
      return insert(String(text.map { $0.isNewline ? "\n" : $0 == "\t" ? " " : $0 }))
    case .paste(let text):
      return insert(String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 }))
    case .backspace:
      guard cursor > 0 else { return .moved }
      characters.remove(at: cursor - 1)
      cursor -= 1
      return .edited
    case .delete, .control("d"):
      guard cursor < characters.count else { return .moved }
      characters.remove(at: cursor)
      return .edited
    case .left, .control("b"):
      cursor = max(0, cursor - 1)
      return .moved
    case .right, .control("f"):
      cursor = min(characters.count, cursor + 1)
      return .moved
    case .home, .control("a"):
      cursor = 0
      return .moved
    case .end, .control("e"):
      cursor = characters.count
      return .moved
    case .control("u"):
      guard cursor > 0 else { return .moved }
      characters.removeFirst(cursor)
      cursor = 0
      return .edited
    case .control("k"):
      guard cursor < characters.count else { return .moved }
      characters.removeLast(characters.count - cursor)
      return .edited
    case .alt(.text("b")), .ctrl(.left), .alt(.left):
      cursor = wordStart(before: cursor)
      return .moved
    case .alt(.text("f")), .ctrl(.right), .alt(.right):
      cursor = wordEnd(after: cursor)
      return .moved
    case .ctrl(.delete):
      // The word after the cursor (xterm's `ESC [ 3 ; 5 ~`, rxvt's `ESC [ 3 ^`), as Ctrl-W
      // deletes the one before.
      let end = wordEnd(after: cursor)
      guard end > cursor else { return .moved }
      characters.removeSubrange(cursor..<end)
      return .edited
    case .control("w"), .alt(.backspace):
      let start = wordStart(before: cursor)
      guard start < cursor else { return .moved }
      characters.removeSubrange(start..<cursor)
      cursor = start
      return .edited
    default:
      return .ignored
    }
  }

  /// Inserts `text` at the cursor (control characters left out).
  mutating func insert(_ text: String) -> Outcome {
    let clean = text.filter { character in
      (keepsLineBreaks && character == "\n")
        || !character.unicodeScalars.contains { TerminalText.needsNeutralizing($0) }
    }
    guard !clean.isEmpty else { return .moved }
    // Joined as text, not as characters: what is typed may join the character before it into
    // one grapheme cluster (a skin tone after 👍, an accent after e, the second half of a
    // flag), or the one after it, and the editor moves and deletes by cluster.
    let before = String(characters[..<cursor]) + clean
    let text = before + String(characters[cursor...])
    let boundary = text.utf8.index(text.startIndex, offsetBy: before.utf8.count)
    characters = Array(text)
    var index = text.startIndex
    cursor = 0
    while index < boundary {
      cursor += 1
      index = text.index(after: index)
    }
    return .edited
  }

  /// Replaces the text with `text` as the field now shows it (a mask added or removed
  /// characters), keeping the cursor as far from the end as it was.
  mutating func adopt(_ text: String) {
    guard text != self.text else { return }
    let fromEnd = characters.count - cursor
    characters = Array(text)
    cursor = max(0, characters.count - fromEnd)
  }

  private func wordEnd(after position: Int) -> Int {
    var end = position
    while end < characters.count, characters[end] == " " { end += 1 }
    while end < characters.count, characters[end] != " " { end += 1 }
    return end
  }

  private func wordStart(before position: Int) -> Int {
    var start = position
    while start > 0, characters[start - 1] == " " { start -= 1 }
    while start > 0, characters[start - 1] != " " { start -= 1 }
    return start
  }

  /// Replaces the text, the cursor at its end.
  mutating func reset(_ text: String) {
    characters = Array(text)
    cursor = characters.count
  }
}

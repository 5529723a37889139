/// The `:` command line: a ``LineEditor`` with history (↑ / ↓) and Tab completion of the
/// script language's commands and of the IDs on the screen.
struct CommandPrompt: Equatable, Sendable {
  /// The line being typed.
  private(set) var editor = LineEditor()
  /// The lines run before, oldest first (at most ``historyLimit``).
  private(set) var history: [String] = []
  private var historyIndex: Int?
  private var draft = ""

  /// How many lines the history keeps.
  static let historyLimit = 200

  /// Starts a new line (the history stays).
  mutating func open() {
    editor = LineEditor()
    historyIndex = nil
    draft = ""
  }

  /// Adds a line that was run to the history (not twice in a row).
  mutating func remember(_ line: String) {
    guard !line.allSatisfy(\.isWhitespace), history.last != line else { return }
    history.append(line)
    if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
  }

  /// ↑: the previous line of the history.
  mutating func previous() {
    guard !history.isEmpty else { return }
    if historyIndex == nil { draft = editor.text }
    let index = max(0, (historyIndex ?? history.count) - 1)
    historyIndex = index
    editor.reset(history[index])
  }

  /// ↓: the next line of the history, then the line typed before browsing.
  mutating func following() {
    guard let index = historyIndex else { return }
    if index + 1 < history.count {
      historyIndex = index + 1
      editor.reset(history[index + 1])
    } else {
      historyIndex = nil
      editor.reset(draft)
    }
  }

  /// Applies an editing key.
  @discardableResult
  mutating func edit(_ key: Key) -> LineEditor.Outcome { editor.handle(key) }

  /// Tab: completes the word before the cursor from the commands and `ids`; returns the
  /// candidates when there are several (the line takes their common start).
  mutating func complete(ids: [String]) -> [String] {
    let text = String(editor.text.prefix(editor.cursor))
    let rest = String(editor.text.dropFirst(editor.cursor))
    let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let partial = text.hasSuffix(" ") || text.isEmpty ? "" : (words.last ?? "")
    let before = partial.isEmpty ? words : Array(words.dropLast())
    let candidates = Self.candidates(after: before, ids: ids).filter { $0.hasPrefix(partial) }
    guard !candidates.isEmpty else { return [] }
    let common = candidates.dropFirst().reduce(candidates[0]) { common, next in
      String(zip(common, next).prefix { $0 == $1 }.map(\.0))
    }
    let head = String(text.dropLast(partial.count))
    let completed = candidates.count == 1 ? common + " " : common
    editor.reset(head + completed + rest)
    for _ in 0..<rest.count { editor.handle(.left) }
    return candidates.count == 1 ? [] : candidates
  }

  /// What can follow `words` in the script language.
  static func candidates(after words: [String], ids: [String]) -> [String] {
    switch words.count {
    case 0:
      return ScriptParser.commandNames
    case 1:
      switch words[0] {
      case "tap", "type": return ids
      case "expect": return ScriptParser.expectationNames
      default: return []
      }
    case 2 where words[0] == "expect":
      switch words[1] {
      case "screen": return ScriptParser.screenNames
      case "error", "valid", "value", "enabled", "disabled": return ids
      default: return []
      }
    default:
      return []
    }
  }
}

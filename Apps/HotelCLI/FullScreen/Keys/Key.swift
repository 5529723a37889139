/// One key (or a paste) as the full-screen app receives it, decoded from the bytes a terminal
/// sends (``KeyDecoder``).
enum Key: Hashable, Sendable {
  /// Printable text: one typed character, or several when a terminal without bracketed paste
  /// delivers a paste at once.
  case text(String)
  /// A bracketed paste (`ESC [ 200 ~` ... `ESC [ 201 ~`), control characters left in.
  case paste(String)
  /// Return or Enter.
  case enter
  /// Tab.
  case tab
  /// Shift-Tab (`ESC [ Z`).
  case backTab
  /// Escape on its own.
  case escape
  /// Backspace (DEL or BS).
  case backspace
  /// Delete (`ESC [ 3 ~`).
  case delete
  /// Insert (`ESC [ 2 ~`).
  case insert
  /// ↑.
  case up
  /// ↓.
  case down
  /// ←.
  case left
  /// →.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// F1...F20 (F13 to F20 as the VT220 numbers them, `ESC [ 25 ~` to `ESC [ 34 ~`).
  case function(Int)
  /// Ctrl and a letter: the letter in lower case (`"c"` for Ctrl-C).
  case control(Character)
  /// A key with Alt (Meta) held (`ESC [ 1 ; 3 B` or `ESC` before the key).
  indirect case alt(Key)
  /// A key with Shift held, where the terminal says so (`ESC [ 5 ; 2 ~`).
  indirect case shift(Key)
  /// A key with Ctrl held, where the terminal says so (`ESC [ 1 ; 5 A`).
  indirect case ctrl(Key)
}

extension Key {
  /// The key as the keys overlay and the status line name it (`F5`, `Alt-x`, `Ctrl-T`,
  /// `Shift-PgUp`), in either language.
  var name: String {
    switch self {
    case .text(let text): text
    case .paste: "Paste"
    case .enter: "Enter"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .escape: "Esc"
    case .backspace: "Backspace"
    case .delete: "Delete"
    case .insert: "Insert"
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .function(let number): "F\(number)"
    case .control(let letter): "Ctrl-" + letter.uppercased()
    case .alt(let key): "Alt-" + key.name
    case .shift(let key): "Shift-" + key.name
    case .ctrl(let key): "Ctrl-" + key.name
    }
  }

  /// Whether the app has a use for the key anywhere outside its popups and the command line (a
  /// field's editing keys, the focus, the screens, the popups' openers): one that has none (F5,
  /// Insert, Alt-x, Ctrl-T, Shift-↑) is named on the status line when pressed, rather than doing
  /// nothing without a word.
  ///
  /// The quit, suspend and redraw keys never get here.
  var isBoundOutsidePopups: Bool {
    switch self {
    case .text, .paste, .enter, .tab, .backTab, .escape, .backspace, .delete, .up, .down,
      .left, .right, .home, .end, .pageUp, .pageDown:
      true
    case .function(let number): [1, 2, 4].contains(number)
    case .control(let letter): "abdefkuw".contains(letter)
    case .alt(let key): [.down, .left, .right, .backspace, .text("b"), .text("f")].contains(key)
    case .ctrl(let key): [.delete, .left, .right].contains(key)
    case .insert, .shift: false
    }
  }
}

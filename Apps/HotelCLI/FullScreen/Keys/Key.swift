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
  /// F1...F12.
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

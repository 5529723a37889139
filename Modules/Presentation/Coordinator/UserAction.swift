/// What a user (or a script, or a UI test) does, addressed by accessibility IDs.
///
/// The script language of SPEC section 5 maps one to one: `tap ID`, `type ID TEXT`, `next`,
/// `back`.
public enum UserAction: Hashable, Sendable {
  /// Presses a button, toggles a collapsible section, or focuses a field.
  case tap(String)
  /// Focuses the field and replaces its text with the text (`""` clears it).
  case type(String, String)
  /// The Return key: focus moves to the next field in screen order; on the last it ends
  /// editing.
  case next
  /// Goes back one screen.
  case back
}

/// What a view shows of one field instance, read from a ``FormState`` with a single lookup
/// (``FormState/display(_:)``): a screen that rebuilds every field's model on each keystroke
/// asks once per field instead of once per property.
public struct FormFieldDisplay: Sendable {
  /// The schema's definition of the field (label, input type, rules).
  public var definition: FormField
  /// The text: as typed for an input, the value's text for a computed field.
  public var text: String
  /// The value: a computed result, or the typed text read as its input type.
  public var value: FormValue
  /// Whether the field is shown (see ``FormState/isVisible(_:)``).
  public var isVisible: Bool
  /// Whether the field can be edited (see ``FormState/isEnabled(_:)``).
  public var isEnabled: Bool

  /// Whether a person can edit the field now: shown (no `visible_if` hides it) and not locked (no
  /// `enabled_if` does).
  ///
  /// Typing and the focus go only to such a field.
  public var isEditable: Bool { isVisible && isEnabled }
}

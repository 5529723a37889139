import Domain

/// A text field as a view shows it: everything a SwiftUI `TextField`, a UIKit cell or the terminal
/// renderer needs.
///
/// Its ``path`` is what the Booking screen's intents and bindings take (`$model[text: field.path]`,
/// `model.focusedField = field.path`).
public struct FieldModel: Hashable, Sendable, Identifiable {
  /// The field's path in the form (`tourist.1.firstName`).
  public var path: FieldPath {
    didSet { id = ElementHandle.id(of: path) }
  }
  /// The accessibility ID (`booking.tourist.1.firstName`), made from ``path``; also what
  /// scripts `type` into.
  public private(set) var id: String
  /// The label above the field.
  public var label: String
  /// The hint shown while the field is empty.
  public var placeholder: String
  /// The text shown (as typed, after masking).
  public var value: String
  /// The message of the problem shown under the field, or `nil`.
  public var error: String?
  /// Whether the field was checked and is valid (a view may show a check mark).
  public var isValid: Bool
  /// Whether the field can be edited.
  public var isEnabled: Bool
  /// Whether the field has the focus.
  public var isFocused: Bool
  /// The keyboard the field wants.
  public var keyboard: FieldKeyboard
  /// Whether the value is being updated: a field computed by the server while its request is
  /// waiting or in flight, and the fields computed from it (the total) meanwhile.
  ///
  /// A view shows progress; the value shown is the last one known.
  public var isInProgress: Bool
  /// A retry for a server calculation that failed (`booking.price.discount.retry`, action
  /// ``ButtonAction/retryCalculation(_:)``), or `nil`.
  public var retry: ButtonModel?
  /// Whether a bool field (``keyboard`` `.toggle`) is on; `false` for any other field.
  ///
  /// What a view draws a switch from (``value`` is its localised text, "Yes" or "Да"); the binding
  /// is `$model[isOn: field.path]`.
  public var isOn: Bool
  /// Whether the field holds personal data by its rules (a phone or a passport number,
  /// whatever its ID): outside the form being filled it is shown as ``maskedValue``.
  public var isPersonal: Bool
  /// How the field looks, as the form's schema styles it (``Domain/FormStyle``: font, size,
  /// colours; `.plain` when it does not).
  ///
  /// A SwiftUI view maps each part in a line.
  public var style: FormStyle = .plain

  /// The value as shown outside the form being filled (SPEC section 8): `•••• 4567` for
  /// personal data, ``value`` otherwise.
  public var maskedValue: String { masked(value) }

  /// `text`, a value of this field, as shown outside the form: masked when the field holds
  /// personal data (an expected value in a failure line).
  public func masked(_ text: String) -> String {
    isPersonal && !text.isEmpty ? PersonalData.masked(text) : text
  }

  /// Refuses an edit (a tap, typed text) while the field cannot be edited.
  /// - Throws: ``ActionError/readOnly(_:)``.
  public func checkEditable() throws(ActionError) {
    guard isEnabled else { throw .readOnly(id) }
  }

  /// Creates a field model.
  public init(
    path: FieldPath, label: String, placeholder: String = "", value: String = "",
    error: String? = nil, isValid: Bool = false, isEnabled: Bool = true,
    isFocused: Bool = false, keyboard: FieldKeyboard = .text, isInProgress: Bool = false,
    retry: ButtonModel? = nil, isOn: Bool = false, isPersonal: Bool = false,
    style: FormStyle = .plain
  ) {
    self.init(
      path: path, id: ElementHandle.id(of: path), label: label, placeholder: placeholder,
      value: value, error: error, isValid: isValid, isEnabled: isEnabled, isFocused: isFocused,
      keyboard: keyboard, isInProgress: isInProgress, retry: retry, isOn: isOn,
      isPersonal: isPersonal, style: style)
  }

  /// A field model whose ID was made from `path` before (the Booking cache keeps it).
  init(
    path: FieldPath, id: String, label: String, placeholder: String, value: String,
    error: String?, isValid: Bool, isEnabled: Bool, isFocused: Bool, keyboard: FieldKeyboard,
    isInProgress: Bool, retry: ButtonModel?, isOn: Bool, isPersonal: Bool,
    style: FormStyle = .plain
  ) {
    self.style = style
    self.path = path
    self.id = id
    self.label = label
    self.placeholder = placeholder
    self.value = value
    self.error = error
    self.isValid = isValid
    self.isEnabled = isEnabled
    self.isFocused = isFocused
    self.keyboard = keyboard
    self.isInProgress = isInProgress
    self.retry = retry
    self.isOn = isOn
    self.isPersonal = isPersonal
  }
}

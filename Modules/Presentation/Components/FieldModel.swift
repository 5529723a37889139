/// A text field as a view shows it: everything a SwiftUI `TextField`, a UIKit cell or the
/// terminal renderer needs.
public struct FieldModel: Hashable, Sendable, Identifiable {
  /// The accessibility ID (`booking.tourist.1.firstName`), also what scripts `type` into.
  public var id: String
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
  /// waiting or in flight, and the fields computed from it (the total) meanwhile. A view shows
  /// progress; the value shown is the last one known.
  public var isInProgress: Bool
  /// A retry for a server calculation that failed (`booking.price.discount.retry`), or `nil`.
  public var retry: ButtonModel?

  /// Creates a field model.
  public init(
    id: String, label: String, placeholder: String = "", value: String = "",
    error: String? = nil, isValid: Bool = false, isEnabled: Bool = true,
    isFocused: Bool = false, keyboard: FieldKeyboard = .text, isInProgress: Bool = false,
    retry: ButtonModel? = nil
  ) {
    self.isInProgress = isInProgress
    self.retry = retry
    self.id = id
    self.label = label
    self.placeholder = placeholder
    self.value = value
    self.error = error
    self.isValid = isValid
    self.isEnabled = isEnabled
    self.isFocused = isFocused
    self.keyboard = keyboard
  }
}

/// The kind of keyboard a text field wants.
public enum FieldKeyboard: String, Hashable, Sendable {
  /// Any text, on one line.
  case text
  /// A text of several lines (`long_string`), edited as a text view: Return adds a line.
  case multiline
  /// A phone number.
  case phone
  /// An e-mail address.
  case email
  /// Digits (dates are typed as digits and masked).
  case number
  /// A date typed as digits, masked as `dd.MM.yyyy`.
  case date
  /// A switch (a bool field): tapping it turns it on or off (``BookingViewModel/fieldToggled(_:)``).
  case toggle
}

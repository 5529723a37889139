/// Why an action on an element could not be performed (the screen is unchanged): the one
/// set of refusals every host gets, worded by ``Localizer/actionError(_:on:)``.
public enum ActionError: Error, Hashable, Sendable {
  /// No element with this ID on the current screen; `available` lists the IDs there are.
  case unknownElement(String, available: [String])
  /// The button exists but is disabled.
  case disabled(String)
  /// The field exists but cannot be edited now (computed, locked by a rule).
  case readOnly(String)
  /// `type` into something that is not a text field.
  case notAField(String)
  /// A button inside a collapsed section (it is not shown; expand the section first).
  case insideCollapsedSection(String)
  /// `back` on a screen with nothing to go back to (Hotel, Paid).
  case cannotGoBack(ScreenKind)
  /// An edit of the booking (a field, or `back`) while an order submitted from it has no known
  /// outcome (``BookingViewModel/isPaymentPending``): the form is held until the server
  /// answers; worded as ``Toast/paymentBeingChecked``.
  case paymentPending(String)
}

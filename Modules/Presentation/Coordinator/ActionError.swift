/// Why a ``UserAction`` could not be performed (the screen is unchanged).
public enum ActionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No element with this ID on the current screen; `available` lists the IDs there are.
  case unknownElement(String, available: [String])
  /// The element exists but is disabled.
  case disabled(String)
  /// `type` into something that is not a text field.
  case notAField(String)
  /// A button inside a collapsed section (it is not shown; expand the section first).
  case insideCollapsedSection(String)
  /// `back` on a screen with nothing to go back to (Hotel, Paid).
  case cannotGoBack(ScreenKind)
  /// An edit of the booking (a field, or `back`) while an order submitted from it has no known
  /// outcome (``BookingViewModel/isPaymentPending``): the form is held until the server
  /// answers; ``Localizer/toast(_:)`` words the reason (``Toast/paymentBeingChecked``).
  case paymentPending(String)

  /// One readable line.
  public var description: String {
    switch self {
    case .unknownElement(let id, let available):
      "no element '\(id)' on this screen; available: \(available.joined(separator: ", "))"
    case .disabled(let id): "'\(id)' is disabled"
    case .insideCollapsedSection(let id):
      "'\(id)' is inside a collapsed section; tap the section first"
    case .notAField(let id): "'\(id)' is not a text field"
    case .cannotGoBack(let screen): "cannot go back from the \(screen.rawValue) screen"
    case .paymentPending(let id): "'\(id)' cannot change while the payment is being checked"
    }
  }
}

import Domain
import UseCases

/// A short message about what just happened; it goes away with the next intent.
public enum Toast: Hashable, Sendable {
  /// Pay found invalid fields.
  case correctHighlightedFields
  /// The server refused the order; the form is free, and the next Pay is a new order.
  case paymentFailed(APIError)
  /// The order's answer was lost (a timeout, a dropped connection): the server may hold it.
  /// The form stays held; Pay asks about the same order again.
  case paymentNotConfirmed(APIError)
  /// An edit was refused: an order submitted from the form has no known outcome yet, so the
  /// form is held until the server answers.
  case paymentBeingChecked
  /// The order was accepted but could not be saved on this device.
  case orderNotSaved
  /// The form (a server's schema) lacks a field an order needs (the path named).
  case formCannotPlaceOrder(String)
  /// Pay refused: the tour's first day is today or earlier.
  case tourStarted(CalendarDate)
  /// Digits typed or pasted into a date beyond its year (`dd.MM.yyyy`) were left out (these).
  case dateDigitsDropped(String)
  /// Text typed or pasted into a field beyond its longest (the number of characters kept)
  /// was left out.
  case textCut(Int)
  /// Pay was tapped while the server was still calculating a price line: the total to pay is
  /// not known yet, so nothing is submitted (tap Pay again once it shows).
  case priceUpdating
  /// Pay was tapped while the form's total (a server's `price.total`) cannot be calculated
  /// (why, when known): no order is placed for an amount the screen never showed.
  case totalNotCalculated(FormEvaluationError?)
  /// Pay was tapped while the total to pay is not a payable amount
  /// (``Domain/Money/isPayable``: not positive, or beyond the money range): nothing is
  /// submitted.
  case totalNotPayable(Money)
}

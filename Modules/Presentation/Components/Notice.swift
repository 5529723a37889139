import Domain

/// A lasting message about the data on a screen.
public enum Notice: Hashable, Sendable {
  /// The server could not be reached; the screen shows its saved copy.
  case showingSavedData
  /// The booking in progress was restored from the draft.
  case restoredDraft
  /// The tour's first day is today or earlier: it cannot be booked (SPEC section 4).
  case tourStarted(CalendarDate)
  /// Another session holds this booking (SPEC section 5.4): changes here are not saved as the
  /// draft.
  case draftHeldElsewhere
  /// The server's booking form could not be used, so the built-in form is shown; the text
  /// names the problem and the fields (in the screen's language where the app words it).
  case formSchemaRefused(String)
  /// An order was submitted and its outcome is not known yet (its answer was lost, or the
  /// draft held it): the form is held, and Pay asks the server about it again.
  case checkingPayment
  /// The room being booked is no longer offered (Rooms, after Booking found it gone).
  case roomUnavailable
  /// The booking (restored, or carried from another room) had more tourists than the offer
  /// now takes: the tourists `removed` (ordinals, from `maximum + 1`) are gone from the form.
  case touristsRemoved(maximum: Int, removed: ClosedRange<Int>)
}

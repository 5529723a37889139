import Domain

/// Why a server calculation gave no value.
public enum RemoteCalculationError: Error, Hashable, Sendable {
  /// The server refused the inputs (a 4xx answer); the message, in the request's language, is
  /// shown as it is ("This promo code is not valid") on the input `field` names (the answer's
  /// `"field"`), or, when it names none, on the input a person typed (SPEC section 6).
  case refused(String, field: FieldPath? = nil)
  /// The request failed (no connection, a timeout, an answer that is not the contract's); the
  /// field shows the problem and offers a retry.
  case failed(APIError)
}

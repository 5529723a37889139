import Domain
import UseCases

/// What was typed into the booking form, kept when going back to choose another room, saved in
/// the draft and restored on the next start.
public struct BookingInput: Hashable, Sendable {
  /// What a person put into one input field: text as shown, or a switch set on or off.
  public enum Value: Hashable, Sendable {
    /// The text, as shown (masked).
    case text(String)
    /// A bool field's switch.
    case isOn(Bool)
  }

  /// Every non-empty input field by path (`tourist.2.firstName`).
  public var fields: [FieldPath: Value]
  /// How many tourist sections the form shows.
  public var touristCount: Int
  /// The order submitted whose outcome is not known yet: it holds the form, and Pay (or the
  /// next start) asks the server about it again.
  public var pendingOrder: PendingOrder?
  /// The key of an order an older version submitted without keeping its request
  /// (``UseCases/BookingDraft/pendingIdempotencyKey``): the next Pay sends it, once.
  public var pendingIdempotencyKey: String?

  /// Creates an input.
  public init(
    fields: [FieldPath: Value] = [:], touristCount: Int = 1, pendingOrder: PendingOrder? = nil,
    pendingIdempotencyKey: String? = nil
  ) {
    self.fields = fields
    self.touristCount = touristCount
    self.pendingOrder = pendingOrder
    self.pendingIdempotencyKey = pendingIdempotencyKey
  }
}

extension BookingInput.Value {
  /// The form engine's text for it (a switch is `true` / `false`, as the draft file keeps it).
  var engineText: String {
    switch self {
    case .text(let text): text
    case .isOn(let isOn): isOn ? "true" : "false"
    }
  }

  /// The value a field of `inputType` holds as `text` (the engine's text, the draft's).
  init(engineText text: String, inputType: InputType?) {
    self = inputType == .bool ? .isOn(text == "true") : .text(text)
  }
}

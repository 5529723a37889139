import UseCases

/// What was typed into the booking form, kept when going back to choose another room, saved in
/// the draft and restored on the next start.
public struct BookingInput: Hashable, Sendable {
  /// The text of every non-empty input field by path (`tourist.2.firstName`), as shown.
  public var fields: [String: String]
  /// How many tourist sections the form shows.
  public var touristCount: Int
  /// The order submitted whose outcome is not known yet: it holds the form, and Pay (or the
  /// next start) asks the server about it again.
  public var pendingOrder: PendingOrder?

  /// Creates an input.
  public init(
    fields: [String: String] = [:], touristCount: Int = 1, pendingOrder: PendingOrder? = nil
  ) {
    self.fields = fields
    self.touristCount = touristCount
    self.pendingOrder = pendingOrder
  }
}

/// A button (or a section toggle) as a view shows it.
public struct ButtonModel: Hashable, Sendable, Identifiable {
  /// The accessibility ID (`booking.pay`), also what scripts `tap`.
  public var id: String
  /// The button's text.
  public var title: String
  /// Whether tapping does anything.
  public var isEnabled: Bool
  /// Whether the button's action is in progress (a spinner on Pay).
  public var isInProgress: Bool

  /// Creates a button.
  public init(id: String, title: String, isEnabled: Bool = true, isInProgress: Bool = false) {
    self.id = id
    self.title = title
    self.isEnabled = isEnabled
    self.isInProgress = isInProgress
  }
}

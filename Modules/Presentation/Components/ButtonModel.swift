/// A button (or a section toggle) as a view shows it.
public struct ButtonModel: Hashable, Sendable, Identifiable {
  /// What the button does: pass it to `perform(_:)` of the screen's view model (or of the
  /// coordinator).
  public var action: ButtonAction {
    didSet { id = ElementHandle.id(of: action) }
  }
  /// The accessibility ID (`booking.pay`), made from ``action``; also what scripts `tap`.
  public private(set) var id: String
  /// The button's text.
  public var title: String
  /// Whether tapping does anything.
  public var isEnabled: Bool
  /// Whether the button's action is in progress (a spinner on Pay).
  public var isInProgress: Bool

  /// Creates a button that performs `action`.
  public init(
    action: ButtonAction, title: String, isEnabled: Bool = true, isInProgress: Bool = false
  ) {
    self.action = action
    self.id = ElementHandle.id(of: action)
    self.title = title
    self.isEnabled = isEnabled
    self.isInProgress = isInProgress
  }
}

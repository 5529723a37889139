import Presentation

/// What the script runner needs from the flow: the current screen and the user's actions.
///
/// The live driver adapts the Presentation coordinator; tests use a small fake. Every action
/// returns once the flow is quiescent (pending loads finished).
@MainActor
protocol FlowDriver: AnyObject {
  /// The current screen, as Presentation's public component models.
  var snapshot: ScreenSnapshot { get }
  /// Waits until pending work (loads, submissions) has finished.
  func settle() async
  /// Presses a button, a carousel control or a section toggle, or focuses a field; returns why
  /// it could not, or `nil`.
  func tap(_ id: String) async -> String?
  /// Focuses a field and replaces its text; returns why it could not, or `nil`.
  func type(_ id: String, _ text: String) async -> String?
  /// Return: focuses the next field.
  /// Brings the element `id` into view when the screen has it off what it shows (a room off
  /// the shown page of a long catalogue), before it is looked up.
  func bringIntoView(_ id: String)
  /// IDs the screen has off what it shows that are close to `id`, for a "did you mean" hint.
  func similarIDs(to id: String) -> [String]
  func next() async
  /// Goes back one screen; `false` when there is none.
  func back() async -> Bool
  /// Writes the draft to disk (before the process exits).
  func flush() async
  /// Why the shown screen refuses every edit and `back` now (an order's payment being
  /// checked), in the flow's words; `nil` when it does not.
  var editRefusal: String? { get }
}

extension FlowDriver {
  var editRefusal: String? { nil }
  func bringIntoView(_ id: String) {}
  func similarIDs(to id: String) -> [String] { [] }
}

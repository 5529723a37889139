import Domain

/// What the coordinator needs from every screen's view model: a snapshot, its status, the
/// typed intents, and quiescence.
@MainActor protocol ScreenModel: AnyObject {
  /// Which screen.
  var kind: ScreenKind { get }
  /// The current state for renderers and scripts.
  var snapshot: ScreenSnapshot { get }
  /// Loading, progress, failure, notices, toast.
  var status: ScreenStatus { get }
  /// The field at `path` as the snapshot would show it, or `nil`; a screen with many fields
  /// answers without building the whole snapshot (a keystroke's path).
  func fieldModel(_ path: FieldPath) -> FieldModel?
  /// Performs what a button of this screen does.
  func perform(_ action: ButtonAction)
  /// A field was focused (`nil`: editing ended).
  func fieldFocused(_ path: FieldPath?)
  /// The text of the field at `path` was replaced with `text`.
  func fieldChanged(_ path: FieldPath, to text: String)
  /// The bool field at `path` was tapped: it switches on or off.
  func fieldToggled(_ path: FieldPath)
  /// The Return key.
  /// Shows the part of the screen that holds `handle`'s element, when the screen has it but
  /// does not show it now (a room off the shown page of a long catalogue).
  func bringIntoView(_ handle: ElementHandle)
  /// IDs of elements this screen has, shown or not, that are close to `handle`'s (which it
  /// does not have), for a "did you mean" hint beyond what is shown (rooms off the page).
  func similarIDs(to handle: ElementHandle) -> [String]
  func nextTapped()
  /// Waits for the screen's loads and submissions in flight.
  func settle() async
  /// Whether nothing is in flight.
  var isIdle: Bool { get }
  /// Shows a lasting notice (the coordinator's "Restored your unfinished booking").
  func show(_ notice: Notice)
  /// Removes a notice (the restored-draft notice goes with the first intent after it).
  func hide(_ notice: Notice)
}

extension ScreenModel {
  /// Screens without fields have none.
  func fieldModel(_ path: FieldPath) -> FieldModel? { nil }
  func bringIntoView(_ handle: ElementHandle) {}
  func similarIDs(to handle: ElementHandle) -> [String] { [] }
  func fieldFocused(_ path: FieldPath?) {}
  func fieldChanged(_ path: FieldPath, to text: String) {}
  func fieldToggled(_ path: FieldPath) {}
  func nextTapped() {}
}

/// What the coordinator needs from every screen's view model: a snapshot, element intents by
/// ID, and quiescence. The IDs are checked against the snapshot before they reach the screen.
@MainActor protocol ScreenModel: AnyObject {
  /// Which screen.
  var kind: ScreenKind { get }
  /// The current state for renderers and scripts.
  var snapshot: ScreenSnapshot { get }
  /// The field with accessibility ID `id` as the snapshot would show it, or `nil`; a screen
  /// with many fields answers without building the whole snapshot (a keystroke's path).
  func field(id: String) -> FieldModel?
  /// A button or section toggle with `id` (present and enabled) was tapped.
  func tapped(_ id: String)
  /// A field with `id` (present and enabled) was focused (`nil`: editing ended).
  func focused(_ id: String?)
  /// The focused field's text was replaced with `text`.
  func typed(_ text: String, into id: String)
  /// A bool field with `id` (present and enabled) was tapped: it switches on or off.
  func toggled(_ id: String)
  /// The Return key.
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
  /// Looks the field up in the snapshot.
  func field(id: String) -> FieldModel? { snapshot.field(id) }

  /// Screens without bool fields ignore it.
  func toggled(_ id: String) {}
}

import Domain
import Presentation

/// The keys that act on the flow (``FullScreenFeature/Effect/act(_:)``): run on the view models
/// through the ``PresentationAdapter``, whose answer (a refusal, the focus it moved) goes back
/// into the state.
extension FullScreenApp {
  private static let deletionKeys: Set<Key> = [.backspace, .delete, .control("d")]

  /// The element the focus is on, in the last frame.
  var focusedAnchor: BodyLayout.Anchor? {
    frame?.anchors.first { $0.id == state.focus.element }
  }

  /// Return in the field `id`: the view model moves its focus on; when it does not (the last
  /// field), the app's focus goes on to the next element.
  func returnFrom(_ id: String) async {
    recorder?.next(from: id)
    let before = state.focus.model
    await perform(.next)
    let after = adapter.focus
    recorder?.focusIs(after)
    if after == nil || after == before, let anchors = frame?.anchors,
      let index = anchors.firstIndex(where: { $0.id == id }), index + 1 < anchors.count
    {
      state.focus.element = anchors[index + 1].id
    }
  }

  /// Presses the button (or toggles the section) `id` by the typed handle `action` it carries
  /// (its ID is only what the recording says); after a tourist was removed, the focus goes where
  /// Booking says (``BookingViewModel/focusAfterRemovingTourist(at:)``), if that is drawn.
  func press(_ action: ButtonAction, id: String) async {
    let problem = await performRecorded("tap \(id)", .press(action))
    recorder?.focusIs(adapter.focus)
    guard problem == nil, case .removeTourist(let ordinal) = action,
      let target = adapter.focusAfterRemovingTourist(at: ordinal)?.accessibilityID,
      compose().anchors.contains(where: { $0.id == target })
    else { return }
    state.focus.element = target
  }

  /// Performs `action`, a key's, and records it as `line`; one that failed (Esc on the first
  /// screen, Enter on a disabled button) changed nothing and is recorded as a comment, as a failed
  /// `:` line is, so the recording still replays to the end.
  ///
  /// Returns the refusal, if any.
  @discardableResult
  func performRecorded(
    _ line: String, _ action: PresentationAdapter.Action
  ) async -> String? {
    let problem = await perform(action)
    recorder?.record(problem == nil ? line : ScriptRecorder.failedStep(line))
    return problem
  }

  /// The focused field's editor holds `text`, edited by `key`: it goes into the field.
  ///
  /// A deletion that took only the mask's formatting (the "-" of a phone number, the "." of a
  /// date) left the value as it was, and the next digit typed pushed one out: the character beyond
  /// it goes too, as in any masked field.
  func type(_ text: String, into id: String, by key: Key) async {
    let before = focusedAnchor.flatMap { anchor -> String? in
      if case .field(let field) = anchor.kind, field.id == id { field.value } else { nil }
    }
    await type(text, into: id)
    var deletions = 0
    while Self.deletionKeys.contains(key), deletions < 3, let before,
      adapter.value(of: id) == before, var again = state.focus.editing, again.id == id,
      again.editor.handle(key) == .edited
    {
      state.focus.editing = again
      deletions += 1
      await type(again.editor.text, into: id)
    }
  }

  private func type(_ text: String, into id: String) async {
    await perform(.type(id, text), quietly: false)
    // The field's text as shown (masked: what was typed into a date or phone field that the
    // mask left out is not written), which a replay types to the same end.
    recorder?.typed(id, adapter.value(of: id) ?? text)
  }

  /// The calendar picked `date`: it goes into the field, which is checked at once.
  func pick(_ date: CalendarDate, into id: String) async {
    let text = date.dottedString
    recorder?.typed(id, text)
    recorder?.flush()
    await perform(.type(id, text))
    adapter.endEditing()
    await perform(.tap(id), quietly: true)
    state.focus.editing = .init(id: id, editor: LineEditor(text))
  }

  /// Performs `action`.
  ///
  /// A person's action (not `quietly`, which is the focus moving onto a field) replaces what the
  /// status line said about the last one: the refusal, if any, which it returns.
  @discardableResult
  func perform(
    _ action: PresentationAdapter.Action, quietly: Bool = false
  ) async -> String? {
    let problem = await adapter.perform(action)
    guard !quietly else { return problem }
    if let problem {
      state.status.said = .error(problem)
    } else if state.status.said != .none {
      state.status.said = .none
    }
    return problem
  }
}

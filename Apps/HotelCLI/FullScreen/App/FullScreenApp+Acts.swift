import Domain
import Presentation

/// The keys that act on the flow (``FullScreenFeature/Effect/act(_:)``): run on the view models
/// through the ``PresentationAdapter``, whose answer (a refusal, the focus it moved) goes back
/// into the state.
extension FullScreenApp {
  /// The keys that delete a character in a field.
  private static let deletionKeys: Set<Key> = [.backspace, .delete, .control("d")]

  /// The element the focus is on, in the last frame.
  var focusedAnchor: BodyLayout.Anchor? {
    frame?.anchors.first { $0.id == state.focus.element }
  }

  /// Acts with `key` on the focused element.
  func act(_ key: Key) async {
    let anchor = focusedAnchor
    var field: FieldModel?
    if case .field(let focusedField)? = anchor?.kind { field = focusedField }
    switch key {
    case .pageDown: await page(by: 1)
    case .pageUp: await page(by: -1)
    case .escape: await performRecorded("back", .back)
    case .function(4), .alt(.down):
      if let field, field.editing == .date, let rule = adapter.dateRule(for: field.id) {
        state.overlay = .calendar(
          CalendarPopup(fieldID: field.id, selected: adapter.date(of: field.id), rule: rule))
      }
    case .enter:
      await activate(anchor, by: key)
    case .text(" "):
      if let field, field.editing == .toggle {
        await performRecorded("tap \(field.id)", .tap(field.id))
      } else {
        await activate(anchor, by: key)
      }
    default:
      if let anchor, let sibling = steppingSibling(of: anchor, for: key) {
        await activate(sibling)
      } else if case .text = key {
        await typeOutsideAField(key, on: anchor)
      }
    }
  }

  /// ← / → on a carousel's or the room pages' button: the button that steps the same way as the
  /// arrow (the previous photo or page, the next), as a carousel answers a swipe; the focus stays
  /// where it is.
  ///
  /// `nil` for any other key or element, or at the carousel's end.
  private func steppingSibling(of anchor: BodyLayout.Anchor, for key: Key) -> BodyLayout.Anchor? {
    guard key == .left || key == .right else { return nil }
    let step: PhotoStep = key == .left ? .previous : .next
    return frame?.anchors.first {
      Self.steps(anchor.kind, alike: $0.kind) && $0.kind.steppingDirection == step
    }
  }

  /// Whether two elements are buttons of the same carousel (or both the room pages' buttons).
  static func steps(_ one: BodyLayout.Anchor.Kind, alike other: BodyLayout.Anchor.Kind) -> Bool {
    switch (one, other) {
    case (.button(.photo(let first, _)), .button(.photo(let second, _))): first == second
    case (.button(.roomsPage), .button(.roomsPage)): true
    default: false
    }
  }

  /// Text typed where no field takes it.
  ///
  /// On an open section's title, whose next element is a text field (Tab from Email lands on "▾
  /// First tourist"), it goes into that field: the title only names the group the person is filling
  /// in. Anywhere else it is not typed, and the status line says so.
  private func typeOutsideAField(_ key: Key, on anchor: BodyLayout.Anchor?) async {
    if let anchor, case .section = anchor.kind, let anchors = frame?.anchors,
      let index = anchors.firstIndex(where: { $0.id == anchor.id }), index + 1 < anchors.count,
      case .field(let next) = anchors[index + 1].kind, next.isTyped
    {
      await setFocus(anchors[index + 1])
      render()
      await apply(key)
      return
    }
    state.status.said = .info(strings.typedOutsideAField)
  }

  /// Moves the focus to `anchor` (see ``FullScreenFeature/focus(_:_:)``).
  private func setFocus(_ anchor: BodyLayout.Anchor) async {
    await run(FullScreenFeature.focus(anchor, &state))
  }

  /// PgUp / PgDn: scrolls a page; the focus moves to the first element in view if it left it.
  private func page(by pages: Int) async {
    guard let frame else { return }
    state.viewport.scroll(pages: pages, height: frame.bodyHeight, total: frame.bodyLineCount)
    let footerButton = screen.footer?.button?.id
    let bodyAnchors = frame.anchors.filter { $0.id != footerButton }
    let viewport = state.viewport
    if let current = bodyAnchors.first(where: { $0.id == state.focus.element }),
      viewport.shows(first: current.firstLine, last: current.lastLine, height: frame.bodyHeight)
    {
      return
    }
    let visible = bodyAnchors.filter {
      viewport.shows(first: $0.firstLine, last: $0.lastLine, height: frame.bodyHeight)
    }
    if let target = pages > 0 ? visible.first : visible.last { await setFocus(target) }
  }

  /// Enter: presses the focused button or toggles the focused section; on a field, Return.
  ///
  /// A button is not pressed by an Enter or Space typed ahead (see ``applyTypeAhead()``): the
  /// status line says so and the keys after it are dropped.
  private func activate(_ anchor: BodyLayout.Anchor?, by key: Key? = nil) async {
    guard let anchor else { return }
    if state.typeAhead.isApplying, let key, case .button(let action) = anchor.kind {
      let title = screen.snapshot.button(action)?.title ?? ""
      let name = key == .enter ? "Enter" : "Space"
      state.status.said = .error(strings.typedAheadPressRefused(title, key: name))
      state.typeAhead.refused = true
      return
    }
    switch anchor.kind {
    case .field(let field):
      recorder?.next(from: field.id)
      let before = state.focus.model
      await perform(.next)
      let after = adapter.focus
      recorder?.focusIs(after)
      if after == nil || after == before {
        // The last field's Return ends editing: the focus goes on to the next element.
        if let anchors = frame?.anchors,
          let index = anchors.firstIndex(where: { $0.id == field.id }),
          index + 1 < anchors.count
        {
          state.focus.element = anchors[index + 1].id
        }
      }
    case .button(let action):
      // The typed handle the button carries; its ID is only what the recording says.
      let problem = await performRecorded("tap \(anchor.id)", .press(action))
      recorder?.focusIs(adapter.focus)
      if problem == nil, case .removeTourist(let ordinal) = action {
        focusAfterRemoving(touristAt: ordinal)
      }
    case .section(let handle):
      await performRecorded("tap \(anchor.id)", .press(.toggle(handle)))
      recorder?.focusIs(adapter.focus)
    }
  }

  /// After tourist `ordinal` was removed with Enter, the focus goes where Booking says
  /// (``BookingViewModel/focusAfterRemovingTourist(at:)``), if that is drawn.
  private func focusAfterRemoving(touristAt ordinal: Int) {
    guard let target = adapter.focusAfterRemovingTourist(at: ordinal)?.accessibilityID,
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
  private func performRecorded(
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

extension BodyLayout.Anchor.Kind {
  /// The way a carousel's or the room pages' button steps; `nil` for any other element.
  fileprivate var steppingDirection: PhotoStep? {
    switch self {
    case .button(.photo(_, let step)), .button(.roomsPage(let step)): step
    default: nil
    }
  }
}

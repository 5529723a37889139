import Domain
import Presentation

/// The full-screen app's reduce step: one event changes ``FullScreenState`` and returns the effects
/// the ``FullScreenApp`` runtime runs (on the flow, the terminal, the recording); no I/O here.
///
/// What the screen holds when the event comes (its elements, whether it loads, whether there is a
/// screen to go back to) is read into a ``Context`` by the runtime. What a key does to the flow's
/// view models (the focus moved into a field checks the field left, typed text, a press, back)
/// is an effect: the runtime performs it through the one action pipeline and reads the model's
/// answer.
@MainActor
struct FullScreenFeature {
  /// The app's own words.
  let strings: CLIStrings
  /// The values of `${NAME}` in `:` commands (`--var`, `HOTEL_VAR_NAME`).
  let variables: ScriptVariables

  /// What happens to the app.
  enum Event: Equatable {
    /// A key typed: it waits while the screen cannot take it (see ``mustWait(_:in:_:)``).
    case key(Key)
    /// A key applied now (a key typed ahead, once the screen is there).
    case apply(Key)
    /// The window's new size (`nil`: not known, kept as it was); the screen is written whole.
    case resized(FullScreenState.Size?)
    /// The flow's screen was read again (after a key, or when its watch said it changed).
    case screenChanged(from: ScreenSnapshot, to: ScreenSnapshot)
    /// The spinner's clock.
    case tick
    /// A line for standard error, said on the status line while the app has the terminal.
    case message(String)
    /// A `:` command finished with `result`; `isExpectation` when it was an `expect`.
    case commandFinished(StepResult, isExpectation: Bool)
    /// Ctrl-Z could not stop the process (no job control).
    case suspendRefused
    /// Standard input ended.
    case endOfInput
  }

  /// What the runtime does after an event.
  enum Effect: Equatable {
    /// Performs `action`, recorded as `line` (a failed one as a comment).
    case perform(PresentationAdapter.Action, recordedAs: String)
    /// Presses the button (or toggles the section) `id` that carries `action`.
    case press(ButtonAction, id: String)
    /// Return in the field `fieldID`: the view model moves its focus on, or the app's does.
    case returnFrom(String)
    /// Back one screen, the `count` keys typed ahead for the screen left dropped (and said).
    case goBackDroppingTypeAhead(count: Int)
    /// Each character of `text` is applied as a key of its own, until one opens an editor (`:`):
    /// the rest goes into it whole.
    case typeEach(String)
    /// The view model's focus goes to the field `fieldID` (the field left is checked), or leaves
    /// the fields (`nil`); its answer is read back.
    case focusModel(String?)
    /// The field `fieldID`'s editor now holds `text` (edited by `key`): it goes into the field.
    case type(String, fieldID: String, by: Key)
    /// The calendar picked `date` for the field `fieldID`.
    case pick(CalendarDate, fieldID: String)
    /// Runs `command`, typed as `text`, beside the loop (see ``Event/commandFinished(_:isExpectation:)``).
    case execute(ScriptCommand, text: String)
    /// Records the line `text` (a `:quit`).
    case record(String)
    /// Records where the view model's focus is (a new screen's).
    case recordFocus(String?)
    /// Stops the process (Ctrl-Z).
    case suspend
    /// Writes the whole screen again at the next frame.
    case redraw
  }

  /// What the screen holds when an event comes, read by the runtime.
  struct Context {
    /// Whether there is a screen to go back to.
    var canGoBack = false
    /// Whether the screen loads (its spinner turns).
    var isLoading = false
    /// The focusable elements of the last frame, in order.
    var elements: [BodyLayout.Anchor] = []
    /// How far the keys overlay scrolls (0: it fits).
    var helpScrollLimit = 0
    /// How many lines PgUp / PgDn scroll the keys overlay.
    var helpPage = 1
    /// How many body lines are in view.
    var bodyHeight = 0
    /// How many body lines there are.
    var bodyLineCount = 0
    /// The ID of the footer's button (Pay), which does not scroll.
    var footerButton: String?
    /// The title of the button that carries an action (what a refused press names).
    var buttonTitle: @MainActor (ButtonAction) -> String? = { _ in nil }
    /// The calendar of a date field, as its rule and its date are now; `nil` when it has none.
    var calendar: @MainActor (FieldModel) -> CalendarPopup? = { _ in nil }

    /// The element the focus of `state` is on.
    func focused(in state: FullScreenState) -> BodyLayout.Anchor? {
      elements.first { $0.id == state.focus.element }
    }

    /// The field the focus of `state` is on.
    func focusedField(in state: FullScreenState) -> FieldModel? {
      if case .field(let field)? = focused(in: state)?.kind { field } else { nil }
    }
  }

  /// Ctrl-C, and Ctrl-\ (in a shell: SIGQUIT): quit, the draft kept.
  static let quitKeys: Set<Key> = [.control("c"), .control("\\")]

  /// The keys that open the keys' overlay and the command line (`?`, `:` outside a text field).
  static let chromeKeys: Set<Key> = [.function(1), .function(2), .text("?"), .text(":")]

  /// Applies `event` to `state`; returns what the runtime does next, in order.
  func reduce(
    into state: inout FullScreenState, _ event: Event, _ context: Context
  ) -> [Effect] {
    switch event {
    case .key(let key):
      if key == .escape, !state.typeAhead.keys.isEmpty, !state.isRunningCommand,
        !state.isTooSmall, context.canGoBack
      {
        return [.goBackDroppingTypeAhead(count: state.typeAhead.keys.dropAll())]
      }
      if Self.mustWait(key, in: state, context) {
        state.typeAhead.keys.hold(key)
        return []
      }
      return apply(key, to: &state, context)
    case .apply(let key):
      return apply(key, to: &state, context)
    case .screenChanged(let previous, let snapshot):
      return follow(from: previous, to: snapshot, &state)
    case .resized(let size):
      if let size { state.size = size }
      return [.redraw]
    case .tick:
      state.status.spinner += 1
      return []
    case .message(let text):
      state.status.lastingProblem = text
      return []
    case .commandFinished(let result, let isExpectation):
      state.isRunningCommand = false
      switch result {
      case .failed(let message): state.status.said = .error(message)
      case .passed: state.status.said = isExpectation ? .info(strings.expectationHeld) : .none
      case .quit: state.hasQuit = true
      }
      return []
    case .suspendRefused:
      state.status.said = .info(strings.cannotSuspend)
      return []
    case .endOfInput:
      state.hasQuit = true
      return []
    }
  }

  /// Follows what changed on the flow's screen: a new screen starts at its top, with the view
  /// model's focus; a focus the view model moved (Pay, Return) is taken over; the calendar of a
  /// field that hid or locked meanwhile (a server's answer changed its condition) closes.
  private func follow(
    from previous: ScreenSnapshot, to snapshot: ScreenSnapshot, _ state: inout FullScreenState
  ) -> [Effect] {
    var effects: [Effect] = []
    if snapshot.screen != previous.screen || snapshot.title != previous.title {
      state.viewport = Viewport()
      state.focus.element = snapshot.focus
      state.focus.editing = nil
      if case .calendar = state.overlay { state.overlay = .none }
      effects.append(.recordFocus(snapshot.focus))
    }
    if snapshot.focus != state.focus.model {
      if let newFocus = snapshot.focus { state.focus.element = newFocus }
      state.focus.model = snapshot.focus
    }
    if case .calendar(let calendar) = state.overlay,
      snapshot.field(calendar.fieldID)?.isEnabled != true
    {
      state.overlay = .none
    }
    return effects
  }

  /// The focus falls on the first of a frame's `elements` when it has none, or its element went
  /// away: at a carousel's end (its button disabled) on the button that still steps, else on the
  /// element now where it was in the frame before (`previous`).
  ///
  /// Returns whether it moved (the frame is laid out again).
  static func keepFocus(
    _ state: inout FullScreenState, on elements: [BodyLayout.Anchor],
    was previous: [BodyLayout.Anchor]
  ) -> Bool {
    let focus = state.focus.element
    guard !elements.isEmpty, !elements.contains(where: { $0.id == focus }) else { return false }
    let previousIndex = previous.firstIndex { $0.id == focus }
    let stepper = previousIndex.flatMap { index in
      elements.first { steps(previous[index].kind, alike: $0.kind) }
    }
    state.focus.element =
      stepper?.id ?? elements[min(previousIndex ?? 0, elements.count - 1)].id
    return true
  }

  /// The focused field's editor follows the field as a frame's `elements` show it (typed
  /// elsewhere, picked, restored); it closes when the focus is on no text field.
  ///
  /// Returns whether it changed (the frame is laid out again).
  static func followFocusedField(
    _ state: inout FullScreenState, on elements: [BodyLayout.Anchor]
  ) -> Bool {
    if let element = elements.first(where: { $0.id == state.focus.element }),
      case .field(let field) = element.kind, field.isTyped
    {
      let value = field.shownValue
      if state.focus.editing?.id != field.id {
        state.focus.editing = .init(
          id: field.id, editor: LineEditor(value, keepsLineBreaks: field.editing == .multiline))
        return true
      }
      guard var current = state.focus.editing, current.editor.text != value else { return false }
      current.editor.adopt(value)
      state.focus.editing = current
      return true
    }
    // (Below the smallest size nothing is laid out: the editor, its cursor, is kept.)
    guard state.focus.editing != nil, !state.isTooSmall else { return false }
    state.focus.editing = nil
    return true
  }

  /// Whether `key` waits for the screen before it acts.
  ///
  /// While a `:` command runs, every key but Ctrl-C and Ctrl-\; while the window is below the
  /// smallest size (nothing but that is drawn), every key but those and Ctrl-Z and Ctrl-L, until
  /// it grows again (a resize storm while typing lost the characters typed in its small moments);
  /// while the screen loads (its spinner turns), the keys that act on it, so that they act on the
  /// screen once it has loaded, as a terminal's type-ahead does (vim's typeahead buffer,
  /// bubbletea's ordered key messages), instead of on an empty body that drops them. Esc (back:
  /// leaving a slow load, where there is a screen to go back to), `?` and `:` (when no key waits
  /// before them) and an open prompt, popup or the keys' overlay act at once.
  static func mustWait(_ key: Key, in state: FullScreenState, _ context: Context) -> Bool {
    if quitKeys.contains(key) { return false }
    if state.isRunningCommand { return true }
    if key == .control("z") || key == .control("l") { return false }
    if state.isTooSmall { return true }
    // Esc leaves a load by going back; where there is no screen before (Hotel), it leaves
    // nothing and waits in line like any key.
    if key == .escape, context.canGoBack { return false }
    if !state.typeAhead.keys.isEmpty { return true }
    guard state.overlay == .none, context.isLoading else { return false }
    // The keys' overlay and the command line open while it loads (a `:` command waits for
    // the load itself, as in a script).
    return !chromeKeys.contains(key) || takesText(state, context)
  }

  /// Whether a text key goes whole into an editor: the command line's, or the focused text
  /// field's.
  static func takesText(_ state: FullScreenState, _ context: Context) -> Bool {
    switch state.overlay {
    case .command: true
    case .none: context.focusedField(in: state)?.isTyped ?? false
    default: false
    }
  }

  // MARK: - Keys

  private func apply(
    _ key: Key, to state: inout FullScreenState, _ context: Context
  ) -> [Effect] {
    if Self.quitKeys.contains(key) {
      state.hasQuit = true
      return []
    }
    // Stopped on the signal's queue; `fg` (SIGCONT) sets up and redraws.
    if key == .control("z") { return [.suspend] }
    if key == .control("l") { return [.redraw] }
    // Text that arrived in one read (typed fast, a slow machine, a paste without bracketed
    // paste) is one key: outside a text field and the command line, each character is a key of
    // its own, so `:tap ID` opens the command line and types into it.
    if case .text(let text) = key, text.count > 1, !Self.takesText(state, context) {
      return [.typeEach(text)]
    }
    switch state.overlay {
    case .none:
      return normal(key, &state, context)
    case .command:
      return command(key, &state, context)
    case .calendar(var calendar):
      switch calendar.handle(key) {
      case .open:
        state.overlay = .calendar(calendar)
        return []
      case .closed:
        state.overlay = .none
        return []
      case .picked(let date):
        state.overlay = .none
        return [.pick(date, fieldID: calendar.fieldID)]
      }
    case .help(let top):
      // Taller than the window, it scrolls; any other key closes it.
      let limit = context.helpScrollLimit
      switch key {
      case .down: state.overlay = .help(top: min(limit, top + 1))
      case .up: state.overlay = .help(top: max(0, top - 1))
      case .pageDown: state.overlay = .help(top: min(limit, top + context.helpPage))
      case .pageUp: state.overlay = .help(top: max(0, top - context.helpPage))
      default: state.overlay = .none
      }
      return []
    }
  }

  /// A key with nothing open over the screen.
  private func normal(
    _ key: Key, _ state: inout FullScreenState, _ context: Context
  ) -> [Effect] {
    let field = context.focusedField(in: state)
    let isText = field?.isTyped ?? false
    if case .info = state.status.said { state.status.said = .none }
    switch key {
    case .function(1):
      state.overlay = .help(top: 0)
    case .function(2):
      openCommandLine(&state)
    case .enter where field?.editing != .multiline:
      return activate(context.focused(in: state), by: key, &state, context)
    case .tab, .down:
      return moveFocus(by: 1, &state, context)
    case .backTab, .up:
      return moveFocus(by: -1, &state, context)
    case .pageDown:
      return page(by: 1, &state, context)
    case .pageUp:
      return page(by: -1, &state, context)
    case .escape:
      return [.perform(.back, recordedAs: "back")]
    case .function(4), .alt(.down):
      if let field, field.editing == .date, let calendar = context.calendar(field) {
        state.overlay = .calendar(calendar)
      }
    case _ where !key.isBoundOutsidePopups:
      // (F5, Insert, Alt-x: also Esc and x typed in one go.) An error still showing stays: it
      // goes with an action on the flow.
      if case .error = state.status.said { return [] }
      state.status.said = .info(strings.keyDoesNothing(key.name, inTextField: isText))
    default:
      if isText, let field, var editing = state.focus.editing, editing.id == field.id {
        let outcome = editing.editor.handle(key)
        state.focus.editing = editing
        guard outcome == .edited else { return [] }
        return [.type(editing.editor.text, fieldID: field.id, by: key)]
      }
      if key == .text(":") {
        openCommandLine(&state)
      } else if key == .text("?") {
        state.overlay = .help(top: 0)
      } else if key == .text(" ") {
        if let field, field.editing == .toggle {
          return [.perform(.tap(field.id), recordedAs: "tap \(field.id)")]
        }
        return activate(context.focused(in: state), by: key, &state, context)
      } else if let element = context.focused(in: state),
        let sibling = Self.steppingSibling(of: element, for: key, in: context.elements)
      {
        return activate(sibling, by: nil, &state, context)
      } else if case .text = key {
        return typeOutsideAField(key, &state, context)
      }
    }
    return []
  }

  /// Text typed where no field takes it.
  ///
  /// On an open section's title, whose next element is a text field (Tab from Email lands on "▾
  /// First tourist"), it goes into that field: the title only names the group the person is filling
  /// in. Anywhere else it is not typed, and the status line says so.
  private func typeOutsideAField(
    _ key: Key, _ state: inout FullScreenState, _ context: Context
  ) -> [Effect] {
    let elements = context.elements
    guard let element = context.focused(in: state), case .section = element.kind,
      let index = elements.firstIndex(where: { $0.id == element.id }), index + 1 < elements.count,
      case .field(let next) = elements[index + 1].kind, next.isTyped
    else {
      state.status.said = .info(strings.typedOutsideAField)
      return []
    }
    let focusing = Self.focus(elements[index + 1], &state)
    state.focus.editing = .init(
      id: next.id,
      editor: LineEditor(next.shownValue, keepsLineBreaks: next.editing == .multiline))
    return focusing + apply(key, to: &state, context)
  }

  /// Tab, Shift-Tab, ↓, ↑: the next or previous element, without wrapping around.
  private func moveFocus(
    by step: Int, _ state: inout FullScreenState, _ context: Context
  ) -> [Effect] {
    let elements = context.elements
    guard !elements.isEmpty else { return [] }
    let index =
      elements.firstIndex { $0.id == state.focus.element } ?? (step > 0 ? -1 : elements.count)
    let target = elements[min(max(index + step, 0), elements.count - 1)]
    return Self.focus(target, &state)
  }

  /// Moves the focus to `element`: a field takes the view model's focus (the one left is
  /// checked); a button, a section or a switch ends editing (the field left is checked).
  static func focus(_ element: BodyLayout.Anchor, _ state: inout FullScreenState) -> [Effect] {
    guard element.id != state.focus.element else { return [] }
    state.focus.element = element.id
    if case .field(let field) = element.kind, field.editing != .toggle {
      return [.focusModel(field.id)]
    }
    return [.focusModel(nil)]
  }

  /// PgUp / PgDn: scrolls a page; the focus moves to the first element in view if it left it.
  private func page(
    by pages: Int, _ state: inout FullScreenState, _ context: Context
  ) -> [Effect] {
    let height = context.bodyHeight
    state.viewport.scroll(pages: pages, height: height, total: context.bodyLineCount)
    let body = context.elements.filter { $0.id != context.footerButton }
    let viewport = state.viewport
    if let current = body.first(where: { $0.id == state.focus.element }),
      viewport.shows(first: current.firstLine, last: current.lastLine, height: height)
    {
      return []
    }
    let visible = body.filter {
      viewport.shows(first: $0.firstLine, last: $0.lastLine, height: height)
    }
    guard let target = pages > 0 ? visible.first : visible.last else { return [] }
    return Self.focus(target, &state)
  }

  /// Enter (or Space): presses the focused button or toggles the focused section; on a field,
  /// Return.
  ///
  /// A button is not pressed by an Enter or Space typed ahead: the person has not seen what it
  /// would do (Pay, Choose); the status line says so and the keys after it are dropped.
  private func activate(
    _ element: BodyLayout.Anchor?, by key: Key?, _ state: inout FullScreenState,
    _ context: Context
  ) -> [Effect] {
    guard let element else { return [] }
    switch element.kind {
    case .button(let action):
      if state.typeAhead.isApplying, let key {
        let title = context.buttonTitle(action) ?? ""
        let name = key == .enter ? "Enter" : "Space"
        state.status.said = .error(strings.typedAheadPressRefused(title, key: name))
        state.typeAhead.refused = true
        return []
      }
      return [.press(action, id: element.id)]
    case .section(let handle):
      return [.press(.toggle(handle), id: element.id)]
    case .field(let field):
      return [.returnFrom(field.id)]
    }
  }

  /// ← / → on a carousel's or the room pages' button: the button that steps the same way as the
  /// arrow (the previous photo or page, the next), as a carousel answers a swipe; the focus stays
  /// where it is.
  ///
  /// `nil` for any other key or element, or at the carousel's end.
  static func steppingSibling(
    of element: BodyLayout.Anchor, for key: Key, in elements: [BodyLayout.Anchor]
  ) -> BodyLayout.Anchor? {
    guard key == .left || key == .right else { return nil }
    let step: PhotoStep = key == .left ? .previous : .next
    return elements.first {
      steps(element.kind, alike: $0.kind) && $0.kind.steppingDirection == step
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

  private func openCommandLine(_ state: inout FullScreenState) {
    state.commandLine.open()
    state.overlay = .command
    if case .info = state.status.said { state.status.said = .none }
  }

  private func command(
    _ key: Key, _ state: inout FullScreenState, _ context: Context
  ) -> [Effect] {
    switch key {
    case .escape:
      state.overlay = .none
    case .up:
      state.commandLine.previous()
    case .down:
      state.commandLine.following()
    case .tab:
      let candidates = state.commandLine.complete(ids: context.elements.map(\.id))
      if !candidates.isEmpty {
        state.status.said = .info(strings.candidates(candidates))
      } else if case .info = state.status.said {
        state.status.said = .none
      }
    case .enter:
      let text = state.commandLine.editor.text
      state.commandLine.remember(text)
      state.overlay = .none
      return run(text, &state)
    case .backspace where state.commandLine.editor.text.isEmpty:
      state.overlay = .none
    default:
      _ = state.commandLine.edit(key)
    }
    return []
  }

  /// Runs one line of the script language, as the line mode would; the screen stays.
  private func run(_ text: String, _ state: inout FullScreenState) -> [Effect] {
    let command: ScriptCommand?
    do {
      command = try ScriptParser.parse(
        line: text, number: 1, variables: variables, strings: strings)
    } catch {
      state.status.said = .error(strings.badCommand(error.problem))
      return []
    }
    switch command {
    case nil:
      return []
    case .quit:
      state.hasQuit = true
      return [.record(text)]
    case .help:
      state.overlay = .help(top: 0)
      return []
    case .show:
      return [.redraw]
    case let command?:
      // Run beside the loop, so the spinner turns while the command waits for the flow; keys
      // typed meanwhile wait for it.
      state.isRunningCommand = true
      return [.execute(command, text: text)]
    }
  }
}

extension BodyLayout.Anchor.Kind {
  fileprivate var steppingDirection: PhotoStep? {
    switch self {
    case .button(.photo(_, let step)), .button(.roomsPage(let step)): step
    default: nil
    }
  }
}

import Domain
import Presentation
import Synchronization

/// `hotel run` on a terminal (SPEC 5.1): the flow drawn full-screen and driven by keys.
///
/// One loop takes the events in order (keys, resizes, continuing after Ctrl-Z, the flow's
/// changes, the spinner's ticks), acts on the flow through the ``PresentationAdapter``, and
/// draws Presentation's snapshot (``ShownScreen``) as a frame of which only the changed lines
/// are written. What the app adds to the snapshot is its own small state: where its focus is
/// (a button can have it, not only a field), the field's editor, the popups, the scroll and
/// the status line's messages. The focus moves over every focusable element; a field keeps
/// the view model's focus (so leaving it checks it), a button or section takes it away. `:`
/// commands run through the script runner's ``StepExecutor``.
@MainActor
final class FullScreenApp {
  private let adapter: PresentationAdapter
  private let driver: any FlowDriver
  private let strings: CLIStrings
  /// The values of `${NAME}` in `:` commands (`--var`, `HOTEL_VAR_NAME`).
  private let variables: ScriptVariables
  private let recorder: KeyRecorder?
  /// Redraws Booking when the `--form` file is saved.
  private let formReload: FormFileReload?
  private let device: TerminalDevice
  private let input: TerminalInput
  private let write: (String) -> Void
  private var buffer: ScreenBuffer
  /// The body's layout, kept between frames (only what changed is laid out again).
  private let layoutCache = BodyLayout.Cache()
  private var size: (columns: Int, rows: Int)

  private var screen: ShownScreen
  private var frame: FrameComposer.Frame?
  private var viewport = Viewport()
  private var focus: String?
  private var modelFocus: String?
  private var editing: BodyLayout.Editing?
  private var mode = Mode.normal
  private var prompt = CommandPrompt()
  private var status = Status.none
  /// A problem of the environment (a draft that cannot be saved, a recording that stopped):
  /// said once, and its cause does not go away with a key, so it stays on the status line for
  /// the rest of the session, under what the last action said (see ``statusLine()``).
  private var lastingProblem: String?
  private var spinner = 0
  private var ticker: Task<Void, Never>?
  private var isRunningCommand = false
  /// Keys typed while a `:` command runs or a screen loads: applied in order once it is done,
  /// to the screen it left (see ``applyTypeAhead()``).
  private var typeAhead = TypeAhead()
  /// Set while held keys are applied: an Enter or Space among them presses no button.
  private var isApplyingTypeAhead = false
  /// Set when a held Enter or Space reached a button: the keys after it are dropped.
  private var typeAheadRefused = false
  private var exitCode: ExitCode?
  /// The latest watch of the flow (each ``refresh()`` starts one, which posts `.changed` with
  /// its number once): a change an older watch reports was read by a later refresh already.
  private var observation = 0
  /// Set while a key is handled (read by the flow's watch, on the thread that changed it).
  private let isHandlingKey = Flag()
  /// Whether the last event changed nothing drawn.
  private var isUpToDate = false

  /// Message lines while the app has the terminal (a store's problem, say): said on
  /// the status line, kept, and written to standard error once the terminal is given back
  /// (also on a stop signal's way out).
  private final class DivertedErrors: Sendable {
    private let input: TerminalInput
    private let lines = Mutex<[String]>([])
    private let exitHook = Mutex<Int?>(nil)
    /// The lines ``stop()`` wrote to standard error.
    private let written = Mutex<[String]>([])

    init(input: TerminalInput) { self.input = input }

    func start() {
      Console.errorDiversion.withLock { divert in
        divert = { [self] line in
          // Each distinct line once (a draft that cannot be written says so on every save).
          lines.withLock { lines in
            if lines.count < 50, !lines.contains(line) { lines.append(line) }
          }
          input.post(.message(line))
        }
      }
      let hook = Platform.StopSignals.onExit { [self] in stop() }
      exitHook.withLock { $0 = hook }
    }

    /// Ends the diversion and writes what it kept to standard error.
    ///
    /// A line written so is not written again afterwards: the exit's last flush of a draft that
    /// cannot be saved says what the status line said, and standard error showed it twice.
    func stop() {
      if let hook = exitHook.withLock({ $0.take() }) { Platform.StopSignals.removeExitHook(hook) }
      let kept = lines.withLock { lines in
        defer { lines = [] }
        return lines
      }
      let said = written.withLock { written in
        written.append(contentsOf: kept)
        return written
      }
      let filter: (@Sendable (String) -> Void)? =
        said.isEmpty
        ? nil
        : { @Sendable line in
          if !said.contains(line) { _ = Platform.write(Array(Console.errorLine(line).utf8), to: 2) }
        }
      Console.errorDiversion.withLock { $0 = filter }
      for line in kept {
        _ = Platform.write(Array(Console.errorLine(line).utf8), to: 2)
      }
    }
  }

  /// A flag any thread may read.
  private final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set(_ newValue: Bool) { value.withLock { $0 = newValue } }
  }

  private enum Mode {
    case normal
    case command
    case calendar(CalendarPopup)
    /// The keys overlay, scrolled to its line `top`.
    case help(top: Int)
  }

  /// What the status line says about the person's last action.
  private enum Status: Equatable {
    case none
    /// Why the last action could not be done (a disabled button, a failed `:` command): it
    /// stays until the person's next action on the flow (an edit, a press, Return, back, a
    /// command), as Presentation's toast stays until the next intent; moving the focus,
    /// scrolling and the popups leave it, so it can be read while going to fix it.
    case error(String)
    /// A passing message (completion candidates, "expectation held"): gone at the next key.
    case info(String)
  }

  /// An app over `adapter` (what is drawn) and `driver` (what `:` commands run on, with
  /// `variables` for their `${NAME}`s), writing frames with `write` (a test's buffer; by
  /// default `device`'s ``TerminalDevice/draw(_:)``, which writes nothing once the terminal
  /// is restored).
  init(
    adapter: PresentationAdapter, driver: any FlowDriver, color: Bool, trueColor: Bool = false,
    recorder: KeyRecorder?,
    device: TerminalDevice, input: TerminalInput, size: (columns: Int, rows: Int),
    variables: ScriptVariables = ScriptVariables(), formReload: FormFileReload? = nil,
    write: ((String) -> Void)? = nil
  ) {
    self.formReload = formReload
    self.adapter = adapter
    self.driver = driver
    self.variables = variables
    strings = CLIStrings(language: adapter.language)
    self.recorder = recorder
    self.device = device
    self.input = input
    self.write = write ?? { device.draw($0) }
    buffer = ScreenBuffer(color: color, trueColor: trueColor)
    self.size = size
    screen = adapter.screen
  }

  /// Takes over the terminal and runs until the person quits; the terminal is restored on
  /// the way out.
  func run() async -> ExitCode {
    guard device.enter() else { return .failure }
    let diverted = DivertedErrors(input: input)
    diverted.start()
    defer {
      device.restore()
      // After the screen is left: the last thing the person sees.
      diverted.stop()
    }
    refresh()
    render()
    #if DEBUG
      CrashRestore.crashIfAsked()
    #endif
    for await event in input.events {
      await handle(event)
      if exitCode != nil { break }
      if let failure = recorder?.unreportedFailure() {
        lastingProblem = failure
        isUpToDate = false
      }
      if isUpToDate {
        isUpToDate = false
        continue
      }
      render()
    }
    recorder?.flush()
    ticker?.cancel()
    return exitCode ?? .success
  }

  // MARK: - Events

  /// Handles one event (the loop draws after it).
  func handle(_ event: TerminalEvent) async {
    switch event {
    case .key(let key):
      if key == .escape, !typeAhead.isEmpty, !isRunningCommand, !isTooSmall,
        adapter.coordinator.canGoBack
      {
        await goBackDroppingTypeAhead()
        break
      }
      if mustWait(key) {
        typeAhead.hold(key)
        return
      }
      // The change the key makes is read by the refresh after it: the watch it fires posts
      // nothing (one wake-up of the loop less per keystroke).
      isHandlingKey.set(true)
      await handle(key)
      isHandlingKey.set(false)
      refresh()
    case .endOfInput:
      exitCode = .success
    case .resized:
      if let newSize = TerminalDevice.size() { size = newSize }
      buffer.invalidate()
    case .resumed:
      // In the background (`bg`), nothing is drawn until `fg` continues the process again.
      guard device.reenter() else {
        isUpToDate = true
        return
      }
      if let newSize = TerminalDevice.size() { size = newSize }
      buffer.invalidate()
    case .changed(let watch):
      // Reported by an older watch: the refresh after the key read this change already.
      guard watch == observation else {
        isUpToDate = true
        return
      }
      let before = screen
      refresh()
      // Often the key's own frame already shows it: nothing to draw.
      if screen == before { isUpToDate = true }
    case .tick:
      spinner += 1
    case .message(let text):
      lastingProblem = text
    case .commandFinished:
      isRunningCommand = false
      refresh()
    case .formFileChanged:
      formReload?.apply(to: adapter.coordinator)
      refresh()
    }
    await applyTypeAhead()
  }

  // MARK: - Type-ahead

  /// The keys that open the keys' overlay and the command line (`?`, `:` outside a text field).
  private static let chromeKeys: Set<Key> = [.function(1), .function(2), .text("?"), .text(":")]

  /// Whether `key` waits for the screen before it acts.
  ///
  /// While a `:` command runs, every key but Ctrl-C and Ctrl-\; while the window is below the smallest size (nothing but that is drawn), every key but those
  /// and Ctrl-Z and Ctrl-L, until it grows again (a resize storm while typing lost the
  /// characters typed in its small moments); while the screen loads (its spinner turns),
  /// the keys that act on it, so that they act on the screen once it has loaded, as a
  /// terminal's type-ahead does (vim's typeahead buffer, bubbletea's ordered key messages),
  /// instead of on an empty body that drops them. Esc (back: leaving a slow load, where
  /// there is a screen to go back to), `?` and `:` (when no key waits before them) and an
  /// open prompt, popup or the keys' overlay act at once.
  private func mustWait(_ key: Key) -> Bool {
    if Self.quitKeys.contains(key) { return false }
    if isRunningCommand { return true }
    if key == .control("z") || key == .control("l") { return false }
    if isTooSmall { return true }
    // Esc leaves a load by going back; where there is no screen before (Hotel), it leaves
    // nothing and waits in line like any key.
    if key == .escape, adapter.coordinator.canGoBack { return false }
    if !typeAhead.isEmpty { return true }
    guard case .normal = mode, screen.progress != nil else { return false }
    // The keys' overlay and the command line open while it loads (a `:` command waits for
    // the load itself, as in a script).
    return !Self.chromeKeys.contains(key) || takesText
  }

  /// Applies the keys typed ahead once the screen has loaded (and no command runs), in order, each
  /// on the frame the one before left.
  ///
  /// An Enter or Space among them that reaches a button does not press it: the person has not seen
  /// what it would do (Pay, Choose); the status line says so and the keys after it are dropped. A
  /// key that starts another load or command leaves the rest waiting for it.
  private func applyTypeAhead() async {
    guard !typeAhead.isEmpty, !isRunningCommand, screen.progress == nil, !isTooSmall,
      exitCode == nil
    else { return }
    isUpToDate = false
    isApplyingTypeAhead = true
    typeAheadRefused = false
    defer { isApplyingTypeAhead = false }
    while exitCode == nil, !isRunningCommand, screen.progress == nil, !isTooSmall,
      let key = typeAhead.next()
    {
      // The loaded screen's frame: what the key acts on (its elements, the focus).
      render()
      isHandlingKey.set(true)
      await handle(key)
      isHandlingKey.set(false)
      refresh()
      if typeAheadRefused {
        typeAhead.dropAll()
        return
      }
    }
    if typeAhead.isEmpty {
      let overflow = typeAhead.takeOverflow()
      if overflow > 0 { status = .error(strings.typedAheadDropped(overflow)) }
    }
  }

  /// Before a stop signal's flush (SIGHUP, SIGTERM): the text typed into the focused field and
  /// still waiting (for the window to be large enough again) goes into that field, and so into the
  /// draft the flush saves: it is the person's typing.
  ///
  /// Only plain text into the field the focus is on, up to the first other key; nothing else is
  /// applied (no Tab, Enter or Space on a button: nothing moves on, is pressed or submitted on the
  /// way out). Nothing either while a screen loads (the field the keys were typed for is not there
  /// yet: a guess could put a phone number into another field), while a `:` command runs (it may
  /// change the field), or while a key is being handled.
  func keepTypedTextBeforeExit() async {
    guard case .normal = mode, exitCode == nil, !isRunningCommand, !isHandlingKey.isSet,
      screen.progress == nil
    else { return }
    // Below the smallest size nothing is laid out (no element has the focus): laid out at
    // that size, not drawn (the terminal is given back by now).
    if isTooSmall {
      let smallest = FrameComposer.minimumSize
      size = (max(size.columns, smallest.columns), max(size.rows, smallest.rows))
      frame = compose()
    }
    isApplyingTypeAhead = true
    defer { isApplyingTypeAhead = false }
    while let key = typeAhead.keys.first, takesText, exitCode == nil {
      switch key {
      case .text, .paste: break
      default: return
      }
      _ = typeAhead.next()
      isHandlingKey.set(true)
      await handle(key)
      isHandlingKey.set(false)
    }
  }

  /// Whether the window is below the smallest size the app draws in.
  private var isTooSmall: Bool {
    size.columns < FrameComposer.minimumSize.columns || size.rows < FrameComposer.minimumSize.rows
  }

  /// Esc while keys wait for a load: back, and the keys typed for the screen left are dropped
  /// (said, unless going back failed and says why).
  private func goBackDroppingTypeAhead() async {
    let dropped = typeAhead.dropAll()
    isHandlingKey.set(true)
    await handle(Key.escape)
    isHandlingKey.set(false)
    refresh()
    if status == .none { status = .error(strings.typedAheadDropped(dropped)) }
  }

  /// A held Enter or Space reached `action`'s button: refused (see ``applyTypeAhead()``).
  private func refuseTypedAheadPress(_ action: ButtonAction, key: Key) {
    let title = screen.snapshot.button(action)?.title ?? ""
    let name = key == .enter ? "Enter" : "Space"
    status = .error(TerminalText.neutralized(strings.typedAheadPressRefused(title, key: name)))
    typeAheadRefused = true
  }

  /// Reads the flow's screen again and follows what changed: a new screen starts at its top,
  /// a focus the view model moved (Pay, Return) is taken over.
  func refresh() {
    let input = self.input
    let previous = screen.snapshot
    // One snapshot per refresh, watched: the change a key makes is read here, and the watch
    // it fired (an older one) is then ignored instead of read again.
    observation += 1
    let watch = observation
    let isHandlingKey = self.isHandlingKey
    screen = adapter.screen {
      if !isHandlingKey.isSet { input.post(.changed(watch)) }
    }
    let snapshot = screen.snapshot
    if snapshot.screen != previous.screen || snapshot.title != previous.title {
      viewport = Viewport()
      focus = snapshot.focus
      editing = nil
      if case .calendar = mode { mode = .normal }
      recorder?.focusIs(snapshot.focus)
    }
    if snapshot.focus != modelFocus {
      if let newFocus = snapshot.focus { focus = newFocus }
      modelFocus = snapshot.focus
    }
    // The calendar's field hid or locked meanwhile (a server's answer changed its condition):
    // nothing can be picked into it, so the calendar closes (the focus has moved on).
    if case .calendar(let calendar) = mode, snapshot.field(calendar.fieldID)?.isEnabled != true {
      mode = .normal
    }
    if screen.progress != nil, ticker == nil {
      ticker = Task { [weak self] in
        while !Task.isCancelled {
          try? await Task.sleep(for: .milliseconds(100))
          self?.input.post(.tick)
        }
      }
    } else if screen.progress == nil, let running = ticker {
      running.cancel()
      ticker = nil
    }
  }

  /// Draws the current state; only changed lines are written.
  func render() {
    var composed = compose()
    // The focus falls on the first element when it has none, or its element went away: at a
    // carousel's end (its button disabled) on the button that still steps, else on the element
    // now where it was.
    if !composed.anchors.isEmpty, !composed.anchors.contains(where: { $0.id == focus }) {
      let previousIndex = frame?.anchors.firstIndex { $0.id == focus }
      let gone = previousIndex.flatMap { frame?.anchors[$0].kind }
      let stepper = gone.flatMap { gone in
        composed.anchors.first { Self.steps(gone, alike: $0.kind) }
      }
      focus =
        stepper?.id ?? composed.anchors[min(previousIndex ?? 0, composed.anchors.count - 1)].id
      composed = compose()
    }
    // The focused field's editor follows the field (typed elsewhere, picked, restored).
    if let anchor = composed.anchors.first(where: { $0.id == focus }),
      case .field(let field) = anchor.kind, field.isTyped
    {
      let value = field.shownValue
      if editing?.id != field.id {
        editing = .init(
          id: field.id, editor: LineEditor(value, keepsLineBreaks: field.editing == .multiline))
        composed = compose()
      } else if var current = editing, current.editor.text != value {
        current.editor.adopt(value)
        editing = current
        composed = compose()
      }
    } else if editing != nil, !isTooSmall {
      // (Below the smallest size nothing is laid out: the editor, its cursor, is kept.)
      editing = nil
      composed = compose()
    }
    frame = composed
    // Given back (a stop signal's hook, on its way out): nothing more is drawn. (The default
    // `write` checks again under the device's lock: the hook may restore it meanwhile.)
    guard device.isActive else { return }
    let output = buffer.update(composed.lines, cursor: composed.cursor)
    if !output.isEmpty { write(output) }
  }

  // MARK: - Keys

  /// The keys that delete a character in a field.
  private static let deletionKeys: Set<Key> = [.backspace, .delete, .control("d")]

  /// Ctrl-C, and Ctrl-\ (in a shell: SIGQUIT): quit, the draft kept.
  private static let quitKeys: Set<Key> = [.control("c"), .control("\\")]

  private func handle(_ key: Key) async {
    if Self.quitKeys.contains(key) {
      exitCode = .success
      return
    }
    if key == .control("z") {
      // Stopped on the signal's queue; `fg` (SIGCONT, `.resumed`) sets up and redraws.
      if !device.suspend() { status = .info(strings.cannotSuspend) }
      return
    }
    if key == .control("l") {
      buffer.invalidate()
      return
    }
    // Text that arrived in one read (typed fast, a slow machine, a paste without bracketed
    // paste) is one key: outside a text field and the command line, each character is a key
    // of its own, so `:tap ID` opens the command line and types into it. Before, the whole
    // text was one key that was not `:`, and it was dropped.
    // Once a character opens an editor (`:`), the rest goes into it whole (a long paste is not
    // typed a character at a time).
    if case .text(let text) = key, text.count > 1, !takesText {
      var rest = Substring(text)
      while let character = rest.first, exitCode == nil, !typeAheadRefused {
        rest = rest.dropFirst()
        await handle(.text(String(character)))
        if takesText, !rest.isEmpty {
          await handle(.text(String(rest)))
          return
        }
      }
      return
    }
    switch mode {
    case .normal: await handleNormal(key)
    case .command: await handleCommand(key)
    case .calendar(var calendar):
      switch calendar.handle(key) {
      case .open: mode = .calendar(calendar)
      case .closed: mode = .normal
      case .picked(let date):
        mode = .normal
        await pick(date, into: calendar.fieldID)
      }
    case .help(let top):
      // Taller than the window, it scrolls; any other key closes it.
      let composer = FrameComposer(columns: size.columns, rows: size.rows, strings: strings)
      let ids = frame?.anchors.map(\.id) ?? []
      let limit = composer.helpScrollLimit(ids: ids)
      let page = max(1, composer.helpRoom - 1)
      switch key {
      case .down: mode = .help(top: min(limit, top + 1))
      case .up: mode = .help(top: max(0, top - 1))
      case .pageDown: mode = .help(top: min(limit, top + page))
      case .pageUp: mode = .help(top: max(0, top - page))
      default: mode = .normal
      }
    }
  }

  private func handleNormal(_ key: Key) async {
    let anchor = focusedAnchor
    var field: FieldModel?
    if case .field(let focusedField)? = anchor?.kind { field = focusedField }
    let isText = field?.isTyped ?? false
    if case .info = status { status = .none }
    switch key {
    case .tab, .down: await moveFocus(by: 1)
    case .backTab, .up: await moveFocus(by: -1)
    case .pageDown: await page(by: 1)
    case .pageUp: await page(by: -1)
    case .escape: await goBack()
    case .function(1): mode = .help(top: 0)
    case .function(2): openPrompt()
    case .function(4), .alt(.down):
      if let field, field.editing == .date, let rule = adapter.dateRule(for: field.id) {
        mode = .calendar(
          CalendarPopup(fieldID: field.id, selected: adapter.date(of: field.id), rule: rule))
      }
    case .enter where field?.editing != .multiline:
      await activate(anchor, by: key)
    case _ where !key.isBoundOutsidePopups:
      // Before, such a key (F5, Insert, Alt-x: also Esc and x typed in one go) did nothing
      // without a word. An error still showing stays: it goes with an action on the flow.
      if case .error = status { return }
      let name = TerminalText.neutralized(key.name)
      status = .info(strings.keyDoesNothing(name, inTextField: isText))
    default:
      if isText, let field, var current = editing, current.id == field.id {
        guard current.editor.handle(key) == .edited else {
          editing = current
          return
        }
        editing = current
        await type(current.editor.text, into: field.id)
        // A deletion that took only the mask's formatting (the "-" of a phone number, the "."
        // of a date) left the value as it was, and the next digit typed pushed one out: the
        // character beyond it goes too, as in any masked field.
        var deletions = 0
        while Self.deletionKeys.contains(key), deletions < 3,
          adapter.value(of: field.id) == field.value, var again = editing, again.id == field.id,
          again.editor.handle(key) == .edited
        {
          editing = again
          deletions += 1
          await type(again.editor.text, into: field.id)
        }
      } else if key == .text(":") {
        openPrompt()
      } else if key == .text("?") {
        mode = .help(top: 0)
      } else if key == .text(" ") {
        if let field, field.editing == .toggle {
          await performRecorded("tap \(field.id)", .tap(field.id))
        } else {
          await activate(anchor, by: key)
        }
      } else if let anchor, let sibling = steppingSibling(of: anchor, for: key) {
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
  private static func steps(
    _ one: BodyLayout.Anchor.Kind, alike other: BodyLayout.Anchor.Kind
  )
    -> Bool
  {
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
      await handle(key)
      return
    }
    status = .info(strings.typedOutsideAField)
  }

  /// Whether a text key goes whole into an editor: the command line's, or the focused text
  /// field's.
  private var takesText: Bool {
    switch mode {
    case .command: return true
    case .normal:
      guard case .field(let field)? = focusedAnchor?.kind else { return false }
      return field.isTyped
    default: return false
    }
  }

  private var focusedAnchor: BodyLayout.Anchor? {
    frame?.anchors.first { $0.id == focus }
  }

  /// Tab, Shift-Tab, ↓, ↑: the next or previous element, without wrapping around.
  private func moveFocus(by step: Int) async {
    guard let anchors = frame?.anchors, !anchors.isEmpty else { return }
    let index = anchors.firstIndex { $0.id == focus } ?? (step > 0 ? -1 : anchors.count)
    let target = min(max(index + step, 0), anchors.count - 1)
    await setFocus(anchors[target])
  }

  /// Moves the focus to `anchor`: a field takes the view model's focus (the one left is
  /// checked); a button or section ends editing (the field left is checked).
  private func setFocus(_ anchor: BodyLayout.Anchor) async {
    guard anchor.id != focus else { return }
    focus = anchor.id
    if case .field(let field) = anchor.kind, field.editing != .toggle {
      await perform(.tap(field.id), quietly: true)
    } else {
      adapter.endEditing()
    }
    modelFocus = adapter.focus
  }

  /// PgUp / PgDn: scrolls a page; the focus moves to the first element in view if it left it.
  private func page(by pages: Int) async {
    guard let frame else { return }
    viewport.scroll(pages: pages, height: frame.bodyHeight, total: frame.bodyLineCount)
    let footerButton = screen.footer?.button?.id
    let bodyAnchors = frame.anchors.filter { $0.id != footerButton }
    if let current = bodyAnchors.first(where: { $0.id == focus }),
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
  /// A button is not pressed by an Enter or Space typed ahead (see ``applyTypeAhead()``).
  private func activate(_ anchor: BodyLayout.Anchor?, by key: Key? = nil) async {
    guard let anchor else { return }
    if isApplyingTypeAhead, let key, case .button(let action) = anchor.kind {
      refuseTypedAheadPress(action, key: key)
      return
    }
    switch anchor.kind {
    case .field(let field):
      recorder?.next(from: field.id)
      let before = modelFocus
      await perform(.next)
      let after = adapter.focus
      recorder?.focusIs(after)
      if after == nil || after == before {
        // The last field's Return ends editing: the focus goes on to the next element.
        if let anchors = frame?.anchors,
          let index = anchors.firstIndex(where: { $0.id == field.id }),
          index + 1 < anchors.count
        {
          focus = anchors[index + 1].id
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
    focus = target
  }

  private func goBack() async {
    await performRecorded("back", .back)
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

  private func type(_ text: String, into id: String) async {
    await perform(.type(id, text), quietly: false)
    // The field's text as shown (masked: what was typed into a date or phone field that the
    // mask left out is not written), which a replay types to the same end.
    recorder?.typed(id, adapter.value(of: id) ?? text)
  }

  /// The calendar picked `date`: it goes into the field, which is checked at once.
  private func pick(_ date: CalendarDate, into id: String) async {
    let text = date.dottedString
    recorder?.typed(id, text)
    recorder?.flush()
    await perform(.type(id, text))
    adapter.endEditing()
    await perform(.tap(id), quietly: true)
    editing = .init(id: id, editor: LineEditor(text))
  }

  /// Performs `action`.
  ///
  /// A person's action (not `quietly`, which is the focus moving onto a field) replaces what the
  /// status line said about the last one: the refusal, if any, which it returns.
  @discardableResult
  private func perform(
    _ action: PresentationAdapter.Action, quietly: Bool = false
  ) async -> String? {
    let problem = await adapter.perform(action)
    guard !quietly else { return problem }
    if let problem {
      status = .error(problem)
    } else if status != .none {
      status = .none
    }
    return problem
  }

  // MARK: - Command line

  private func openPrompt() {
    prompt.open()
    mode = .command
    if case .info = status { status = .none }
  }

  private func handleCommand(_ key: Key) async {
    switch key {
    case .escape:
      mode = .normal
    case .up:
      prompt.previous()
    case .down:
      prompt.following()
    case .tab:
      let ids = frame?.anchors.map(\.id) ?? []
      let candidates = prompt.complete(ids: ids)
      if !candidates.isEmpty {
        status = .info(strings.candidates(candidates))
      } else if case .info = status {
        status = .none
      }
    case .enter:
      let text = prompt.editor.text
      prompt.remember(text)
      mode = .normal
      await runCommand(text)
    case .backspace where prompt.editor.text.isEmpty:
      mode = .normal
    default:
      prompt.edit(key)
    }
  }

  /// Runs one line of the script language, as the line mode would; the screen stays.
  private func runCommand(_ text: String) async {
    let command: ScriptCommand?
    do {
      command = try ScriptParser.parse(
        line: text, number: 1, variables: variables, strings: strings)
    } catch {
      status = .error(strings.badCommand(TerminalText.neutralized(error.problem)))
      return
    }
    guard let command else { return }
    switch command {
    case .quit:
      recorder?.record(text)
      exitCode = .success
      return
    case .help:
      mode = .help(top: 0)
      return
    case .show:
      buffer.invalidate()
      return
    default:
      break
    }
    // Run beside the loop, so the spinner turns while the command waits for the flow; keys
    // typed meanwhile wait for it.
    isRunningCommand = true
    Task { [weak self] in await self?.execute(command, text) }
  }

  private func execute(_ command: ScriptCommand, _ text: String) async {
    // Typed while the screen loads (`:` does not wait): the command acts on the screen once
    // it has loaded, as a script's next line does, not on the empty one.
    if screen.progress != nil { await driver.settle() }
    let result = await StepExecutor(driver: driver, strings: strings).execute(command)
    // A step that failed changed nothing: kept as a comment, so the replay goes on to the
    // same end.
    recorder?.record(result.isFailure ? ScriptRecorder.failedStep(text) : text)
    switch result {
    case .failed(let message): status = .error(TerminalText.neutralized(message))
    case .passed:
      if case .expect = command {
        status = .info(strings.expectationHeld)
      } else {
        status = .none
      }
    case .quit: exitCode = .success
    }
    recorder?.focusIs(adapter.focus)
    input.post(.commandFinished)
  }

  // MARK: - Drawing

  private func compose() -> FrameComposer.Frame {
    let composer = FrameComposer(
      columns: size.columns, rows: size.rows, strings: strings, cache: layoutCache)
    let overlay: FrameComposer.Overlay
    switch mode {
    case .calendar(let calendar): overlay = .calendar(calendar)
    case .help(let top):
      overlay = .box(composer.helpBox(ids: frame?.anchors.map(\.id) ?? [], top: top))
    default: overlay = .none
    }
    let bottom: FrameComposer.Bottom
    if case .command = mode {
      bottom = .prompt(prompt.editor)
    } else if case .calendar = mode {
      bottom = .hints(strings.calendarKeyHints)
    } else if case .help = mode {
      let scrolls = composer.helpScrollLimit(ids: frame?.anchors.map(\.id) ?? []) > 0
      bottom = .hints(strings.helpKeyHints(scrolls: scrolls))
    } else {
      let canGoBack = adapter.coordinator.canGoBack
      bottom = .hints(
        editing == nil
          ? strings.keyHints(canGoBack: canGoBack) : strings.fieldKeyHints(canGoBack: canGoBack))
    }
    return composer.compose(
      screen, focus: focus, editing: editing, viewport: &viewport, overlay: overlay,
      bottom: bottom, status: statusLine())
  }

  private static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// The one status line: progress with a spinner, else what the last action said (its
  /// error or a passing message), the toast (Presentation's, about the last intent), the
  /// lasting problem of the environment, the load failure, the notice.
  private func statusLine() -> Line {
    let snapshot = screen.snapshot
    // Keys typed meanwhile wait for the screen (or for the window to grow): said, so that
    // none seems lost.
    let waiting = typeAhead.waiting
    let ahead = waiting > 0 ? " · " + strings.keysTypedAhead(waiting) : ""
    if isTooSmall, waiting > 0 { return Line(" " + strings.keysTypedAhead(waiting)) }
    if let progress = screen.progress {
      let frame = Self.spinnerFrames[spinner % Self.spinnerFrames.count]
      return Line(" " + frame + " " + safe(progress) + ahead, .colored(.cyan))
    }
    switch status {
    case .error(let message): return Line(" ✗ " + message, .colored(.red, bold: true))
    case .info(let message): return Line(" " + message, .colored(.green))
    case .none: break
    }
    if let toast = snapshot.toast {
      return Line(" » " + safe(toast) + " ", TextStyle(bold: true, inverse: true))
    }
    if let problem = formReload?.problem {
      return Line(" ✗ " + problem, .colored(.red, bold: true))
    }
    if let lastingProblem { return Line(" ✗ " + lastingProblem, .colored(.red, bold: true)) }
    // A load failure the body shows (with its Retry: a screen with nothing else to show) is
    // not said twice, one line under the other.
    if let failure = snapshot.failure, !bodyShowsRetry {
      return Line(" ✗ " + safe(failure), .colored(.red))
    }
    if let notice = snapshot.notice { return Line(" ! " + safe(notice), .colored(.yellow)) }
    return Line()
  }

  private func safe(_ text: String) -> String { TerminalText.neutralized(text) }

  /// Whether the body holds the screen's Retry (and so the failure it answers).
  private var bodyShowsRetry: Bool {
    screen.body.contains { block in
      if case .button(let button) = block, case .retry = button.action { true } else { false }
    }
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

import Domain
import Presentation
import Synchronization

/// `hotel run` on a terminal (SPEC 5.1): the flow drawn full-screen and driven by keys.
///
/// The runtime of ``FullScreenFeature``: it owns the terminal and the loop that takes the events
/// in order (keys, resizes, continuing after Ctrl-Z, the flow's changes, the spinner's ticks),
/// reduces each into the ``FullScreenState``, runs the effects (on the flow through the
/// ``PresentationAdapter``, `:` commands through the script runner's ``StepExecutor``), and draws
/// Presentation's snapshot (``ShownScreen``) with the state as a frame of which only the changed
/// lines are written.
@MainActor
final class FullScreenApp {
  let adapter: PresentationAdapter
  let driver: any FlowDriver
  let strings: CLIStrings
  let feature: FullScreenFeature
  let recorder: KeyRecorder?
  private let formReload: FormFileReload?
  let device: TerminalDevice
  let input: TerminalInput
  private let write: (String) -> Void
  private var buffer: ScreenBuffer
  /// The body's layout, kept between frames (only what changed is laid out again).
  let layoutCache = BodyLayout.Cache()

  /// What the app decides.
  var state: FullScreenState
  /// The flow's screen as last read.
  var screen: ShownScreen
  /// The last frame drawn (its elements are what keys act on).
  var frame: FrameComposer.Frame?
  private var ticker: Task<Void, Never>?
  /// The latest watch of the flow (each ``refresh()`` starts one, which posts `.changed` with
  /// its number once): a change an older watch reports was read by a later refresh already.
  private var observation = 0
  /// Set while a key is handled (read by the flow's watch, on the thread that changed it).
  let isHandlingKey = Flag()
  /// Whether the last event changed nothing drawn.
  private var isUpToDate = false

  /// A flag any thread may read.
  final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set(_ newValue: Bool) { value.withLock { $0 = newValue } }
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
    strings = CLIStrings(language: adapter.language)
    feature = FullScreenFeature(strings: strings, variables: variables)
    self.recorder = recorder
    self.device = device
    self.input = input
    self.write = write ?? { device.draw($0) }
    buffer = ScreenBuffer(color: color, trueColor: trueColor)
    state = FullScreenState(size: .init(columns: size.columns, rows: size.rows))
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
      if state.hasQuit { break }
      if let failure = recorder?.unreportedFailure() {
        state.status.lastingProblem = failure
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
    return .success
  }

  // MARK: - Events

  /// Handles one event (the loop draws after it).
  func handle(_ event: TerminalEvent) async {
    switch event {
    case .key(let key):
      let waiting = state.typeAhead.keys.waiting
      let effects = send(.key(key))
      // Held for the screen: nothing else happens now.
      if state.typeAhead.keys.waiting > waiting { return }
      isHandlingKey.set(true)
      await run(effects)
      isHandlingKey.set(false)
      refresh()
    case .endOfInput:
      _ = send(.endOfInput)
    case .resized:
      await run(send(.resized(Self.terminalSize())))
    case .resumed:
      // In the background (`bg`), nothing is drawn until `fg` continues the process again.
      guard device.reenter() else {
        isUpToDate = true
        return
      }
      await run(send(.resized(Self.terminalSize())))
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
      _ = send(.tick)
    case .message(let text):
      _ = send(.message(text))
    case .commandFinished(let result, let isExpectation):
      _ = send(.commandFinished(result, isExpectation: isExpectation))
      refresh()
    case .formFileChanged:
      state.status.formFileProblem = formReload?.apply(to: adapter.coordinator)
      refresh()
    }
    await applyTypeAhead()
  }

  /// Reduces `event` into the state, with what the screen holds now.
  func send(_ event: FullScreenFeature.Event) -> [FullScreenFeature.Effect] {
    feature.reduce(into: &state, event, context())
  }

  private func context() -> FullScreenFeature.Context {
    var context = FullScreenFeature.Context()
    context.canGoBack = adapter.coordinator.canGoBack
    context.isLoading = screen.progress != nil
    context.elements = frame?.anchors ?? []
    context.bodyHeight = frame?.bodyHeight ?? 0
    context.bodyLineCount = frame?.bodyLineCount ?? 0
    context.footerButton = screen.footer?.button?.id
    let snapshot = screen.snapshot
    context.buttonTitle = { snapshot.button($0)?.title }
    let adapter = self.adapter
    context.calendar = { field in
      adapter.dateRule(for: field.id).map {
        CalendarPopup(fieldID: field.id, selected: adapter.date(of: field.id), rule: $0)
      }
    }
    let ids = context.elements.map(\.id)
    if case .help = state.overlay {
      let composer = FrameComposer(
        columns: state.size.columns, rows: state.size.rows, strings: strings)
      context.helpScrollLimit = composer.helpScrollLimit(ids: ids)
      context.helpPage = max(1, composer.helpRoom - 1)
    }
    return context
  }

  private static func terminalSize() -> FullScreenState.Size? {
    TerminalDevice.size().map { .init(columns: $0.columns, rows: $0.rows) }
  }

  /// Applies `key` now, not waiting for the screen.
  func apply(_ key: Key) async {
    await run(send(.apply(key)))
  }

  /// Runs `effects` in order.
  func run(_ effects: [FullScreenFeature.Effect]) async {
    for effect in effects {
      switch effect {
      case .goBackDroppingTypeAhead(let count):
        isHandlingKey.set(true)
        await apply(.escape)
        isHandlingKey.set(false)
        refresh()
        if state.status.said == .none {
          state.status.said = .error(strings.typedAheadDropped(count))
        }
      case .perform(let action, let line):
        await performRecorded(line, action)
      case .press(let action, let id):
        await press(action, id: id)
      case .returnFrom(let fieldID):
        await returnFrom(fieldID)
      case .typeEach(let text):
        var rest = Substring(text)
        while let character = rest.first, !state.hasQuit, !state.typeAhead.refused {
          rest = rest.dropFirst()
          await apply(.text(String(character)))
          if takesText, !rest.isEmpty {
            await apply(.text(String(rest)))
            return
          }
        }
      case .focusModel(let fieldID):
        if let fieldID {
          await perform(.tap(fieldID), quietly: true)
        } else {
          adapter.endEditing()
        }
        state.focus.model = adapter.focus
      case .type(let text, let fieldID, let key):
        await type(text, into: fieldID, by: key)
      case .pick(let date, let fieldID):
        await pick(date, into: fieldID)
      case .execute(let command, let text):
        Task { [weak self] in await self?.execute(command, text) }
      case .record(let line):
        recorder?.record(line)
      case .recordFocus(let focus):
        recorder?.focusIs(focus)
      case .suspend:
        if !device.suspend() { _ = send(.suspendRefused) }
      case .redraw:
        buffer.invalidate()
      }
    }
  }

  /// Whether a text key goes whole into an editor: the command line's, or the focused text
  /// field's.
  var takesText: Bool { FullScreenFeature.takesText(state, context()) }

  // MARK: - Type-ahead

  /// Applies the keys typed ahead once the screen has loaded (and no command runs), in order, each
  /// on the frame the one before left.
  ///
  /// An Enter or Space among them that reaches a button does not press it: the person has not seen
  /// what it would do (Pay, Choose); the status line says so and the keys after it are dropped. A
  /// key that starts another load or command leaves the rest waiting for it.
  private func applyTypeAhead() async {
    guard !state.typeAhead.keys.isEmpty, !state.isRunningCommand, screen.progress == nil,
      !state.isTooSmall, !state.hasQuit
    else { return }
    isUpToDate = false
    state.typeAhead.isApplying = true
    state.typeAhead.refused = false
    defer { state.typeAhead.isApplying = false }
    while !state.hasQuit, !state.isRunningCommand, screen.progress == nil, !state.isTooSmall,
      let key = state.typeAhead.keys.next()
    {
      // The loaded screen's frame: what the key acts on (its elements, the focus).
      render()
      isHandlingKey.set(true)
      await apply(key)
      isHandlingKey.set(false)
      refresh()
      if state.typeAhead.refused {
        state.typeAhead.keys.dropAll()
        return
      }
    }
    if state.typeAhead.keys.isEmpty {
      let overflow = state.typeAhead.keys.takeOverflow()
      if overflow > 0 { state.status.said = .error(strings.typedAheadDropped(overflow)) }
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
    guard state.overlay == .none, !state.hasQuit, !state.isRunningCommand, !isHandlingKey.isSet,
      screen.progress == nil
    else { return }
    // Below the smallest size nothing is laid out (no element has the focus): laid out at
    // that size, not drawn (the terminal is given back by now).
    if state.isTooSmall {
      let smallest = FrameComposer.minimumSize
      state.size = .init(
        columns: max(state.size.columns, smallest.columns),
        rows: max(state.size.rows, smallest.rows))
      frame = compose()
    }
    state.typeAhead.isApplying = true
    defer { state.typeAhead.isApplying = false }
    while let key = state.typeAhead.keys.keys.first, takesText, !state.hasQuit {
      switch key {
      case .text, .paste: break
      default: return
      }
      _ = state.typeAhead.keys.next()
      isHandlingKey.set(true)
      await apply(key)
      isHandlingKey.set(false)
    }
  }

  // MARK: - The flow

  /// Reads the flow's screen again; the reduce step follows what changed
  /// (``FullScreenFeature/Event/screenChanged(from:to:)``).
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
    for case .recordFocus(let focus) in send(.screenChanged(from: previous, to: screen.snapshot)) {
      recorder?.focusIs(focus)
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

  /// Runs a `:` command beside the loop; its result comes back as `.commandFinished`.
  private func execute(_ command: ScriptCommand, _ text: String) async {
    // Typed while the screen loads (`:` does not wait): the command acts on the screen once
    // it has loaded, as a script's next line does, not on the empty one.
    if screen.progress != nil { await driver.settle() }
    let result = await StepExecutor(driver: driver, strings: strings).execute(command)
    // A step that failed changed nothing: kept as a comment, so the replay goes on to the
    // same end.
    recorder?.record(result.isFailure ? ScriptRecorder.failedStep(text) : text)
    recorder?.focusIs(adapter.focus)
    var isExpectation = false
    if case .expect = command { isExpectation = true }
    input.post(.commandFinished(result, isExpectation: isExpectation))
  }

  // MARK: - Drawing

  /// Draws the current state; only changed lines are written.
  func render() {
    var composed = compose()
    if FullScreenFeature.keepFocus(&state, on: composed.anchors, was: frame?.anchors ?? []) {
      composed = compose()
    }
    if FullScreenFeature.followFocusedField(&state, on: composed.anchors) {
      composed = compose()
    }
    frame = composed
    // Given back (a stop signal's hook, on its way out): nothing more is drawn. (The default
    // `write` checks again under the device's lock: the hook may restore it meanwhile.)
    guard device.isActive else { return }
    let output = buffer.update(composed.lines, cursor: composed.cursor)
    if !output.isEmpty { write(output) }
  }

  /// The frame of the state over the flow's screen.
  func compose() -> FrameComposer.Frame {
    FullScreenDrawing(
      strings: strings, canGoBack: adapter.coordinator.canGoBack, cache: layoutCache
    ).frame(of: screen, &state, elementIDs: frame?.anchors.map(\.id) ?? [])
  }
}

import Presentation

/// The full-screen app's frame as a function of its state and the flow's screen (its component
/// models): the header, the body scrolled to the focus, the footer, the status line, the bottom
/// line and what is open over the body.
struct FullScreenDrawing {
  /// The app's own words.
  var strings: CLIStrings
  /// Whether there is a screen to go back to (the key hints say Esc).
  var canGoBack: Bool
  /// The body's layout of the last frame (see ``BodyLayout/Cache``).
  var cache: BodyLayout.Cache?

  private static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// The frame of `state` over `screen`, scrolling `state`'s viewport to show the focus;
  /// `elementIDs` are the IDs of the last frame's elements (what the keys overlay lists).
  func frame(
    of screen: ShownScreen, _ state: inout FullScreenState, elementIDs: [String]
  ) -> FrameComposer.Frame {
    let composer = FrameComposer(
      columns: state.size.columns, rows: state.size.rows, strings: strings, cache: cache)
    let overlay: FrameComposer.Overlay
    let bottom: FrameComposer.Bottom
    switch state.overlay {
    case .none:
      overlay = .none
      bottom = .hints(
        state.focus.editing == nil
          ? strings.keyHints(canGoBack: canGoBack) : strings.fieldKeyHints(canGoBack: canGoBack))
    case .command:
      overlay = .none
      bottom = .prompt(state.commandLine.editor)
    case .calendar(let calendar):
      overlay = .calendar(calendar)
      bottom = .hints(strings.calendarKeyHints)
    case .help(let top):
      overlay = .box(composer.helpBox(ids: elementIDs, top: top))
      let scrolls = composer.helpScrollLimit(ids: elementIDs) > 0
      bottom = .hints(strings.helpKeyHints(scrolls: scrolls))
    }
    return composer.compose(
      screen, focus: state.focus.element, editing: state.focus.editing,
      viewport: &state.viewport, overlay: overlay, bottom: bottom,
      status: statusLine(of: screen, state))
  }

  /// The one status line: progress with a spinner, else what the last action said (its
  /// error or a passing message), the toast (Presentation's, about the last intent), the
  /// lasting problem of the environment, the load failure, the notice.
  func statusLine(of screen: ShownScreen, _ state: FullScreenState) -> Line {
    let snapshot = screen.snapshot
    // Keys typed meanwhile wait for the screen (or for the window to grow): said, so that
    // none seems lost.
    let waiting = state.typeAhead.keys.waiting
    let ahead = waiting > 0 ? " · " + strings.keysTypedAhead(waiting) : ""
    if state.isTooSmall, waiting > 0 { return Line(" " + strings.keysTypedAhead(waiting)) }
    if let progress = screen.progress {
      let spinner = Self.spinnerFrames[state.status.spinner % Self.spinnerFrames.count]
      return Line(" " + spinner + " " + progress + ahead, .colored(.cyan))
    }
    switch state.status.said {
    case .error(let message): return Line(" ✗ " + message, .colored(.red, bold: true))
    case .info(let message): return Line(" " + message, .colored(.green))
    case .none: break
    }
    if let toast = snapshot.toast {
      return Line(" » " + toast + " ", TextStyle(bold: true, inverse: true))
    }
    if let problem = state.status.formFileProblem {
      return Line(" ✗ " + problem, .colored(.red, bold: true))
    }
    if let lastingProblem = state.status.lastingProblem {
      return Line(" ✗ " + lastingProblem, .colored(.red, bold: true))
    }
    // A load failure the body shows (with its Retry: a screen with nothing else to show) is
    // not said twice, one line under the other.
    if let failure = snapshot.failure, !Self.bodyShowsRetry(screen) {
      return Line(" ✗ " + failure, .colored(.red))
    }
    if let notice = snapshot.notice { return Line(" ! " + notice, .colored(.yellow)) }
    return Line()
  }

  private static func bodyShowsRetry(_ screen: ShownScreen) -> Bool {
    screen.body.contains { block in
      if case .button(let button) = block, case .retry = button.action { true } else { false }
    }
  }
}

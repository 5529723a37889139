/// Everything the full-screen app decides, as a value: what it adds to Presentation's snapshot
/// (the view models stay the source of the booking data).
///
/// ``FullScreenFeature`` changes it one event at a time; the ``FullScreenApp`` runtime draws it
/// over the snapshot.
struct FullScreenState: Equatable {
  /// The window's size in columns and rows.
  struct Size: Equatable, Sendable {
    /// The columns.
    var columns: Int
    /// The rows.
    var rows: Int
  }

  /// Where the focus is: any focusable element (a button can have it, not only a field).
  struct Focus: Equatable {
    /// The focused element's ID.
    var element: String?
    /// The field the view model had focused when last read (a change of it is taken over).
    var model: String?
    /// The focused field's editor, while a typed field has the focus.
    var editing: BodyLayout.Editing?
  }

  /// What is open over the screen.
  enum Overlay: Equatable {
    /// Nothing: keys act on the screen.
    case none
    /// The `:` command line.
    case command
    /// A date field's calendar.
    case calendar(CalendarPopup)
    /// The keys overlay, scrolled to its line `top`.
    case help(top: Int)
  }

  /// What the status line says about the person's last action.
  enum Said: Equatable {
    case none
    /// Why the last action could not be done (a disabled button, a failed `:` command): it
    /// stays until the person's next action on the flow (an edit, a press, Return, back, a
    /// command), as Presentation's toast stays until the next intent; moving the focus,
    /// scrolling and the popups leave it, so it can be read while going to fix it.
    case error(String)
    /// A passing message (completion candidates, "expectation held"): gone at the next key.
    case info(String)
  }

  /// The status line's own messages.
  struct Status: Equatable {
    /// About the last action.
    var said = Said.none
    /// A problem of the environment (a draft that cannot be saved, a recording that stopped):
    /// its cause does not go away with a key, so it stays under what the last action said.
    var lastingProblem: String?
    /// Why the last save of the `--form` file did not load, until one does.
    var formFileProblem: String?
    /// The spinner's step while something loads.
    var spinner = 0
  }

  /// Keys typed while the app cannot act on them (a `:` command runs, the screen loads, the
  /// window is too small), applied in order once it can.
  struct TypeAheadState: Equatable {
    /// The keys held.
    var keys = TypeAhead()
    /// Set while held keys are applied: an Enter or Space among them presses no button.
    var isApplying = false
    /// Set when a held Enter or Space reached a button: the keys after it are dropped.
    var refused = false
  }

  /// The window's size.
  var size: Size
  /// The focus and the focused field's editor.
  var focus = Focus()
  /// The popup, prompt or overlay open.
  var overlay = Overlay.none
  /// The `:` command line's editor and history (kept while it is closed).
  var commandLine = CommandPrompt()
  /// Keys waiting for the screen.
  var typeAhead = TypeAheadState()
  /// The body's scroll.
  var viewport = Viewport()
  /// The status line's messages.
  var status = Status()
  /// Whether a `:` command runs.
  var isRunningCommand = false
  /// Whether the person quit (or the terminal went away).
  var hasQuit = false

  /// A state for a window of `size`.
  init(size: Size) {
    self.size = size
  }

  /// Whether the window is below the smallest size the app draws in.
  var isTooSmall: Bool {
    size.columns < FrameComposer.minimumSize.columns || size.rows < FrameComposer.minimumSize.rows
  }
}

/// What the full-screen app's loop reacts to, in the order it happened.
enum TerminalEvent: Sendable {
  /// A key (or a paste).
  case key(Key)
  /// Standard input ended (the terminal went away).
  case endOfInput
  /// The window changed size (SIGWINCH).
  case resized
  /// The process continued after a stop (SIGCONT): raw mode and the screen are set up again.
  case resumed
  /// What the flow shows changed (a load finished, a submission ended), as the app's watch
  /// with this number saw it.
  case changed(Int)
  /// The spinner's clock.
  case tick
  /// A `:` command finished running with `result` (`isExpectation`: it was an `expect`).
  case commandFinished(StepResult, isExpectation: Bool)
  /// A line for standard error, said on the status line while the app has the terminal.
  case message(String)
  /// The `--form` file was saved (``FormFileReload``).
  case formFileChanged
}

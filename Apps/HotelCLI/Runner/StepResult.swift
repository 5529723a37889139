/// The outcome of one script line.
enum StepResult: Equatable, Sendable {
  /// It did what it said, or the expectation held.
  case passed
  /// It failed; the message says what was expected and what was seen.
  case failed(String)
  /// `quit`: stop here.
  case quit

  /// Whether the step failed.
  var isFailure: Bool {
    if case .failed = self { true } else { false }
  }
}

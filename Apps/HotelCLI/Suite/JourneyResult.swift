/// What one journey of a suite did.
struct JourneyResult: Equatable, Sendable {
  /// How it ended.
  enum Outcome: Equatable, Sendable {
    /// Every line ran and every expectation held.
    case passed
    /// A line failed (with `--keep-going`, maybe several).
    case failed
    /// It could not start (the message says why); no line ran.
    case broken(String)
    /// `--tags` left it out.
    case skipped
  }

  /// A line that failed.
  struct Failure: Equatable, Sendable {
    /// `file:line: what was expected and what was seen`, as a replay reports it.
    var message: String
    /// The line as written in its file.
    var line: String
    /// The screen when the line failed, as ``JourneyFailures`` keeps it.
    var screen: Screen

    /// A failure's screen, as the report prints it (``JourneyFailures`` decides which).
    enum Screen: Equatable, Sendable {
      /// Drawn as text without colour.
      case drawn(String)
      /// The same as the screen kept before it: not kept again.
      case sameAsAbove
      /// Not kept: the journey's failures keep ``JourneyFailures/screenLimit`` screens already.
      case leftOut
    }

    /// A failure at `line` with `message`, on `screen` drawn as text.
    init(message: String, line: String, screen: String) {
      self.message = message
      self.line = line
      self.screen = .drawn(screen)
    }
  }

  /// The journey's name (its path).
  var name: String
  /// How it ended.
  var outcome: Outcome
  /// The exit code a replay of it alone would have had (SPEC section 5).
  var exitCode: ExitCode
  /// Its wall time, from making its data directory to stopping its fixture API.
  var duration: Duration
  /// The lines that failed, in order, their screens kept bounded (``JourneyFailures``).
  var failures = JourneyFailures()
  /// Other messages it wrote on the way (a refused form schema, a draft that could not be saved).
  var notes: [String] = []
  /// Why a skipped journey did not run, when not because `--tags` left it out (the suite was
  /// stopped before it started, or `--max-failures` was reached).
  var skipReason: String?
  /// Its tags (the report's `group`).
  var tags: [String] = []
  /// The attempts that failed before this one (`--retries`), oldest first.
  var retried: [JourneyResult] = []

  /// What its `show` and `help` lines printed (the report's `system-out`): whole lines, at
  /// most ``outputLimit`` bytes.
  var output = ""
  /// Whether more was printed than ``output`` keeps.
  var outputWasCut = false

  /// The most of a journey's printed output that is kept (about twenty screens).
  static let outputLimit = 64 * 1024

  /// Whether it counts as passed (flaky included).
  var passed: Bool { outcome == .passed }

  /// Whether it failed, then passed when run again.
  var isFlaky: Bool { passed && !retried.isEmpty }

  /// Whether it counts as failed: it ran (or could not start) and did not pass.
  var isFailed: Bool {
    switch outcome {
    case .failed, .broken: true
    case .passed, .skipped: false
    }
  }

  /// Adds `text` to ``output``, whole lines while they fit in ``outputLimit``; past it, notes
  /// that the output was cut and keeps nothing more.
  mutating func keepOutput(_ text: String) {
    guard !text.isEmpty, !outputWasCut else { return }
    var room = Self.outputLimit - output.utf8.count
    if text.utf8.count <= room {
      output += text
      return
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      let size = line.utf8.count + 1
      guard size <= room else { break }
      output += line + "\n"
      room -= size
    }
    outputWasCut = true
  }
}

/// The failed lines of one journey, kept as the terminal and the JUnit report print them, and no
/// more: every failure keeps its message and its line (both cut to 2 000 characters, as messages
/// are), but a failure's screen is kept only when the report prints it.
///
/// The rule is applied as each failure is added: a screen the same as the last one kept is "the one
/// above" (``JourneyResult/Failure/Screen/sameAsAbove``), and once ``screenLimit`` screens are
/// kept, later ones are left out (``JourneyResult/Failure/Screen/leftOut``), every one after the
/// first left out too, so that "the one above" always names the screen just above it. So a journey
/// of 20 000 failed lines under `--keep-going` holds 20 screens, not 20 000.
///
/// The messages are all kept, unbounded: the terminal prints each (one line per failure, the
/// point of `--keep-going`) and so does the report; there is at most one per line of the
/// journey, whose lines (a file of at most 4 MiB) are in memory anyway, and 20 000 of them
/// cost about 4 MB (51 MB against 48 MB).
struct JourneyFailures: RandomAccessCollection, ExpressibleByArrayLiteral, Equatable, Sendable {
  /// The most screens one journey's failures keep (and its report carries): with
  /// `--keep-going`, a journey whose every line fails would otherwise keep a screen for each
  /// of thousands of failures (20 000 failed lines made a report of 31 MB).
  static let screenLimit = 20

  private var failures: [JourneyResult.Failure] = []
  /// How many screens are kept.
  private(set) var screensKept = 0
  private var lastScreen: String?
  /// Whether a screen has been left out: after one, a screen the same as the last kept is not
  /// "the one above" any more (the failure just above it shows none).
  private var leftOutOne = false

  /// No failures.
  init() {}

  /// `elements`, added in order by ``append(_:)``.
  init(arrayLiteral elements: JourneyResult.Failure...) {
    for failure in elements { append(failure) }
  }

  /// `failures`, added in order by ``append(_:)``.
  init(_ failures: some Sequence<JourneyResult.Failure>) {
    for failure in failures { append(failure) }
  }

  var startIndex: Int { failures.startIndex }
  var endIndex: Int { failures.endIndex }
  subscript(position: Int) -> JourneyResult.Failure { failures[position] }

  /// Adds `failure`, keeping its screen only as the report will print it: the same as the
  /// last kept one becomes `sameAsAbove`; past ``screenLimit`` kept, `leftOut`, and so is
  /// every screen after the first left out.
  mutating func append(_ failure: JourneyResult.Failure) {
    var kept = failure
    if case .drawn(let screen) = failure.screen {
      if screen == lastScreen, !leftOutOne {
        kept.screen = .sameAsAbove
      } else if screensKept >= Self.screenLimit {
        kept.screen = .leftOut
        leftOutOne = true
      } else {
        screensKept += 1
        lastScreen = screen
      }
    }
    failures.append(kept)
  }
}

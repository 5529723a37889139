import Domain
import Foundation

/// What the command line asked for, after parsing and validation.
struct Invocation: Equatable, Sendable {
  /// The subcommand.
  var command: Command
  /// The options that apply to it.
  var options: Options
}

/// A subcommand of `hotel`.
enum Command: Equatable, Sendable {
  /// The interactive walk through the flow (the default).
  case run
  /// Replays a script from a file or standard input.
  case replay(ScriptSource)
  /// Runs the fixture API in the foreground.
  case serve
  /// Lists saved orders.
  case orders
  /// Runs journeys (files, or folders of `*.hotel` files) as a suite.
  case test([String])
  /// Checks a form schema file (`hotel form check FILE`).
  case formCheck(String)

  /// The name typed on the command line.
  var name: String {
    switch self {
    case .run: "run"
    case .replay: "replay"
    case .serve: "serve"
    case .orders: "orders"
    case .test: "test"
    case .formCheck: "form"
    }
  }
}

/// Where `hotel replay` reads its script from.
enum ScriptSource: Equatable, Sendable {
  /// A file at this path.
  case file(String)
  /// Standard input (`-`).
  case standardInput

  /// How messages name the script (`flow.hotel`, `<stdin>`).
  var displayName: String {
    switch self {
    case .file(let path): path
    case .standardInput: "<stdin>"
    }
  }
}

/// When to colour the output.
enum ColorMode: String, CaseIterable, Sendable {
  /// On a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
  case auto
  /// Always (overrides `NO_COLOR`, as an explicit flag should).
  case always
  /// Never.
  case never
}

/// Every option, with its default; the parser keeps only those that apply to the command.
struct Options: Equatable, Sendable {
  /// The API's base URL; `nil` starts the fixture API in-process.
  var apiURL: URL?
  /// The data directory (already resolved from the flag, the environment or the default);
  /// empty for `replay` and `test` without `--data-dir`: each run makes a temporary one.
  var dataDirectory: String = ""
  /// Why no data directory could be chosen for `run` or `orders` (no `--data-dir`, no
  /// `HOTEL_DATA_DIR`, no `XDG_DATA_HOME` and no `HOME`): a problem of the environment, not of
  /// the command line, so the command ends with exit code 4 and this line; `nil` when there is
  /// one.
  var dataDirectoryProblem: String?
  /// The language of the UI and the content.
  var language: Language = .en
  /// A fixed "today" (for reproducible validation of dates).
  var today: CalendarDate?
  /// Discard the saved draft before starting.
  var fresh = false
  /// When to colour the output.
  var color: ColorMode = .auto
  /// One JSON object per command (replay, run) or the orders as JSON (orders).
  var json = false
  /// Report every failed expectation instead of stopping at the first.
  var keepGoing = false
  /// Save what was typed in `run` as a replayable script.
  var recordPath: String?
  /// `run` in the line mode even on a terminal.
  var line = false
  /// The request timeout in seconds.
  var timeoutSeconds: Double = 10
  /// The fixture server's options (`serve`).
  var serve = ServeOptions()
  /// The suite's options (`test`).
  var suite = SuiteOptions()
  /// The script variables given with `--var NAME=VALUE` (`run`, `replay`, `test`).
  var variables: [String: String] = [:]

  /// The request timeout as a duration (whole milliseconds).
  var timeout: Duration { .milliseconds(Int(timeoutSeconds * 1000)) }
}

/// The options of `hotel serve`.
struct ServeOptions: Equatable, Sendable {
  /// The TCP port on 127.0.0.1 (0 picks a free one).
  var port = 8080
  /// Latency added to every response, in milliseconds.
  var latencyMilliseconds = 0
  /// The first N requests per path answer 503.
  var failFirst = 0
  /// Paths whose body is cut in half.
  var malformedPaths: [String] = []
  /// Paths whose connection is closed before any response.
  var dropPaths: [String] = []
  /// A form schema file served at `GET /booking/form` instead of the fixture's form, in every
  /// language without a file of its own (`--form FILE`).
  var formPath: String?
  /// Form schema files by the language they are served in (`--form ru=FILE`).
  var formPathsByLanguage: [Language: String] = [:]
}

/// The options of `hotel test`.
struct SuiteOptions: Equatable, Sendable {
  /// How many journeys run at once; `nil`: the number of cores.
  var jobs: Int?
  /// Run only the journeys with one of these tags; empty: every journey.
  var tags: [String] = []
  /// Where to write the JUnit XML report.
  var junitPath: String?
  /// The part of the selected journeys this run takes (`--shard I/N`); `nil`: all of them.
  var shard: Shard?
  /// How many times a failed journey runs again (`--retries N`).
  var retries = 0
  /// Whether a journey that passed only when run again fails the suite (`--fail-on-flaky`).
  var failOnFlaky = false
  /// After how many failed journeys no new one starts (`--max-failures N`); `nil`: never.
  var maxFailures: Int?
  /// Print the journeys that would run and run none (`--list`).
  var list = false
  /// Run only the journeys that failed in the last run of the same paths (`--last-failed`).
  var lastFailed = false
}

/// `--shard I/N`: the I-th (from 1) of N parts.
struct Shard: Equatable, Sendable {
  /// Which part, from 1 to ``count``.
  var index: Int
  /// How many parts.
  var count: Int
}

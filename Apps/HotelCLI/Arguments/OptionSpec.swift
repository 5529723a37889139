/// One option the command line knows: its name, whether it takes a value, and where it applies.
struct OptionSpec: Sendable {
  /// The option's name with its dashes (`--data-dir`).
  var name: String
  /// What the value is called in messages and help (`URL`); `nil` for a flag.
  var valueName: String?
  /// The commands it applies to.
  var commands: Set<String>
  /// One line of help.
  var summary: String
  /// The line of help for a command that uses the option otherwise, by command: `serve`'s
  /// `--lang` is the language of its messages, not of the screens and the content.
  var commandSummaries: [String: String] = [:]

  /// Every option of `hotel`, in the order help lists them.
  static let all: [OptionSpec] = [
    OptionSpec(
      name: "--api", valueName: "URL", commands: ["run", "replay", "test"],
      summary: "the API's base URL (default: the fixture API, in-process)"),
    OptionSpec(
      name: "--data-dir", valueName: "DIR", commands: ["run", "replay", "orders", "test"],
      summary: "where orders, the draft and the cache are kept"),
    OptionSpec(
      name: "--lang", valueName: "en|ru",
      commands: ["run", "replay", "orders", "test", "serve", "form"],
      summary: "the language of the screens and the content (default en)",
      commandSummaries: [
        "serve": "the language of its messages (default en); the content follows Accept-Language",
        "form": "the language of its messages (default en)",
      ]),
    OptionSpec(
      name: "--today", valueName: "YYYY-MM-DD", commands: ["run", "replay", "test"],
      summary: "a fixed today, for reproducible date checks"),
    OptionSpec(
      name: "--fresh", valueName: nil, commands: ["run", "replay", "test"],
      summary: "discard the saved unfinished booking"),
    OptionSpec(
      name: "--color", valueName: "auto|always|never",
      commands: ["run", "replay", "orders", "test"],
      summary: "colour (default auto: a terminal without NO_COLOR)"),
    OptionSpec(
      name: "--json", valueName: nil, commands: ["run", "replay", "orders"],
      summary: "JSON output: one object per command, or the orders"),
    OptionSpec(
      name: "--keep-going", valueName: nil, commands: ["replay", "test"],
      summary: "report every failed expectation, not just the first"),
    OptionSpec(
      name: "--record", valueName: "FILE", commands: ["run"],
      summary: "save what is typed as a replayable script"),
    OptionSpec(
      name: "--line", valueName: nil, commands: ["run"],
      summary: "the line mode (script lines on standard input) even on a terminal"),
    OptionSpec(
      name: "--timeout", valueName: "SECONDS", commands: ["run", "replay", "test"],
      summary: "the request timeout (default 10)"),
    OptionSpec(
      name: "--var", valueName: "NAME=VALUE", commands: ["run", "replay", "test"],
      summary: "a value for ${NAME} in scripts (repeatable; else HOTEL_VAR_NAME)"),
    OptionSpec(
      name: "--jobs", valueName: "N", commands: ["test"],
      summary: "how many journeys run at once (default: the number of cores)"),
    OptionSpec(
      name: "--tags", valueName: "a,b", commands: ["test"],
      summary: "run only the journeys tagged with one of these"),
    OptionSpec(
      name: "--junit", valueName: "FILE", commands: ["test"],
      summary: "write a JUnit XML report of the journeys to FILE"),
    OptionSpec(
      name: "--shard", valueName: "I/N", commands: ["test"],
      summary: "run the I-th of N parts of the journeys (one CI machine's share)"),
    OptionSpec(
      name: "--retries", valueName: "N", commands: ["test"],
      summary: "run a failed journey again up to N times (passed then: flaky)"),
    OptionSpec(
      name: "--fail-on-flaky", valueName: nil, commands: ["test"],
      summary: "exit 1 when a journey passed only when run again"),
    OptionSpec(
      name: "--max-failures", valueName: "N", commands: ["test"],
      summary: "start no new journey after N have failed"),
    OptionSpec(
      name: "--list", valueName: nil, commands: ["test"],
      summary: "print the journeys that would run, and run none"),
    OptionSpec(
      name: "--last-failed", valueName: nil, commands: ["test"],
      summary: "run only the journeys that failed in the last run of these paths"),
    OptionSpec(
      name: "--port", valueName: "N", commands: ["serve"],
      summary: "the port on 127.0.0.1 (default 8080; 0 picks a free one)"),
    OptionSpec(
      name: "--latency-ms", valueName: "N", commands: ["serve"],
      summary: "delay every response by N milliseconds"),
    OptionSpec(
      name: "--fail-first", valueName: "N", commands: ["serve"],
      summary: "answer the first N requests of each path with 503"),
    OptionSpec(
      name: "--malformed", valueName: "PATH", commands: ["serve"],
      summary: "cut the body of PATH in half (repeatable)"),
    OptionSpec(
      name: "--drop", valueName: "PATH", commands: ["serve"],
      summary: "close the connection for PATH before answering (repeatable)"),
    OptionSpec(
      name: "--form", valueName: "FILE", commands: ["serve", "run", "replay"],
      summary: "serve the form schema in FILE at /booking/form (ru=FILE: for one language)",
      commandSummaries: [
        "run": "the booking form from FILE, not the server; redrawn when FILE is saved",
        "replay": "the booking form from FILE, not the server (ru=FILE: for one language)",
      ]),
  ]

  /// The option called `name`, if any.
  static func named(_ name: String) -> OptionSpec? { all.first { $0.name == name } }
}

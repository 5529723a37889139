import Domain
import Foundation
import Testing

@testable import HotelCLI

@Suite struct ArgumentParserTests {
  let environment = ["HOME": "/home/qa"]

  func invocation(
    _ arguments: [String], environment: [String: String]? = nil
  ) throws
    -> Invocation
  {
    let parsed = try ArgumentParser(environment: environment ?? self.environment).parse(arguments)
    guard case .invoke(let invocation) = parsed else {
      Issue.record("expected an invocation, got \(parsed)")
      throw UsageError("not an invocation")
    }
    return invocation
  }

  func problem(_ arguments: [String], environment: [String: String]? = nil) -> String? {
    do {
      _ = try ArgumentParser(environment: environment ?? self.environment).parse(arguments)
      return nil
    } catch {
      return error.message
    }
  }

  // MARK: - Commands

  @Test func noArgumentsRunsTheFlowWithDefaults() throws {
    let invocation = try invocation([])
    #expect(invocation.command == .run)
    #expect(invocation.options.apiURL == nil)
    #expect(invocation.options.language == .en)
    #expect(invocation.options.color == .auto)
    #expect(invocation.options.timeoutSeconds == 10)
    #expect(invocation.options.dataDirectory == "/home/qa/.local/share/hotel")
    #expect(!invocation.options.fresh && !invocation.options.json && !invocation.options.keepGoing)
  }

  @Test(arguments: [
    (["run"], Command.run),
    (["replay", "flow.hotel"], Command.replay(.file("flow.hotel"))),
    (["replay", "-"], Command.replay(.standardInput)),
    (["replay", "--", "-odd.hotel"], Command.replay(.file("-odd.hotel"))),
    (["serve"], Command.serve),
    (["orders"], Command.orders),
    (["--lang", "ru", "replay", "x.hotel"], Command.replay(.file("x.hotel"))),
    (["form", "check", "f.json", "--lang", "ru"], Command.formCheck("f.json")),
    (["form", "check", "--", "-f.json"], Command.formCheck("-f.json")),
  ])
  func commands(arguments: [String], expected: Command) throws {
    #expect(try invocation(arguments).command == expected)
  }

  @Test func everyOptionOfRunAndReplay() throws {
    let options = try invocation([
      "replay", "s.hotel", "--api", "https://api.example.com/v1", "--data-dir", "/tmp/d",
      "--lang=ru", "--today", "2027-05-01", "--fresh", "--color", "never", "--json",
      "--keep-going", "--timeout", "2.5",
    ]).options
    #expect(options.apiURL == URL(string: "https://api.example.com/v1"))
    #expect(options.dataDirectory == "/tmp/d")
    #expect(options.language == .ru)
    #expect(options.today == CalendarDate(year: 2027, month: 5, day: 1))
    #expect(options.fresh && options.json && options.keepGoing)
    #expect(options.color == .never)
    #expect(options.timeoutSeconds == 2.5)
  }

  @Test func theCIOptionsOfTest() throws {
    let suite = try invocation([
      "test", "j", "--shard", "2/3", "--retries", "2", "--fail-on-flaky", "--max-failures", "5",
      "--list", "--last-failed",
    ]).options.suite
    #expect(suite.shard == Shard(index: 2, count: 3))
    #expect(suite.retries == 2 && suite.failOnFlaky && suite.maxFailures == 5)
    #expect(suite.list && suite.lastFailed)
    let plain = try invocation(["test", "j"]).options.suite
    #expect(plain.shard == nil && plain.retries == 0 && plain.maxFailures == nil)
    #expect(!plain.failOnFlaky && !plain.list && !plain.lastFailed)
  }

  @Test func recordAppliesToRun() throws {
    #expect(try invocation(["run", "--record", "out.hotel"]).options.recordPath == "out.hotel")
  }

  @Test func serveOptions() throws {
    let serve = try invocation([
      "serve", "--port", "0", "--latency-ms", "200", "--fail-first", "2", "--malformed",
      "/rooms", "--drop=/hotel", "--drop", "/orders",
    ]).options.serve
    #expect(serve.port == 0)
    #expect(serve.latencyMilliseconds == 200)
    #expect(serve.failFirst == 2)
    #expect(serve.malformedPaths == ["/rooms"])
    #expect(serve.dropPaths == ["/hotel", "/orders"])
  }

  /// `--form FILE` for every language, `--form LANG=FILE` for one (`./` keeps a plain path
  /// that looks like a language's); each once.
  @Test func serveFormsPerLanguage() throws {
    let serve = try invocation([
      "serve", "--form", "ru=/tmp/ru.json", "--form", "EN=en.json", "--form", "./de=x.json",
    ]).options.serve
    #expect(serve.formPathsByLanguage == [.ru: "/tmp/ru.json", .en: "en.json"])
    #expect(serve.formPath == "./de=x.json")
    #expect(
      problem(["serve", "--form", "fr=x.json"])
        == "--form: 'fr' is not a supported language (en, ru)")
    #expect(problem(["serve", "--form", "ru="]) == "--form: the file name is empty")
    #expect(
      problem(["serve", "--form", "a", "--form", "b"])
        == "--form: a form for every language is given twice")
  }

  @Test func serveDefaultsToPort8080() throws {
    #expect(try invocation(["serve"]).options.serve == ServeOptions())
  }

  /// Loopback addresses may use plain HTTP.
  ///
  /// `http://[::1]` is loopback too, but on Linux no request to an IPv6 address can be made:
  /// `UsageEndToEndTests.anIPv6LoopbackAddressIsRefusedOnLinux`.
  @Test(arguments: ["http://127.0.0.1:8080", "http://localhost:9/api", "http://127.1.2.3:80"])
  func loopbackHTTPIsAccepted(url: String) throws {
    #expect(try invocation(["--api", url]).options.apiURL == URL(string: url))
  }

  // MARK: - Environment

  @Test func environmentSuppliesTheAPIAndTheDataDirectory() throws {
    let options = try invocation(
      [],
      environment: [
        "HOTEL_API_URL": "https://hotel.example", "HOTEL_DATA_DIR": "/data", "HOME": "/h",
      ]
    ).options
    #expect(options.apiURL == URL(string: "https://hotel.example"))
    #expect(options.dataDirectory == "/data")
  }

  @Test func flagsBeatTheEnvironment() throws {
    let options = try invocation(
      ["--api", "http://127.0.0.1:1", "--data-dir", "/flag"],
      environment: ["HOTEL_API_URL": "https://env.example", "HOTEL_DATA_DIR": "/env"]
    ).options
    #expect(options.apiURL == URL(string: "http://127.0.0.1:1"))
    #expect(options.dataDirectory == "/flag")
  }

  @Test func xdgDataHomeComesBeforeHome() throws {
    let options = try invocation([], environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/h"]).options
    #expect(options.dataDirectory == "/xdg/hotel")
  }

  @Test func serveNeedsNoDataDirectory() throws {
    #expect(try invocation(["serve"], environment: [:]).command == .serve)
  }

  @Test func badAPIInTheEnvironmentIsNamed() {
    #expect(
      problem([], environment: ["HOTEL_API_URL": "http://evil.example", "HOME": "/h"])
        == "HOTEL_API_URL: http:// is allowed only for loopback hosts; use https://evil.example")
  }

  // MARK: - Help and version

  @Test(arguments: [["--help"], ["-h"], ["help"]])
  func toolHelp(arguments: [String]) throws {
    let parsed = try ArgumentParser(environment: [:]).parse(arguments)
    #expect(parsed == .help(HelpText.tool()))
  }

  @Test(arguments: ["run", "replay", "serve", "orders"])
  func commandHelp(command: String) throws {
    let parser = ArgumentParser(environment: [:])
    let viaFlag = try parser.parse([command, "--help"])
    let viaHelp = try parser.parse(["help", command])
    guard case .help(let text) = viaFlag else {
      Issue.record("no help for \(command)")
      return
    }
    #expect(viaFlag == viaHelp)
    #expect(text.contains("Usage: hotel"))
    #expect(text.contains(command))
  }

  @Test func helpWinsOverBadValues() throws {
    let parsed = try ArgumentParser(environment: [:]).parse(["replay", "--help"])
    #expect(parsed == .help(HelpText.command("replay") ?? ""))
  }

  @Test func version() throws {
    #expect(try ArgumentParser(environment: [:]).parse(["--version"]) == .version)
  }

  @Test func toolHelpListsEveryOption() {
    for spec in OptionSpec.all { #expect(HelpText.tool().contains(spec.name)) }
  }

  // MARK: - Bad usage

  @Test(arguments: [
    (["--colour", "never"], "unknown option '--colour'; did you mean '--color'?"),
    (["-x"], "unknown option '-x'"),
    (["bogus"], "unknown command 'bogus'"),
    (["replya", "x"], "unknown command 'replya'; did you mean 'replay'?"),
    (["flow.hotel"], "unknown command 'flow.hotel'; to replay a script: hotel replay FILE"),
    (["replay"], "replay needs a script: hotel replay FILE (or - for standard input)"),
    (["replay", "a", "b"], "unexpected argument 'b'"),
    (["orders", "extra"], "unexpected argument 'extra'"),
    (["--api"], "--api needs a value (URL)"),
    (["--api", "--fresh"], "--api needs a value (URL)"),
    (["--fresh=yes"], "--fresh takes no value"),
    (["--api", "ftp://x.example"], "--api: 'ftp://x.example' is not an http:// or https:// URL"),
    (["--api", "not a url"], "--api: 'not a url' is not an http:// or https:// URL"),
    (["--api", "https://"], "--api: 'https://' is not an http:// or https:// URL"),
    (
      ["--api", "http://example.com"],
      "--api: http:// is allowed only for loopback hosts; use https://example.com"
    ),
    (
      ["--api", "http://127.+0.0.1"],
      "--api: http:// is allowed only for loopback hosts; use https://127.+0.0.1"
    ),
    (
      ["--api", "http://127.0.0.1.evil.com"],
      "--api: http:// is allowed only for loopback hosts; use https://127.0.0.1.evil.com"
    ),
    (
      ["--api", "http://127.0.0.1:99999"],
      "--api: 99999 in 'http://127.0.0.1:99999' is not a port number (1...65535)"
    ),
    (
      ["--api", "https://a.example:0"],
      "--api: 0 in 'https://a.example:0' is not a port number (1...65535)"
    ),
    (["--lang", "de"], "--lang: 'de' is not a supported language (en, ru)"),
    (["--lang", "EN"], "--lang: 'EN' is not a supported language (en, ru)"),
    (["--today", "19.09.2027"], "--today: '19.09.2027' is not a date in the form YYYY-MM-DD"),
    (["--today", "2027-02-30"], "--today: '2027-02-30' is not a real date"),
    (["--today", "2027-13-01"], "--today: '2027-13-01' is not a real date"),
    (["--today", ""], "--today: '' is not a date in the form YYYY-MM-DD"),
    (["--color", "sometimes"], "--color: 'sometimes' is not one of auto, always, never"),
    (["--timeout", "soon"], "--timeout: 'soon' is not a number of seconds"),
    (["--timeout", "0"], "--timeout: 0 is outside 1...600 seconds"),
    (["--timeout", "inf"], "--timeout: 'inf' is not a number of seconds"),
    (["--timeout", "601"], "--timeout: 601 is outside 1...600 seconds"),
    (["--data-dir", ""], "--data-dir: no directory given (the path is empty)"),
    (["--record", ""], "--record: the file name is empty"),
    (["serve", "--port", "70000"], "--port: 70000 is outside 0...65535"),
    (["serve", "--port", "-1"], "--port: -1 is outside 0...65535"),
    (["serve", "--port", "80a"], "--port: '80a' is not a whole number"),
    (
      ["serve", "--port", "99999999999999999999"],
      "--port: 99999999999999999999 is outside 0...65535"
    ),
    (
      ["serve", "--port", "-99999999999999999999"],
      "--port: -99999999999999999999 is outside 0...65535"
    ),
    (["serve", "--port", "+-1"], "--port: '+-1' is not a whole number"),
    (["serve", "--port", "٣"], "--port: '٣' is not a whole number"),
    (["serve", "--latency-ms", "x"], "--latency-ms: 'x' is not a whole number"),
    (["serve", "--fail-first", "-3"], "--fail-first: -3 is outside 0...1000000"),
    (
      ["serve", "--drop", "rooms"],
      "--drop: 'rooms' is not a path (paths start with /, e.g. /rooms)"
    ),
    (
      ["serve", "--malformed", "hotel"],
      "--malformed: 'hotel' is not a path (paths start with /, e.g. /rooms)"
    ),
    (["serve", "--api", "https://a.example"], "--api does not apply to 'serve'"),
    (["run", "--keep-going"], "--keep-going does not apply to 'run'"),
    (["replay", "x", "--record", "y"], "--record does not apply to 'replay'"),
    (["orders", "--fresh"], "--fresh does not apply to 'orders'"),
    (["--port", "9"], "--port does not apply to 'run'"),
    (["help", "nothing"], "no help for 'nothing'; commands: run, replay, test, serve, orders"),
    (["test"], "test needs journeys: hotel test PATH..."),
    (["test", "j", "--jobs", "0"], "--jobs: 0 is outside 1...256"),
    (["test", "j", "--tags", "a,,b"], "--tags: an empty tag in 'a,,b'"),
    (["test", "j", "--tags", "a b!"], "--tags: 'a b!' is not a tag"),
    (
      ["test", "j", "--tags", "smoke,sm\u{43E}ke", "--lang", "ru"],
      "--tags: 'sm\u{43E}ke' — не тег (символ U+043E '\u{43E}' — не ASCII; только буквы ASCII,"
        + " цифры, _, - и ., не больше 64)"
    ),
    (["test", "j", "--junit", ""], "--junit: the file name is empty"),
    (["test", "j", "--data-dir", "/d", "--jobs", "2"], "--jobs: journeys that share --data-dir"),
    (["test", "j", "--shard", "0/3"], "--shard: 0/3: I/N needs 1 <= I <= N <= 10000"),
    (["test", "j", "--shard", "4/3"], "--shard: 4/3: I/N needs 1 <= I <= N <= 10000"),
    (["test", "j", "--shard", "1/0"], "--shard: 1/0: I/N needs 1 <= I <= N <= 10000"),
    (["test", "j", "--shard", "a/b"], "--shard: 'a/b' is not a part I/N (for example 1/3)"),
    (["test", "j", "--shard", "1/2/3"], "--shard: '1/2/3' is not a part I/N (for example 1/3)"),
    (["test", "j", "--shard=-1/2"], "--shard: '-1/2' is not a part I/N (for example 1/3)"),
    (["test", "j", "--retries", "-1"], "--retries: -1 is outside 0...100"),
    (["test", "j", "--max-failures", "0"], "--max-failures: 0 is outside 1...1000000"),
    (
      ["test", "j", "--data-dir", "/d", "--retries", "1"],
      "--retries: a journey that shares --data-dir cannot run again from a clean start"
    ),
    (["replay", "x", "--shard", "1/2"], "--shard does not apply to 'replay'"),
    (["replay", "x", "--var", "NOEQUALS"], "--var: 'NOEQUALS' is not NAME=VALUE"),
    (["replay", "x", "--var", "1X=a"], "--var: '1X' is not a variable name"),
    // A Cyrillic name is a letter, but not one a name may have: the message says which.
    (
      ["replay", "x", "--var", "Ж=1"],
      "--var: 'Ж' is not a variable name (ASCII letters, digits and _, not starting with a digit)"
    ),
    (["orders", "--var", "A=b"], "--var does not apply to 'orders'"),
    (["replay", "x", "--jobs", "2"], "--jobs does not apply to 'replay'"),
  ])
  func badUsage(arguments: [String], expected: String) {
    let message = problem(arguments)
    #expect(message?.hasPrefix(expected) == true, "got \(message ?? "no error")")
  }

  /// Numbers on the command line are decimal, as a person writes them: a hex float (`0x10`,
  /// which `Double` reads as 16), a sign `+`, a space, `_`, an exponent, `inf`, `nan` or
  /// full-width digits are refused, the option named (exit 2), never read as something else.
  @Test(arguments: [
    (["--timeout", "0x10"], "--timeout: '0x10' is not a number of seconds"),
    (["--timeout", "0x1p4"], "--timeout: '0x1p4' is not a number of seconds"),
    (["--timeout", "+5"], "--timeout: '+5' is not a number of seconds"),
    (["--timeout", " 5"], "--timeout: ' 5' is not a number of seconds"),
    (["--timeout", "5 "], "--timeout: '5 ' is not a number of seconds"),
    (["--timeout", "5_0"], "--timeout: '5_0' is not a number of seconds"),
    (["--timeout", "1e1"], "--timeout: '1e1' is not a number of seconds"),
    (["--timeout", "nan"], "--timeout: 'nan' is not a number of seconds"),
    (["--timeout", "infinity"], "--timeout: 'infinity' is not a number of seconds"),
    (["--timeout", ".5"], "--timeout: '.5' is not a number of seconds"),
    (["--timeout", "5."], "--timeout: '5.' is not a number of seconds"),
    (["--timeout", "\u{FF15}"], "--timeout: '\u{FF15}' is not a number of seconds"),
    (["serve", "--port", "0x50"], "--port: '0x50' is not a whole number"),
    (["serve", "--port", "+80"], "--port: '+80' is not a whole number"),
    (["serve", "--port", " 80"], "--port: ' 80' is not a whole number"),
    (["serve", "--port", "8_080"], "--port: '8_080' is not a whole number"),
    (["serve", "--port", "8e3"], "--port: '8e3' is not a whole number"),
    (["serve", "--port", "\u{FF18}\u{FF10}"], "--port: '\u{FF18}\u{FF10}' is not a whole number"),
    (["serve", "--latency-ms", "1e3"], "--latency-ms: '1e3' is not a whole number"),
    (["serve", "--latency-ms", "nan"], "--latency-ms: 'nan' is not a whole number"),
    (["serve", "--fail-first", "+1"], "--fail-first: '+1' is not a whole number"),
    (["serve", "--fail-first", "inf"], "--fail-first: 'inf' is not a whole number"),
    (["test", "j", "--jobs", "0x2"], "--jobs: '0x2' is not a whole number"),
    (["test", "j", "--jobs", "+2"], "--jobs: '+2' is not a whole number"),
    (["test", "j", "--jobs", "2_0"], "--jobs: '2_0' is not a whole number"),
    (["--timeout", "0x10", "--lang", "ru"], "--timeout: '0x10' — не число секунд"),
    (["serve", "--port", "+80", "--lang", "ru"], "--port: '+80' — не целое число"),
  ])
  func nonDecimalNumbersAreRefused(arguments: [String], expected: String) {
    let message = problem(arguments)
    #expect(message?.hasPrefix(expected) == true, "got \(message ?? "no error")")
  }

  /// Decimal numbers as a person writes them still pass: a fraction of seconds, leading zeros.
  @Test func decimalNumbersPass() throws {
    #expect(try invocation(["--timeout", "2.50"]).options.timeoutSeconds == 2.5)
    #expect(try invocation(["serve", "--port", "08080"]).options.serve.port == 8080)
  }

  /// Every problem of one command line is named at once, in one line (SPEC 5), not only the
  /// first: a missing script and an empty `--api` together.
  @Test func aMissingScriptAndAnEmptyAPIAreBothNamed() {
    let message = problem(["replay", "--api", ""])
    #expect(
      message == "replay needs a script: hotel replay FILE (or - for standard input)"
        + "; also: --api: no URL given (the value is empty)")
    let russian = problem(["replay", "--api=", "--lang", "ru"])
    #expect(russian?.contains("replay требует сценарий") == true, "\(russian ?? "")")
    #expect(russian?.contains("--api: адрес не указан") == true, "\(russian ?? "")")
  }

  /// Every unknown option, the command's own problem, every bad value and every option that
  /// does not apply: all named, in that order (the options in the order typed).
  @Test func everyBadUsageIsNamedTogether() {
    let message = problem([
      "replay", "--lang", "de", "--today", "", "--colour=never", "--record", "x",
      "--timeout", "0",
    ])
    let parts = message?.components(separatedBy: "; also: ") ?? []
    #expect(
      parts == [
        "unknown option '--colour'; did you mean '--color'?",
        "replay needs a script: hotel replay FILE (or - for standard input)",
        "--lang: 'de' is not a supported language (en, ru)",
        "--today: '' is not a date in the form YYYY-MM-DD",
        "--record does not apply to 'replay'",
        "--timeout: 0 is outside 1...600 seconds",
      ], "\(message ?? "no error")")
  }

  /// Each option that takes a value, given an empty one where it applies: refused, naming the
  /// option, together with the missing script of a `replay` or journeys of a `test`.
  @Test(arguments: OptionSpec.all.filter { $0.valueName != nil })
  func anEmptyValueIsNamedWithTheOtherProblems(spec: OptionSpec) {
    let command =
      ["replay", "test", "run", "serve", "orders"].first {
        spec.commands.contains($0)
      } ?? "run"
    let message = problem([command, spec.name, ""]) ?? ""
    #expect(message.contains("\(spec.name):") || message.contains("\(spec.name) "), "\(message)")
    if command == "replay" || command == "test" {
      #expect(message.contains("; also: "), "\(message)")
    }
  }

  @Test(arguments: [["replay", "flow.hotel"], ["test", "journeys"]])
  func replayAndTestAreHermeticWithoutDataDir(arguments: [String]) throws {
    let environment = ["HOTEL_DATA_DIR": "/data", "XDG_DATA_HOME": "/xdg", "HOME": "/h"]
    #expect(try invocation(arguments, environment: environment).options.dataDirectory == "")
    let given = try invocation(arguments + ["--data-dir", "/d"], environment: environment)
    #expect(given.options.dataDirectory == "/d")
  }

  /// A list option adds up, as `--var` and `--drop` do; a tag named twice counts once.
  @Test func tagsGivenTwiceAddUp() throws {
    let invocation = try invocation([
      "test", "journeys", "--tags", "smoke", "--tags=nightly,smoke", "--tags", "checkout",
    ])
    #expect(invocation.options.suite.tags == ["smoke", "nightly", "checkout"])
  }

  @Test func everyOptionOfTest() throws {
    let invocation = try invocation([
      "test", "journeys", "smoke.hotel", "--jobs", "3", "--tags", "smoke, checkout",
      "--junit", "report.xml", "--var", "EMAIL=qa@example.com", "--var=CITY=Moscow",
      "--var", "EMAIL=x=y", "--keep-going", "--api", "https://api.example.com",
      "--lang", "ru", "--today", "2027-05-01",
    ])
    #expect(invocation.command == .test(["journeys", "smoke.hotel"]))
    let options = invocation.options
    #expect(
      options.suite == SuiteOptions(jobs: 3, tags: ["smoke", "checkout"], junitPath: "report.xml"))
    #expect(options.variables == ["EMAIL": "x=y", "CITY": "Moscow"])
    #expect(options.keepGoing && options.language == .ru)
    #expect(options.apiURL == URL(string: "https://api.example.com"))
  }

  /// No HOME is the environment's problem (exit code 4, told by the command), not bad usage:
  /// the command line parses, and its options carry the line to tell.
  @Test(arguments: [
    (
      ["orders"], [:],
      "no data directory: HOME is not set; give --data-dir DIR or set HOTEL_DATA_DIR"
    ),
    (
      ["run", "--lang", "ru"], [:],
      "нет каталога данных: переменная HOME не задана; укажите --data-dir DIR или задайте HOTEL_DATA_DIR"
    ),
    (
      ["orders"], ["HOME": "relative"],
      "no data directory: HOME is not an absolute path; give --data-dir DIR or set HOTEL_DATA_DIR"
    ),
  ])
  func noHomeAndNoDataDirectoryIsAProblemOfTheEnvironment(
    arguments: [String], environment: [String: String], message: String
  ) throws {
    #expect(problem(arguments, environment: environment) == nil)
    let parsed = try ArgumentParser(environment: environment).parse(arguments)
    guard case .invoke(let invocation) = parsed else {
      Issue.record("\(parsed)")
      return
    }
    #expect(invocation.options.dataDirectoryProblem == message)
    #expect(invocation.options.dataDirectory.isEmpty)
    // A bad flag is still bad usage.
    #expect(
      problem(arguments + ["--colour"], environment: environment)?.contains("--colour") == true)
  }

  @Test func controlCharactersInBadValuesAreNeutralised() {
    // As the console writes it.
    let message = problem(["--lang", "\u{1B}[31mred"]).map(TerminalText.messageLine)
    #expect(message == "--lang: '\u{241B}[31mred' is not a supported language (en, ru)")
  }

  @Test func escapesAndNewlinesInUnknownArgumentsStayOneInertLine() {
    let clipboard = "\u{1B}]52;c;ZXZpbA==\u{07}"
    for arguments in [[clipboard], ["--x\nhotel: fake second line"], ["orders", clipboard]] {
      let line = UsageError(problem(arguments) ?? "").line
      #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(line)")
    }
    #expect(
      problem([clipboard]).map(TerminalText.messageLine)
        == "unknown command '\u{241B}]52;c;ZXZpbA==\u{2407}'")
  }

  @Test func aHugeArgumentIsEchoedCut() throws {
    let huge = String(repeating: "A", count: 3_000_000)
    let message = try #require(problem(["run", huge]))
    #expect(message.count < 200)
    #expect(UsageError(huge).line.count <= TerminalText.maximumMessageLength + 40)
    #expect(UsageError(huge).line.contains("…"))
  }

  @Test func suggestionsSkipWordsFarLongerThanEveryCandidate() {
    #expect(ArgumentParser.suggestion("tapp", ["tap", "type"]) == "; did you mean 'tap'?")
    #expect(ArgumentParser.suggestion(String(repeating: "t", count: 3_000_000), ["tap"]) == "")
  }

  @Test func usageErrorLineHasTheHint() {
    #expect(UsageError("bad").line == "hotel: bad (see 'hotel --help')")
  }
}

import Domain
import Foundation
import Networking
import Persistence
import UseCases

/// Parses `hotel`'s arguments by hand (no packages): commands, options (`--name value` or
/// `--name=value`), `--help` for the tool and each command, `--version`, and the environment
/// (`HOTEL_API_URL`, `HOTEL_DATA_DIR`, `XDG_DATA_HOME`, `HOME`).
///
/// Every problem is named in one ``UsageError`` (SPEC 5: every bad usage, not only the first):
/// each unknown option, the command's own problem (a missing script), each bad value, each
/// option that does not apply, naming the flag and the value. An unknown command, an option
/// left without its value, or an unknown option followed by a word (its value, or the command?)
/// ends the parse there: what follows cannot be read for sure.
struct ArgumentParser: Sendable {
  /// The process environment.
  var environment: [String: String]

  /// Creates a parser reading `environment`.
  init(environment: [String: String]) { self.environment = environment }

  /// Parses `arguments` (without the program name).
  func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommandLine {
    // Its own errors follow --lang too.
    let strings = CLIStrings.requested(in: arguments)
    var command: String?
    var positionals: [String] = []
    var values: [(spec: OptionSpec, value: String?)] = []
    var wantsHelp = false
    var wantsVersion = false
    var optionsEnded = false
    // The problems found so far, in the order they are told.
    var problems: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        if command == nil, !optionsEnded {
          guard Self.commands.contains(argument) else {
            if argument == "-" || argument.contains("/") || argument.hasSuffix(".hotel") {
              problems.append(strings.unknownCommandLooksLikeAScript(Self.shown(argument)))
            } else {
              problems.append(
                strings.unknownSubcommand(
                  Self.shown(argument),
                  hint: Self.suggestion(argument, Self.commands, strings: strings)))
            }
            throw Self.usageError(problems, strings)
          }
          command = argument
        } else {
          positionals.append(argument)
        }
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument == "--help" || argument == "-h" {
        wantsHelp = true
        continue
      }
      if argument == "--version" {
        wantsVersion = true
        continue
      }
      let (name, inlineValue) = Self.split(argument)
      guard let spec = OptionSpec.named(name) else {
        let known = OptionSpec.all.map(\.name) + ["--help", "--version"]
        problems.append(
          strings.unknownOption(
            Self.shown(name), hint: Self.suggestion(name, known, strings: strings)))
        // The word after it may be its value or a command: what follows cannot be read for sure.
        if inlineValue == nil, index < arguments.count, !arguments[index].hasPrefix("-") {
          throw Self.usageError(problems, strings)
        }
        continue
      }
      if let valueName = spec.valueName {
        if let inlineValue {
          values.append((spec, inlineValue))
        } else if index < arguments.count, !arguments[index].hasPrefix("--") {
          values.append((spec, arguments[index]))
          index += 1
        } else {
          problems.append(strings.needsValue(name, valueName))
          throw Self.usageError(problems, strings)
        }
      } else {
        if inlineValue != nil {
          problems.append(strings.takesNoValue(name))
          continue
        }
        values.append((spec, nil))
      }
    }

    let commandName = command ?? "run"
    // Help and the version win over bad values, not over a line that does not parse.
    if !problems.isEmpty, wantsHelp || wantsVersion || commandName == "help" {
      throw Self.usageError(problems, strings)
    }
    if commandName == "help" {
      guard positionals.count <= 1 else {
        throw UsageError(
          strings.unexpectedCommandArgument(Self.shown(positionals[1])), strings: strings)
      }
      guard let topic = positionals.first else { return .help(HelpText.tool(strings)) }
      guard let text = HelpText.command(topic, strings) else {
        throw UsageError(
          strings.noHelpFor(Self.shown(topic), commands: "run, replay, test, serve, orders, form"),
          strings: strings)
      }
      return .help(text)
    }
    if wantsHelp {
      return .help(command.flatMap { HelpText.command($0, strings) } ?? HelpText.tool(strings))
    }
    if wantsVersion { return .version }

    var resolvedCommand = Command.run
    do throws(UsageError) {
      resolvedCommand = try Self.command(commandName, positionals: positionals, strings)
    } catch {
      problems.append(error.message)
    }
    var options = Options()
    var apiGiven = false
    var dataDirectoryGiven = false
    for (spec, value) in values {
      guard spec.commands.contains(commandName) else {
        problems.append(strings.doesNotApply(spec.name, to: commandName))
        continue
      }
      do throws(UsageError) {
        try Self.apply(spec, value ?? "", to: &options, strings)
      } catch {
        problems.append(error.message)
      }
      apiGiven = apiGiven || spec.name == "--api"
      dataDirectoryGiven = dataDirectoryGiven || spec.name == "--data-dir"
    }
    if !apiGiven, ["run", "replay", "test"].contains(commandName),
      let fromEnvironment = environment["HOTEL_API_URL"], !fromEnvironment.isEmpty
    {
      do throws(UsageError) {
        options.apiURL = try Self.apiURL(
          fromEnvironment, source: "HOTEL_API_URL", strings: strings)
      } catch {
        problems.append(error.message)
      }
    }
    // `replay` and `test` are hermetic: without --data-dir each run makes a temporary one.
    // A missing HOME is the environment's problem, not the command line's: told by the
    // command (exit code 4), after every flag was checked (a bad flag is still exit code 2).
    if !dataDirectoryGiven, commandName == "run" || commandName == "orders" {
      switch defaultDataDirectory(strings: strings) {
      case .success(let path): options.dataDirectory = path
      case .failure(let problem): options.dataDirectoryProblem = problem.message
      }
    }
    if dataDirectoryGiven, commandName == "test", let jobs = options.suite.jobs, jobs > 1 {
      problems.append(strings.jobsWithDataDirectory)
    }
    if dataDirectoryGiven, commandName == "test", options.suite.retries > 0 {
      problems.append(strings.retriesWithDataDirectory)
    }
    guard problems.isEmpty else { throw Self.usageError(problems, strings) }
    return .invoke(Invocation(command: resolvedCommand, options: options))
  }

  /// One error naming every problem of `problems` (at least one), in order.
  private static func usageError(_ problems: [String], _ strings: CLIStrings) -> UsageError {
    UsageError(problems.joined(separator: strings.furtherProblem), strings: strings)
  }

  // MARK: - Commands

  /// The command names (`help` included).
  static let commands = ["run", "replay", "test", "serve", "orders", "form", "help"]

  private static func command(
    _ name: String, positionals: [String], _ strings: CLIStrings
  ) throws(UsageError)
    -> Command
  {
    if name == "replay" {
      guard let source = positionals.first else {
        throw UsageError(strings.replayNeedsScript, strings: strings)
      }
      guard positionals.count == 1 else {
        throw UsageError(
          strings.unexpectedCommandArgument(shown(positionals[1])), strings: strings)
      }
      guard !source.isEmpty else { throw UsageError(strings.scriptPathEmpty, strings: strings) }
      return .replay(source == "-" ? .standardInput : .file(source))
    }
    if name == "test" {
      guard !positionals.isEmpty else {
        throw UsageError(strings.testNeedsJourneys, strings: strings)
      }
      guard positionals.allSatisfy({ !$0.isEmpty }) else {
        throw UsageError(strings.journeyPathEmpty, strings: strings)
      }
      return .test(positionals)
    }
    if name == "form" {
      guard let subcommand = positionals.first else {
        throw UsageError(strings.formNeedsCheck, strings: strings)
      }
      guard subcommand == "check" else {
        throw UsageError(strings.formUnknownSubcommand(shown(subcommand)), strings: strings)
      }
      guard positionals.count >= 2 else {
        throw UsageError(strings.formCheckNeedsFile, strings: strings)
      }
      guard positionals.count == 2 else {
        throw UsageError(
          strings.unexpectedCommandArgument(shown(positionals[2])), strings: strings)
      }
      guard !positionals[1].isEmpty else {
        throw UsageError(strings.formCheckNeedsFile, strings: strings)
      }
      return .formCheck(positionals[1])
    }
    if let extra = positionals.first {
      throw UsageError(strings.unexpectedCommandArgument(shown(extra)), strings: strings)
    }
    switch name {
    case "serve": return .serve
    case "orders": return .orders
    default: return .run
    }
  }

  // MARK: - Values

  private static func apply(
    _ spec: OptionSpec, _ value: String, to options: inout Options, _ strings: CLIStrings
  )
    throws(UsageError)
  {
    switch spec.name {
    case "--api": options.apiURL = try apiURL(value, source: "--api", strings: strings)
    case "--data-dir":
      guard !value.isEmpty else { throw UsageError(strings.dataDirectoryEmpty, strings: strings) }
      options.dataDirectory = value
    case "--lang":
      guard let language = Language(rawValue: value) else {
        throw UsageError(strings.unsupportedLanguage(shown(value)), strings: strings)
      }
      options.language = language
    case "--today": options.today = try today(value, strings)
    case "--fresh": options.fresh = true
    case "--color":
      guard let mode = ColorMode(rawValue: value) else {
        throw UsageError(strings.unknownColorMode(shown(value)), strings: strings)
      }
      options.color = mode
    case "--json": options.json = true
    case "--keep-going": options.keepGoing = true
    case "--line": options.line = true
    case "--record":
      guard !value.isEmpty else { throw UsageError(strings.recordFileEmpty, strings: strings) }
      options.recordPath = value
    case "--timeout":
      guard Self.isDecimal(value, fraction: true), let seconds = Double(value), seconds.isFinite
      else {
        throw UsageError(strings.timeoutNotANumber(shown(value)), strings: strings)
      }
      guard seconds >= 1, seconds <= 600 else {
        throw UsageError(strings.timeoutOutOfRange(shown(value)), strings: strings)
      }
      options.timeoutSeconds = seconds
    case "--port": options.serve.port = try integer(value, spec.name, in: 0...65_535, strings)
    case "--latency-ms":
      options.serve.latencyMilliseconds = try integer(value, spec.name, in: 0...600_000, strings)
    case "--fail-first":
      options.serve.failFirst = try integer(value, spec.name, in: 0...1_000_000, strings)
    case "--malformed": options.serve.malformedPaths.append(try path(value, spec.name, strings))
    case "--drop": options.serve.dropPaths.append(try path(value, spec.name, strings))
    case "--var":
      let (name, variable) = try variable(value, strings)
      options.variables[name] = variable
    case "--jobs": options.suite.jobs = try integer(value, spec.name, in: 1...256, strings)
    case "--tags":
      // Repeated, the lists add up (`--tags smoke --tags nightly`); a tag counts once.
      for tag in try tags(value, strings) where !options.suite.tags.contains(tag) {
        options.suite.tags.append(tag)
      }
    case "--junit":
      guard !value.isEmpty else { throw UsageError(strings.junitFileEmpty, strings: strings) }
      options.suite.junitPath = value
    case "--shard": options.suite.shard = try shard(value, strings)
    case "--retries": options.suite.retries = try integer(value, spec.name, in: 0...100, strings)
    case "--fail-on-flaky": options.suite.failOnFlaky = true
    case "--max-failures":
      options.suite.maxFailures = try integer(value, spec.name, in: 1...1_000_000, strings)
    case "--list": options.suite.list = true
    case "--last-failed": options.suite.lastFailed = true
    case "--form":
      try form(value, into: &options.serve, strings)
    default: throw UsageError(strings.unknownOption(spec.name, hint: ""), strings: strings)
    }
  }

  /// `--form FILE` (every language) or `--form LANG=FILE` (the form served in that language): each
  /// once.
  ///
  /// A path that starts with two letters and `=` is a language's; `./` before it makes it a plain
  /// path.
  private static func form(
    _ value: String, into serve: inout ServeOptions, _ strings: CLIStrings
  ) throws(UsageError) {
    let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    var language: Language?
    var path = value
    if parts.count == 2, parts[0].count == 2, parts[0].allSatisfy({ $0.isASCII && $0.isLetter }) {
      guard let named = Language(rawValue: parts[0].lowercased()) else {
        throw UsageError(strings.formLanguageUnsupported(shown(String(parts[0]))), strings: strings)
      }
      language = named
      path = String(parts[1])
    }
    guard !path.isEmpty else { throw UsageError(strings.formFileEmpty, strings: strings) }
    if let language {
      guard serve.formPathsByLanguage[language] == nil else {
        throw UsageError(strings.formGivenTwice(language), strings: strings)
      }
      serve.formPathsByLanguage[language] = path
    } else {
      guard serve.formPath == nil else {
        throw UsageError(strings.formGivenTwice(nil), strings: strings)
      }
      serve.formPath = path
    }
  }

  /// Validates an API base URL by Networking's rule (``APIConfiguration/checkedBaseURL(_:)``:
  /// `https://`, or `http://` for loopback hosts only), saying what is wrong in `source`'s
  /// terms.
  static func apiURL(
    _ text: String, source: String, strings: CLIStrings = .english
  ) throws(UsageError) -> URL {
    guard !text.allSatisfy(\.isWhitespace) else {
      throw UsageError(strings.baseURLEmpty(source), strings: strings)
    }
    do throws(BaseURLProblem) {
      return try APIConfiguration.checkedBaseURL(text)
    } catch {
      let problem: BaseURLProblem =
        switch error {
        case .insecureHost(let host): .insecureHost(shown(host))
        case .ipv6Literal(let host): .ipv6Literal(shown(host))
        case .notHTTP, .badPort: error
        }
      throw UsageError(strings.badBaseURL(source, problem, in: shown(text)), strings: strings)
    }
  }

  private static func today(
    _ text: String, _ strings: CLIStrings
  ) throws(UsageError) -> CalendarDate {
    let digits = text.split(separator: "-", omittingEmptySubsequences: false)
    guard digits.map(\.count) == [4, 2, 2],
      digits.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else {
      throw UsageError(strings.todayNotADate(shown(text)), strings: strings)
    }
    do {
      return try CalendarDate(parsing: text)
    } catch {
      throw UsageError(strings.todayNotReal(shown(text)), strings: strings)
    }
  }

  private static func integer(
    _ text: String, _ name: String, in range: ClosedRange<Int>, _ strings: CLIStrings
  )
    throws(UsageError) -> Int
  {
    guard isDecimal(text, fraction: false) else {
      throw UsageError(strings.notAWholeNumber(name, shown(text)), strings: strings)
    }
    guard let value = Int(text) else {
      // A whole number too long for an `Int` is still a whole number: out of bounds.
      throw UsageError(strings.outOfBounds(name, shown(text), range), strings: strings)
    }
    guard range.contains(value) else {
      throw UsageError(strings.outOfBounds(name, String(value), range), strings: strings)
    }
    return value
  }

  /// `--shard I/N`: two whole numbers, 1 <= I <= N <= 10 000.
  private static func shard(_ text: String, _ strings: CLIStrings) throws(UsageError) -> Shard {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 2,
      parts.allSatisfy({ !$0.hasPrefix("-") && isDecimal($0, fraction: false) }),
      let index = Int(parts[0]), let count = Int(parts[1])
    else {
      throw UsageError(strings.shardNotAPart(shown(text)), strings: strings)
    }
    guard (1...10_000).contains(count), (1...count).contains(index) else {
      throw UsageError(strings.shardOutOfRange(shown(text)), strings: strings)
    }
    return Shard(index: index, count: count)
  }

  /// Whether `text` is a decimal number as a person writes one on a command line: ASCII digits, a
  /// `-` before them at most, and (with `fraction`) one `.` between digits.
  ///
  /// The one check of every numeric option: `Double` and `Int` also read what nobody means there
  /// (`0x10` as 16, `+5`, `1e3`, `inf`, `nan`).
  static func isDecimal(_ text: String, fraction: Bool) -> Bool {
    var digits = text.utf8[...]
    if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
    let parts = digits.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count == 1 || (fraction && parts.count == 2) else { return false }
    return parts.allSatisfy { part in
      !part.isEmpty && part.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
  }

  /// `NAME=VALUE` of `--var`.
  private static func variable(
    _ text: String, _ strings: CLIStrings
  ) throws(UsageError) -> (String, String) {
    guard let equals = text.firstIndex(of: "=") else {
      throw UsageError(strings.varNotNameValue(shown(text)), strings: strings)
    }
    let name = String(text[..<equals])
    guard ScriptVariables.isValidName(name) else {
      throw UsageError(strings.varBadName(shown(name)), strings: strings)
    }
    return (name, String(text[text.index(after: equals)...]))
  }

  private static func tags(_ text: String, _ strings: CLIStrings) throws(UsageError) -> [String] {
    let tags = text.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    for tag in tags where !ScriptParser.isValidTag(tag) {
      if tag.isEmpty { throw UsageError(strings.emptyTag(in: shown(text)), strings: strings) }
      throw UsageError(
        strings.notATag("--tags: ", shown(tag), note: ScriptParser.tagProblem(tag, strings)),
        strings: strings)
    }
    return tags
  }

  private static func path(
    _ text: String, _ name: String, _ strings: CLIStrings
  ) throws(UsageError) -> String {
    guard text.hasPrefix("/") else {
      throw UsageError(strings.notAPath(name, shown(text)), strings: strings)
    }
    return text
  }

  // MARK: - Data directory

  /// The data directory without `--data-dir`, by Persistence's rule
  /// (``DataDirectory/resolve(option:environment:homeDirectory:currentDirectory:)``):
  /// `HOTEL_DATA_DIR`, else `$XDG_DATA_HOME/hotel`, else `~/.local/share/hotel` (SPEC section 7);
  /// when none gives one, why (`HOME` is not set, or not an absolute path).
  func defaultDataDirectory(
    strings: CLIStrings = .english
  ) -> Result<String, DataDirectoryProblem> {
    do {
      return .success(
        try DataDirectory.resolve(
          environment: environment, currentDirectory: FileManager.default.currentDirectoryPath
        ).path)
    } catch {
      let home = environment["HOME"] ?? ""
      return .failure(
        DataDirectoryProblem(
          message: strings.noDataDirectory(homeIsSet: !home.isEmpty)))
    }
  }

  /// Why no data directory could be chosen: one line for stderr, without the `hotel:` prefix.
  struct DataDirectoryProblem: Error, Equatable {
    /// The line.
    var message: String
  }

  // MARK: - Helpers

  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// A user's value as it may appear in a message: shortened (``Console/error(_:)`` neutralises
  /// it).
  static func shown(_ value: String) -> String {
    value.count > 60 ? String(value.prefix(57)) + "..." : value
  }

  /// `; did you mean 'x'?` when one candidate is close to `word`, else nothing.
  static func suggestion(
    _ word: String, _ candidates: [String], strings: CLIStrings = .english
  ) -> String {
    // The distance is at least the difference in length, so a candidate that differs by more
    // than the limit is not compared (a 3 MB word costs one count, not an edit-distance table).
    let limit = max(1, word.count / 3)
    let lowered = word.count > 200 ? "" : word.lowercased()
    let best = candidates.filter { !lowered.isEmpty && abs($0.count - word.count) <= limit }
      .map { ($0, EditDistance.between(lowered, $0)) }
      .min { $0.1 < $1.1 }
    guard let best, best.1 <= limit else { return "" }
    return strings.didYouMean(best.0)
  }
}

import Domain
import Foundation

/// Parses `hotel`'s arguments by hand (no packages): commands, options (`--name value` or
/// `--name=value`), `--help` for the tool and each command, `--version`, and the environment
/// (`HOTEL_API_URL`, `HOTEL_DATA_DIR`, `XDG_DATA_HOME`, `HOME`).
///
/// Every problem is a ``UsageError`` naming the flag and the value.
struct ArgumentParser: Sendable {
  /// The process environment.
  var environment: [String: String]

  /// Creates a parser reading `environment`.
  init(environment: [String: String]) { self.environment = environment }

  /// Parses `arguments` (without the program name).
  func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommandLine {
    var command: String?
    var positionals: [String] = []
    var values: [(spec: OptionSpec, value: String?)] = []
    var wantsHelp = false
    var wantsVersion = false
    var optionsEnded = false
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        if command == nil, !optionsEnded {
          guard Self.commands.contains(argument) else {
            if argument == "-" || argument.contains("/") || argument.hasSuffix(".hotel") {
              throw UsageError(
                "unknown command '\(argument)'; to replay a script: hotel replay FILE")
            }
            throw UsageError(
              "unknown command '\(argument)'\(Self.suggestion(argument, Self.commands))")
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
        throw UsageError("unknown option '\(name)'\(Self.suggestion(name, known))")
      }
      if let valueName = spec.valueName {
        if let inlineValue {
          values.append((spec, inlineValue))
        } else if index < arguments.count, !arguments[index].hasPrefix("--") {
          values.append((spec, arguments[index]))
          index += 1
        } else {
          throw UsageError("\(name) needs a value (\(valueName))")
        }
      } else {
        if inlineValue != nil { throw UsageError("\(name) takes no value") }
        values.append((spec, nil))
      }
    }

    let commandName = command ?? "run"
    if commandName == "help" {
      guard positionals.count <= 1 else {
        throw UsageError("unexpected argument '\(positionals[1])'")
      }
      guard let topic = positionals.first else { return .help(HelpText.tool) }
      guard let text = HelpText.command(topic) else {
        throw UsageError("no help for '\(topic)'; commands: run, replay, serve, orders")
      }
      return .help(text)
    }
    if wantsHelp {
      return .help(command.flatMap(HelpText.command) ?? HelpText.tool)
    }
    if wantsVersion { return .version }

    let resolvedCommand = try Self.command(commandName, positionals: positionals)
    var options = Options()
    var apiGiven = false
    var dataDirectoryGiven = false
    for (spec, value) in values {
      guard spec.commands.contains(commandName) else {
        throw UsageError("\(spec.name) does not apply to '\(commandName)'")
      }
      try Self.apply(spec, value ?? "", to: &options)
      apiGiven = apiGiven || spec.name == "--api"
      dataDirectoryGiven = dataDirectoryGiven || spec.name == "--data-dir"
    }
    if !apiGiven, commandName == "run" || commandName == "replay",
      let fromEnvironment = environment["HOTEL_API_URL"], !fromEnvironment.isEmpty
    {
      options.apiURL = try Self.apiURL(fromEnvironment, source: "HOTEL_API_URL")
    }
    if !dataDirectoryGiven, commandName != "serve" {
      options.dataDirectory = try defaultDataDirectory()
    }
    return .invoke(Invocation(command: resolvedCommand, options: options))
  }

  // MARK: - Commands

  /// The command names (`help` included).
  static let commands = ["run", "replay", "serve", "orders", "help"]

  private static func command(
    _ name: String, positionals: [String]
  ) throws(UsageError)
    -> Command
  {
    if name == "replay" {
      guard let source = positionals.first else {
        throw UsageError("replay needs a script: hotel replay FILE (or - for standard input)")
      }
      guard positionals.count == 1 else {
        throw UsageError("unexpected argument '\(positionals[1])'")
      }
      guard !source.isEmpty else { throw UsageError("replay: the script path is empty") }
      return .replay(source == "-" ? .standardInput : .file(source))
    }
    if let extra = positionals.first { throw UsageError("unexpected argument '\(extra)'") }
    switch name {
    case "serve": return .serve
    case "orders": return .orders
    default: return .run
    }
  }

  // MARK: - Values

  private static func apply(
    _ spec: OptionSpec, _ value: String, to options: inout Options
  )
    throws(UsageError)
  {
    switch spec.name {
    case "--api": options.apiURL = try apiURL(value, source: "--api")
    case "--data-dir":
      guard !value.isEmpty else { throw UsageError("--data-dir: the directory is empty") }
      options.dataDirectory = value
    case "--lang":
      guard let language = Language(rawValue: value) else {
        throw UsageError("--lang: '\(shown(value))' is not a supported language (en, ru)")
      }
      options.language = language
    case "--today": options.today = try today(value)
    case "--fresh": options.fresh = true
    case "--color":
      guard let mode = ColorMode(rawValue: value) else {
        throw UsageError("--color: '\(shown(value))' is not one of auto, always, never")
      }
      options.color = mode
    case "--json": options.json = true
    case "--keep-going": options.keepGoing = true
    case "--line": options.line = true
    case "--record":
      guard !value.isEmpty else { throw UsageError("--record: the file name is empty") }
      options.recordPath = value
    case "--timeout":
      guard let seconds = Double(value), seconds.isFinite else {
        throw UsageError("--timeout: '\(shown(value))' is not a number of seconds")
      }
      guard seconds >= 1, seconds <= 600 else {
        throw UsageError("--timeout: \(shown(value)) is outside 1...600 seconds")
      }
      options.timeoutSeconds = seconds
    case "--port": options.serve.port = try integer(value, spec.name, in: 0...65_535)
    case "--latency-ms":
      options.serve.latencyMilliseconds = try integer(value, spec.name, in: 0...600_000)
    case "--fail-first":
      options.serve.failFirst = try integer(value, spec.name, in: 0...1_000_000)
    case "--malformed": options.serve.malformedPaths.append(try path(value, spec.name))
    case "--drop": options.serve.dropPaths.append(try path(value, spec.name))
    default: throw UsageError("unknown option '\(spec.name)'")
    }
  }

  /// Validates an API base URL: `https://`, or `http://` for loopback hosts only.
  static func apiURL(_ text: String, source: String) throws(UsageError) -> URL {
    guard let components = URLComponents(string: text),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = components.host, !host.isEmpty, let url = components.url
    else {
      throw UsageError("\(source): '\(shown(text))' is not an http:// or https:// URL")
    }
    if scheme == "http", !isLoopback(host) {
      throw UsageError(
        "\(source): http:// is allowed only for loopback hosts; use https://\(shown(host))")
    }
    return url
  }

  /// Whether `host` names this machine (`localhost`, `127.x.x.x`, `::1`).
  static func isLoopback(_ host: String) -> Bool {
    let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
    if bare == "localhost" || bare == "::1" { return true }
    let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127"
      && parts.allSatisfy { part in UInt8(part).map { _ in true } ?? false }
  }

  private static func today(_ text: String) throws(UsageError) -> CalendarDate {
    let digits = text.split(separator: "-", omittingEmptySubsequences: false)
    guard digits.map(\.count) == [4, 2, 2],
      digits.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else {
      throw UsageError("--today: '\(shown(text))' is not a date in the form YYYY-MM-DD")
    }
    do {
      return try CalendarDate(parsing: text)
    } catch {
      throw UsageError("--today: '\(shown(text))' is not a real date")
    }
  }

  private static func integer(
    _ text: String, _ name: String, in range: ClosedRange<Int>
  )
    throws(UsageError) -> Int
  {
    guard let value = Int(text) else {
      throw UsageError("\(name): '\(shown(text))' is not a whole number")
    }
    guard range.contains(value) else {
      throw UsageError("\(name): \(value) is outside \(range.lowerBound)...\(range.upperBound)")
    }
    return value
  }

  private static func path(_ text: String, _ name: String) throws(UsageError) -> String {
    guard text.hasPrefix("/") else {
      throw UsageError("\(name): '\(shown(text))' is not a path (paths start with /, e.g. /rooms)")
    }
    return text
  }

  // MARK: - Data directory

  /// `HOTEL_DATA_DIR`, else `$XDG_DATA_HOME/hotel`, else `~/.local/share/hotel` (SPEC section 7).
  func defaultDataDirectory() throws(UsageError) -> String {
    if let directory = environment["HOTEL_DATA_DIR"], !directory.isEmpty { return directory }
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/hotel" }
    if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/share/hotel" }
    throw UsageError("no data directory: give --data-dir DIR or set HOTEL_DATA_DIR")
  }

  // MARK: - Helpers

  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// A user's value as it may appear in a message: control characters neutralised, shortened.
  static func shown(_ value: String) -> String {
    let safe = TerminalText.neutralized(value)
    return safe.count > 60 ? String(safe.prefix(57)) + "..." : safe
  }

  /// `; did you mean 'x'?` when one candidate is close to `word`, else nothing.
  static func suggestion(_ word: String, _ candidates: [String]) -> String {
    let best = candidates.map { ($0, EditDistance.between(word.lowercased(), $0)) }
      .min { $0.1 < $1.1 }
    guard let best, best.1 <= max(1, word.count / 3) else { return "" }
    return "; did you mean '\(best.0)'?"
  }
}

import Foundation
import Synchronization

/// The `hotel` program: parses the command line and runs the command.
enum HotelApp {
  /// Runs `hotel` with `arguments` (without the program name) and returns the exit code; when
  /// standard output could not be written (closed at start, or a full disk), the code is 1 at
  /// least and standard error says why in one line.
  ///
  /// A reader that went away (`hotel test dir | head -1`: `EPIPE`) is not a failure of `hotel`,
  /// as for git and ripgrep: the command still runs to its end (a suite's JUnit report is
  /// complete), the exit code is the command's own (0 when the suite passed, so a `pipefail`
  /// pipeline does not fail a passing suite), and nothing is said.
  static func main(
    arguments: [String], environment: [String: String], console: Console = .live
  ) async -> ExitCode {
    if Platform.reserveStandardDescriptors().contains(1) {
      Console.outputFailure.withLock { $0 = Platform.SystemError.badDescriptor }
    }
    let code = await run(arguments: arguments, environment: environment, console: console)
    guard let failure = Console.outputFailure.withLock({ $0 }),
      failure != Platform.SystemError.brokenPipe
    else { return code }
    console.error(CLIStrings.requested(in: arguments).couldNotWriteOutput(code: failure))
    return code == .success ? .failure : code
  }

  private static func run(
    arguments: [String], environment: [String: String], console: Console
  ) async -> ExitCode {
    Platform.ignoreBrokenPipes()
    let parsed: ParsedCommandLine
    do {
      parsed = try ArgumentParser(environment: environment).parse(arguments)
    } catch {
      console.err(error.line + "\n")
      return .usage
    }
    switch parsed {
    case .help(let text):
      console.line(text)
      return .success
    case .version:
      console.line(HelpText.version)
      return .success
    case .invoke(let invocation):
      // Raised once, here; `hotel test` sizes `--jobs` by the limit now in force.
      let descriptorLimit = Platform.raiseDescriptorLimit()
      if let limit = descriptorLimit, limit < minimumOpenFiles {
        console.error(
          CLIStrings.requested(in: arguments).tooFewOpenFiles(limit, needed: minimumOpenFiles))
        return .environment
      }
      return await run(
        invocation, environment: environment, console: console, arguments: arguments,
        descriptorLimit: descriptorLimit)
    }
  }

  /// The open files (`ulimit -n`) `hotel` needs: with fewer, a request, the lock or an order's
  /// file fails at random, and libdispatch traps (SIGILL) or hangs when it cannot open one.
  static let minimumOpenFiles = 64

  /// Every environment variable `hotel` reads: those of `hotel --help`, and `XDG_DATA_HOME`,
  /// `HOME`, `TERM` and `TMPDIR`, read as every command line tool reads them, and those that start
  /// with ``ScriptVariables/environmentPrefix``.
  ///
  /// A new one must be added here.
  static let environmentVariables = [
    "HOTEL_API_URL", "HOTEL_DATA_DIR", "XDG_DATA_HOME", "XDG_CACHE_HOME", "HOME", "NO_COLOR",
    "TERM", "TMPDIR",
  ]

  /// The set ones of ``environmentVariables`` (read one by one: `ProcessInfo`'s whole
  /// environment as a dictionary took 0.4 ms of start-up) and the script variables
  /// (`HOTEL_VAR_NAME`).
  static func processEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    for name in environmentVariables {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    for (name, value) in Platform.environment(withPrefix: ScriptVariables.environmentPrefix) {
      environment[name] = value
    }
    return environment
  }

  private static func run(
    _ invocation: Invocation, environment: [String: String], console: Console,
    arguments: [String], descriptorLimit: Int?
  ) async -> ExitCode {
    let options = invocation.options
    if let problem = options.dataDirectoryProblem {
      console.error(problem)
      return .environment
    }
    switch invocation.command {
    case .serve:
      return await ServeCommand.run(
        options.serve, console: console, strings: CLIStrings(language: options.language))
    case .orders:
      return await OrdersCommand.run(options, console: console, environment: environment)
    case .replay(let source):
      let lines: [ScriptLine]
      do {
        lines = try ScriptLoader.load(
          source, standardInput: .standardInput, strings: CLIStrings(language: options.language),
          variables: ScriptVariables(values: options.variables, environment: environment))
      } catch {
        for message in error.messages { console.error(message) }
        return .usage
      }
      // Hermetic without `--data-dir`: its data in memory, Foundation's own folders in a
      // temporary one (made after the script is read, so a signal while it is read leaves
      // nothing).
      let hermetic: HermeticFolder?
      do {
        hermetic = try HermeticFolder.forHermeticRun(options, environment: environment)
      } catch {
        console.error(error.message)
        return .environment
      }
      defer { hermetic?.remove() }
      // The HTTP transport is made while the session starts.
      let transport = FlowSession.makeTransport(for: options)
      return await FlowCommand.replay(
        lines, source: source, options: options, environment: environment, console: console,
        transport: transport, storage: hermetic == nil ? .dataDirectory() : .memory)
    case .formCheck(let path):
      return FormCheckCommand.run(
        path, console: console, strings: CLIStrings(language: options.language))
    case .test(let paths):
      return await SuiteCommand.run(
        paths, options: options, environment: environment, console: console,
        descriptorLimit: descriptorLimit)
    case .run:
      return await FlowCommand.interactive(
        options: options, environment: environment, console: console,
        transport: FlowSession.makeTransport(for: options), arguments: arguments)
    }
  }
}
